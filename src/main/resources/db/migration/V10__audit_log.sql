-- Who changed a merchant's settings or rotated its secrets, from where, and when. Never a secret value:
-- "what" names the fields changed (webhook_url,locale) or the secret rotated, not what they became.
-- actor: the merchant's id (API), "admin", or "portal:<merchant id>"; source_address: the caller's IP address.
CREATE TABLE audit_log (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    merchant_id uuid NOT NULL REFERENCES merchants (id),
    actor text NOT NULL,
    source_address text NOT NULL,
    action text NOT NULL,
    what text NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
);

-- one merchant's entries, newest first, paged by id
CREATE INDEX audit_log_merchant ON audit_log (merchant_id, id DESC);
