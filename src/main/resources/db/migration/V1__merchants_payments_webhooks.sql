-- Merchants: secret keys are stored only as SHA-256 hashes (they are 256-bit random, so a slow hash adds nothing).
CREATE TABLE merchants (
    id              uuid PRIMARY KEY,
    name            text        NOT NULL,
    status          text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    secret_hash     bytea       NOT NULL,
    webhook_secret  text        NOT NULL,
    webhook_url     text,
    return_url      text,
    fee_percent     numeric(7, 2)  NOT NULL CHECK (fee_percent >= 0 AND fee_percent <= 100),
    fee_fixed       numeric(14, 2) NOT NULL CHECK (fee_fixed >= 0),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
    id                       uuid PRIMARY KEY,
    merchant_id              uuid        NOT NULL REFERENCES merchants (id),
    reference_id             text,
    amount                   numeric(14, 2) NOT NULL CHECK (amount > 0),
    fees                     numeric(14, 2) NOT NULL CHECK (fees >= 0),
    net_amount               numeric(14, 2) NOT NULL CHECK (net_amount >= 0),
    currency                 text        NOT NULL DEFAULT 'HTG',
    payment_method           text        NOT NULL DEFAULT 'wallet',
    status                   text        NOT NULL DEFAULT 'pending'
                             CHECK (status IN ('pending', 'completed', 'failed', 'cancelled', 'expired')),
    customer_name            text,
    customer_email           text,
    description              text,
    checkout_token           text        NOT NULL UNIQUE,
    provider_token           text,
    provider_transaction_id  text,
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    completed_at             timestamptz,
    expires_at               timestamptz NOT NULL,
    CHECK (net_amount = amount - fees OR status <> 'completed')
);

CREATE INDEX payments_merchant_newest ON payments (merchant_id, created_at DESC, id DESC);
CREATE INDEX payments_merchant_reference ON payments (merchant_id, reference_id);
CREATE INDEX payments_pending_expiry ON payments (expires_at) WHERE status = 'pending';

-- One row per (merchant, Idempotency-Key). The primary key decides races: the first insert wins.
CREATE TABLE idempotency_keys (
    merchant_id      uuid        NOT NULL REFERENCES merchants (id),
    idempotency_key  text        NOT NULL,
    request_hash     bytea       NOT NULL,
    response_status  integer,
    response_body    text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    expires_at       timestamptz NOT NULL,
    PRIMARY KEY (merchant_id, idempotency_key)
);

CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- The webhook outbox: a row per event, written in the transaction that changed the payment. The body is built
-- once, so every attempt sends the same bytes; the id is the X-Service-Delivery header.
CREATE TABLE webhook_deliveries (
    id               uuid PRIMARY KEY,
    merchant_id      uuid        NOT NULL REFERENCES merchants (id),
    payment_id       uuid        NOT NULL REFERENCES payments (id),
    event            text        NOT NULL,
    body             text        NOT NULL,
    status           text        NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempts         integer     NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    lease_until      timestamptz,
    last_status_code integer,
    last_error       text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    delivered_at     timestamptz
);

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_merchant_newest ON webhook_deliveries (merchant_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_payment ON webhook_deliveries (payment_id);

CREATE TABLE webhook_attempts (
    id               bigserial PRIMARY KEY,
    delivery_id      uuid        NOT NULL REFERENCES webhook_deliveries (id),
    attempted_at     timestamptz NOT NULL DEFAULT now(),
    status_code      integer,
    duration_ms      integer     NOT NULL,
    error_kind       text,
    response_excerpt text
);

CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempted_at);
