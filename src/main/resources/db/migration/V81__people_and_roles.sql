-- The portal signs in people, never the API secret key. A person belongs to one merchant with one role; their
-- e-mail is their sign-in name, so it is unique across the service. Passwords are kept as Argon2id hashes; the
-- TOTP secret is set when the person enrols the second factor, and the last time step used is kept so a code
-- cannot be used twice.
CREATE TABLE people (
    id             uuid        PRIMARY KEY,
    merchant_id    uuid        NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
    email          text        NOT NULL UNIQUE CHECK (email = lower(email)),
    name           text        NOT NULL,
    role           text        NOT NULL CHECK (role IN ('owner', 'manager', 'cashier', 'developer', 'viewer')),
    password_hash  text        NOT NULL,
    totp_secret    bytea,
    totp_last_step bigint      NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX people_by_merchant ON people (merchant_id, created_at, id);

-- An invitation is a link to copy or e-mail: single use, 72 hours. Only the SHA-256 of its token is kept.
CREATE TABLE invitations (
    id          uuid        PRIMARY KEY,
    merchant_id uuid        NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
    email       text        NOT NULL CHECK (email = lower(email)),
    role        text        NOT NULL CHECK (role IN ('owner', 'manager', 'cashier', 'developer', 'viewer')),
    invited_by  text        NOT NULL,
    token_hash  bytea       NOT NULL UNIQUE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    revoked_at  timestamptz
);

CREATE INDEX invitations_by_merchant ON invitations (merchant_id, created_at DESC);

-- Ten recovery codes per person, shown once at enrolment, each good once; kept as SHA-256.
CREATE TABLE recovery_codes (
    person_id uuid        NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    code_hash bytea       NOT NULL,
    used_at   timestamptz,
    PRIMARY KEY (person_id, code_hash)
);

-- A session now belongs to a person. Sessions opened with the secret key end here: their people sign in again.
-- A session is first 'code' (password right, second factor asked) or 'enrol' (password right, second factor to set
-- up), and 'in' once the person is through; only an 'in' session opens the portal's pages.
DELETE FROM portal_sessions;
ALTER TABLE portal_sessions
    ADD COLUMN person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    ADD COLUMN stage     text NOT NULL DEFAULT 'in' CHECK (stage IN ('code', 'enrol', 'in'));

CREATE INDEX portal_sessions_by_person ON portal_sessions (person_id);

-- Rotating the secret key no longer ends portal sessions: the key does not open the portal.
ALTER TABLE portal_sessions DROP COLUMN key_version;
