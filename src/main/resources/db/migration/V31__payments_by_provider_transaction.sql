-- The customer's return and the provider's Alert URL name a payment by MonCash's transaction id. One already
-- recorded on a payment is answered from that record, without asking MonCash again: this index finds it, and only
-- payments that have one are in it.
CREATE INDEX payments_provider_transaction ON payments (provider_transaction_id)
    WHERE provider_transaction_id IS NOT NULL;
