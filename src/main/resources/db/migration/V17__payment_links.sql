-- Payment links that last: one link (and its QR code) takes many payments, each carrying payment_link_id.
CREATE TABLE payment_links (
    id              uuid           PRIMARY KEY,
    merchant_id     uuid           NOT NULL REFERENCES merchants (id),
    code            text           NOT NULL UNIQUE,
    amount          numeric(14, 2) CHECK (amount > 0),
    min_amount      numeric(14, 2) CHECK (min_amount > 0),
    description     text           NOT NULL,
    reference_id    text,
    expires_at      timestamptz,
    max_payments    integer        CHECK (max_payments > 0),
    active          boolean        NOT NULL DEFAULT true,
    created_at      timestamptz    NOT NULL,
    deactivated_at  timestamptz,
    -- a fixed amount, or a floor for the amount the customer types
    CHECK ((amount IS NULL) <> (min_amount IS NULL))
);

CREATE INDEX payment_links_merchant_newest ON payment_links (merchant_id, created_at DESC, id DESC);

ALTER TABLE payments ADD COLUMN payment_link_id uuid REFERENCES payment_links (id);

-- a link's payments: counted against max_payments and summed for amount_collected
CREATE INDEX payments_link ON payments (payment_link_id, status) WHERE payment_link_id IS NOT NULL;
