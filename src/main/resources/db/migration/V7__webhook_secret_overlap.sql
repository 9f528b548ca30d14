-- Rotating the webhook secret keeps the previous one signing (webhook-signature carries both) until
-- previous_webhook_secret_until, so a merchant can switch verifiers without losing a webhook.
ALTER TABLE merchants
    ADD COLUMN previous_webhook_secret       text,
    ADD COLUMN previous_webhook_secret_until timestamptz;
