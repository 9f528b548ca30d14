-- Test mode. Each merchant has a test twin: a row of its own in merchants, naming its live merchant in
-- live_merchant_id. Everything the service keeps is keyed by merchant id, so a twin's payments, refunds, payouts,
-- links, events, deliveries, ledger, totals, webhook endpoints and settings are apart from the live merchant's by
-- construction. The twin has its own secret key (sk_test_…) and webhook secret.
ALTER TABLE merchants ADD COLUMN live_merchant_id uuid UNIQUE REFERENCES merchants (id);

-- What answers and webhooks say (livemode), and what the books leave out: kept on the row so a webhook body, made
-- inside the statement that changes the payment or transfer, needs no look-up.
ALTER TABLE payments ADD COLUMN livemode boolean NOT NULL DEFAULT true;
ALTER TABLE transfers ADD COLUMN livemode boolean NOT NULL DEFAULT true;

-- A twin for every merchant there is. Nobody knows its secret key (a hash of random bytes): the owner rotates the
-- test key once to get one.
INSERT INTO merchants (id, name, status, secret_hash, webhook_secret, fee_percent, fee_fixed, locale,
                       live_merchant_id, created_at, updated_at)
SELECT gen_random_uuid(), m.name, m.status, sha256(convert_to(gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')),
       'whsec_' || encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'base64'),
       m.fee_percent, m.fee_fixed, m.locale, m.id, m.created_at, now()
FROM merchants m WHERE m.live_merchant_id IS NULL;

-- What the operator decides for a merchant holds in both modes: its name, whether it is active, its fees and its
-- customers' language follow the live row into the twin, in the statement that changes the live row.
CREATE FUNCTION merchants_twin_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE merchants t SET name = NEW.name, status = NEW.status, fee_percent = NEW.fee_percent,
                           fee_fixed = NEW.fee_fixed, locale = NEW.locale, updated_at = now()
    WHERE t.live_merchant_id = NEW.id
      AND (t.name, t.status, t.fee_percent, t.fee_fixed, t.locale)
          IS DISTINCT FROM (NEW.name, NEW.status, NEW.fee_percent, NEW.fee_fixed, NEW.locale);
    RETURN NULL;
END
$$;

CREATE TRIGGER merchants_twin_follows
    AFTER UPDATE OF name, status, fee_percent, fee_fixed, locale ON merchants
    FOR EACH ROW WHEN (NEW.live_merchant_id IS NULL) EXECUTE FUNCTION merchants_twin_follows();

-- The portal acts on the live merchant or on its twin, as the session's switch says.
ALTER TABLE portal_sessions ADD COLUMN livemode boolean NOT NULL DEFAULT true;
