-- A decline is an attempt. With the live wallet provider every try is a provider payment of its own, known there by
-- its own order id: the payment id for the first try, then the payment id with the try's number ("…-2"). Each try
-- opened after a decline, and each try's outcome at the provider, is kept here; the payment stays one row, whose
-- declines column counts the declined tries.
CREATE TABLE provider_orders (
    payment_id     uuid NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
    attempt        integer NOT NULL CHECK (attempt BETWEEN 1 AND 99),
    order_id       text NOT NULL UNIQUE,
    redirect_url   text,
    opened_at      timestamptz,
    outcome        text CHECK (outcome IN ('declined', 'paid')),
    transaction_id text,
    reason         text,
    decided_at     timestamptz,
    PRIMARY KEY (payment_id, attempt)
);
