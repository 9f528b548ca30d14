-- Which request holds an Idempotency-Key: only that request may answer or release it, so a request that a
-- takeover or a release overtook rolls its payment back instead of creating a second one.
ALTER TABLE idempotency_keys ADD COLUMN claim_id uuid;

-- Never written: the live provider's payment token is the checkout_token.
ALTER TABLE payments DROP COLUMN provider_token;
