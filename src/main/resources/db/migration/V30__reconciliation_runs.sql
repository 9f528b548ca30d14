-- The books. Every payment lands in one MonCash business account and every refund and payout leaves it, so the
-- account should hold money.opening_balance + completed payments' amounts - succeeded transfers. Each comparison of
-- that figure with the balance MonCash reports is kept, with the pending transfers that may explain a difference
-- until they settle: transfers in flight (pending) and in review (pending, held for an operator).
CREATE TABLE reconciliation_runs (
    id                  uuid PRIMARY KEY,
    ran_at              timestamptz    NOT NULL DEFAULT now(),
    trigger             text           NOT NULL CHECK (trigger IN ('schedule', 'operator')),
    opening_balance     numeric(18, 2) NOT NULL,
    completed_payments  numeric(18, 2) NOT NULL,
    succeeded_transfers numeric(18, 2) NOT NULL,
    expected            numeric(18, 2) NOT NULL,
    -- what MonCash reported; null when it does not say (sandbox) or could not be asked (error says why)
    reported            numeric(18, 2),
    drift               numeric(18, 2),
    in_flight_count     integer        NOT NULL CHECK (in_flight_count >= 0),
    in_flight_amount    numeric(18, 2) NOT NULL,
    in_review_count     integer        NOT NULL CHECK (in_review_count >= 0),
    in_review_amount    numeric(18, 2) NOT NULL,
    error               text,
    CHECK ((reported IS NULL) = (drift IS NULL)),
    CHECK (error IS NULL OR reported IS NULL)
);

CREATE INDEX reconciliation_runs_newest ON reconciliation_runs (ran_at DESC, id DESC);
