-- Money out. walletpay collects into one wallet account for all its merchants, so it owes each merchant the net of
-- their completed payments, less what went back out: refunds to customers and payouts to the merchant.

-- Where a merchant's payouts go (a MonCash number, 509XXXXXXXX).
ALTER TABLE merchants ADD COLUMN payout_phone text;

-- The ledger: append-only. A completed payment credits its net amount; a refund or payout debits its amount from
-- the moment it is asked for; one that fails is given back by a new reversing entry, never by changing a row.
-- A merchant's available balance is the sum of their entries.
CREATE TABLE ledger_entries (
    id          bigserial PRIMARY KEY,
    merchant_id uuid           NOT NULL REFERENCES merchants (id),
    kind        text           NOT NULL
                CHECK (kind IN ('payment', 'refund', 'payout', 'refund_reversal', 'payout_reversal')),
    source_id   uuid           NOT NULL,
    amount      numeric(14, 2) NOT NULL CHECK (amount <> 0),
    created_at  timestamptz    NOT NULL DEFAULT now(),
    UNIQUE (kind, source_id)
);

CREATE INDEX ledger_entries_merchant ON ledger_entries (merchant_id);

-- A payment credits the ledger in the statement that completes it, whichever path completed it.
CREATE FUNCTION ledger_credit_completed_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO ledger_entries (merchant_id, kind, source_id, amount, created_at)
    SELECT NEW.merchant_id, 'payment', NEW.id, NEW.net_amount, coalesce(NEW.completed_at, now())
    WHERE NEW.net_amount > 0
    ON CONFLICT (kind, source_id) DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER payments_credit_ledger AFTER UPDATE OF status ON payments
    FOR EACH ROW WHEN (NEW.status = 'completed' AND OLD.status IS DISTINCT FROM 'completed')
    EXECUTE FUNCTION ledger_credit_completed_payment();

INSERT INTO ledger_entries (merchant_id, kind, source_id, amount, created_at)
SELECT merchant_id, 'payment', id, net_amount, coalesce(completed_at, updated_at)
FROM payments WHERE status = 'completed' AND net_amount > 0;

-- Refunds and payouts are transfers from the wallet account: a refund to the customer who paid, a payout to the
-- merchant's payout number. Each is also the job of making that transfer at the provider: attempts are leased
-- (lease_until) so one node works on it at a time, and retried with back-off (next_attempt_at). Its id is the
-- reference the provider knows the transfer by, so a transfer whose answer was lost is looked up, never repeated.
CREATE TABLE transfers (
    id                      uuid PRIMARY KEY,
    kind                    text           NOT NULL CHECK (kind IN ('refund', 'payout')),
    merchant_id             uuid           NOT NULL REFERENCES merchants (id),
    payment_id              uuid           REFERENCES payments (id),
    amount                  numeric(14, 2) NOT NULL CHECK (amount > 0),
    receiver                text           NOT NULL,
    reason                  text,
    status                  text           NOT NULL DEFAULT 'pending'
                            CHECK (status IN ('pending', 'succeeded', 'failed')),
    failure_reason          text,
    provider_transaction_id text,
    idempotency_key         text,
    request_hash            bytea,
    attempts                integer        NOT NULL DEFAULT 0,
    next_attempt_at         timestamptz    NOT NULL DEFAULT now(),
    lease_until             timestamptz,
    last_error              text,
    created_at              timestamptz    NOT NULL DEFAULT now(),
    updated_at              timestamptz    NOT NULL DEFAULT now(),
    CHECK ((kind = 'refund') = (payment_id IS NOT NULL)),
    UNIQUE (merchant_id, kind, idempotency_key)
);

CREATE INDEX transfers_due ON transfers (next_attempt_at) WHERE status = 'pending';
CREATE INDEX transfers_payment ON transfers (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX transfers_merchant_newest ON transfers (merchant_id, kind, created_at DESC, id DESC);

-- Refund and payout webhooks travel through the same outbox as payment webhooks; a payout belongs to no payment.
ALTER TABLE webhook_deliveries ALTER COLUMN payment_id DROP NOT NULL;

-- What has gone back to the customer of a payment: its refunds that have not failed. Kept on the payment, changed
-- in the transactions that ask for a refund or record its failure, so reading a payment needs no sum.
ALTER TABLE payments ADD COLUMN amount_refunded numeric(14, 2) NOT NULL DEFAULT 0
    CHECK (amount_refunded >= 0 AND amount_refunded <= amount);
