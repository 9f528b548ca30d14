-- Rotating a merchant's secret key bumps this version; tokens carry the version they were issued under, and the
-- guard refuses a token of an older one. Tokens issued before this column existed carry none and count as 0.
ALTER TABLE merchants ADD COLUMN secret_key_version integer NOT NULL DEFAULT 0;
