-- What the live wallet provider (MonCash) reported about a payment, kept for the merchant and for reconciliation:
-- who paid (stored whole, shown masked), why a confirmed decline failed, and whether a person must look at it
-- because the provider reported a different amount or order than the payment's.
ALTER TABLE payments ADD COLUMN payer text;
ALTER TABLE payments ADD COLUMN failure_reason text;
ALTER TABLE payments ADD COLUMN needs_review boolean NOT NULL DEFAULT false;
ALTER TABLE payments ADD COLUMN review_reason text;

-- The settlement report reads one merchant's completed payments of one local day.
CREATE INDEX payments_settlement ON payments (merchant_id, completed_at) WHERE status = 'completed';
