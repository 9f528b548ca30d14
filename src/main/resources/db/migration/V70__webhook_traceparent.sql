-- The W3C traceparent of the request that caused a webhook, when tracing was on: every attempt, the first and any
-- retried later from this row, carries a traceparent of that same trace.
ALTER TABLE webhook_deliveries ADD COLUMN traceparent text;
