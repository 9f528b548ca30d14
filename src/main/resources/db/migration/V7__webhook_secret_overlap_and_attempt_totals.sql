-- Rotating the webhook secret keeps the previous one signing (webhook-signature carries both) until
-- previous_webhook_secret_until, so a merchant can switch verifiers without losing a webhook.
ALTER TABLE merchants
    ADD COLUMN previous_webhook_secret       text,
    ADD COLUMN previous_webhook_secret_until timestamptz;

-- Attempt numbers continue across redeliveries: attempts is the total ever made; schedule_from is the count when
-- the current retry schedule started (a redeliver sets it), so the schedule restarts while the count does not.
ALTER TABLE webhook_deliveries
    ADD COLUMN schedule_from integer NOT NULL DEFAULT 0;
