-- Portal sessions live here, so logging out ends a session everywhere and a copied cookie dies with it. The cookie
-- carries a random id; only its SHA-256 is stored, so reading this table gives nobody a session.
CREATE TABLE portal_sessions (
    id_hash        bytea PRIMARY KEY,
    merchant_id    uuid NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
    key_version    integer NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_seen_at   timestamptz NOT NULL DEFAULT now(),
    source_address text NOT NULL,
    user_agent     text
);

CREATE INDEX portal_sessions_by_merchant ON portal_sessions (merchant_id, last_seen_at DESC);
