-- Restricted API keys: beside the merchant's secret key (which stays the full credential), keys that can get a
-- token for a narrower scope only. The key itself is shown once; only its SHA-256 is kept (it is 256 random bits, so
-- a fast hash is as strong as a slow one), with its first characters to tell keys apart in a list. A revoked key
-- stays listed with when it was revoked and can get no token.
CREATE TABLE api_keys (
    id          uuid        PRIMARY KEY,
    merchant_id uuid        NOT NULL REFERENCES merchants (id),
    scope       text        NOT NULL CHECK (scope IN ('read_only', 'payments')),
    description text,
    key_hash    bytea       NOT NULL UNIQUE,
    key_prefix  text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);

CREATE INDEX api_keys_by_merchant ON api_keys (merchant_id, created_at, id);
