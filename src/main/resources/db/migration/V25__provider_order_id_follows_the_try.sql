-- A try's order id follows from its key: the payment id, with the try's number after the first ("…-2"). The
-- check says so, and the primary key alone keeps order ids unique. A unique index of their own made recording a
-- try race with itself: when the provider's notification and the customer's return (or two notifications)
-- record the same new try at once, the second insert could meet the first on that index rather than on the
-- primary key, where ON CONFLICT would have turned it into an update, and fail.
ALTER TABLE provider_orders DROP CONSTRAINT provider_orders_order_id_key;

ALTER TABLE provider_orders ADD CONSTRAINT provider_orders_order_id_follows_the_try
    CHECK (order_id = CASE WHEN attempt = 1 THEN payment_id::text ELSE payment_id::text || '-' || attempt END);
