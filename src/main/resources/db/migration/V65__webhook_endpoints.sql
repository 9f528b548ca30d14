-- Webhook endpoints. The first endpoint is the merchant's own webhook_url, signed with the merchant's webhook secret
-- and sent every event, as before endpoints existed: it stays on the merchant row (its id and description beside it),
-- so the settings' webhook_url and the secret rotation keep working unchanged. Further endpoints, each with its own
-- secret and the event types it asked for, live in webhook_endpoints.

-- The first endpoint's id, given once the merchant has a webhook_url and kept from then on (clearing the URL removes
-- the endpoint from the list; setting a URL again brings it back under the same id, with its deliveries).
ALTER TABLE merchants
    ADD COLUMN webhook_endpoint_id          uuid,
    ADD COLUMN webhook_endpoint_description text;

UPDATE merchants SET webhook_endpoint_id = gen_random_uuid() WHERE webhook_url IS NOT NULL;

CREATE FUNCTION merchants_first_webhook_endpoint() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.webhook_url IS NOT NULL AND NEW.webhook_endpoint_id IS NULL THEN
        NEW.webhook_endpoint_id := gen_random_uuid();
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER merchants_first_webhook_endpoint
    BEFORE INSERT OR UPDATE OF webhook_url ON merchants
    FOR EACH ROW EXECUTE FUNCTION merchants_first_webhook_endpoint();

-- The endpoints after the first. enabled_events lists event types, or holds '*' alone for every type. The secret and
-- its predecessor follow the merchant's rule: the previous one still signs until previous_secret_until.
CREATE TABLE webhook_endpoints (
    id                    uuid        PRIMARY KEY,
    merchant_id           uuid        NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
    url                   text        NOT NULL,
    enabled_events        text[]      NOT NULL,
    description           text,
    secret                text        NOT NULL,
    previous_secret       text,
    previous_secret_until timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

-- the outbox reads a merchant's endpoints on every event: by merchant, in the order they were made
CREATE INDEX webhook_endpoints_merchant ON webhook_endpoints (merchant_id, created_at, id);

-- Which endpoint a delivery goes to: the first endpoint's id (or null, for deliveries made before endpoints existed
-- or while the merchant had no webhook_url: those go to the merchant's webhook_url too), or a further endpoint's.
-- An event sent to several endpoints is one row per endpoint; the rows after the event's own row name it in copy_of,
-- so the events list keeps one entry per event. No existing row is rewritten.
ALTER TABLE webhook_deliveries
    ADD COLUMN endpoint_id uuid,
    ADD COLUMN copy_of     uuid;
