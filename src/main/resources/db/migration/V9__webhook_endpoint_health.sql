-- Endpoint health: when the merchant's endpoint started failing without a success since (the first failed attempt
-- of the current run of failures), null while its last attempt succeeded. Once that is webhooks.failing_after_hours
-- ago the endpoint counts as failing (settings, metrics); deliveries keep queuing, nothing is dropped.
ALTER TABLE merchants
    ADD COLUMN webhook_failing_since timestamptz;

-- the metrics gauge counts failing endpoints every refresh: only the few merchants in a run of failures are indexed
CREATE INDEX merchants_webhook_failing_since ON merchants (webhook_failing_since)
    WHERE webhook_failing_since IS NOT NULL;
