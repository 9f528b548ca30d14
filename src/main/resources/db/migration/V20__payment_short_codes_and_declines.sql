-- A short code for every payment, one a customer can read to a shop over the phone: WP- and 8 Crockford base32
-- characters (no I, L, O or U). Codes come from one sequence through a fixed permutation of its 40-bit numbers (a
-- four-round Feistel network), so they are unique by construction, and consecutive payments do not get codes
-- that look consecutive. The service takes them from here in blocks (payment_short_codes below) so it can write
-- a payment's answer before its row exists; a row inserted without one takes the next from the same sequence.
CREATE SEQUENCE payment_short_code_numbers MINVALUE 0 START 0 MAXVALUE 1099511627775 NO CYCLE;

CREATE FUNCTION payment_short_code(n bigint) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    half_mask constant bigint := 1048575; -- 20 bits
    alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    l bigint := (n >> 20) & half_mask;
    r bigint := n & half_mask;
    t bigint;
    v bigint;
    code text := '';
BEGIN
    IF n < 0 OR n > 1099511627775 THEN
        RAISE EXCEPTION 'short code number % outside 40 bits', n;
    END IF;
    FOR round IN 1..4 LOOP
        t := r;
        r := l # (((r * 48271 + round * 7919) % 1048573) & half_mask);
        l := t;
    END LOOP;
    v := (l << 20) | r;
    FOR i IN 1..8 LOOP
        code := substr(alphabet, (v & 31)::int + 1, 1) || code;
        v := v >> 5;
    END LOOP;
    RETURN 'WP-' || code;
END
$$;

-- the next count codes, for the service to hand out
CREATE FUNCTION payment_short_codes(count integer) RETURNS SETOF text
    LANGUAGE sql VOLATILE AS $$
    SELECT payment_short_code(nextval('payment_short_code_numbers')) FROM generate_series(1, count)
$$;

ALTER TABLE payments ADD COLUMN short_code text;

UPDATE payments SET short_code = payment_short_code(nextval('payment_short_code_numbers'));

ALTER TABLE payments
    ALTER COLUMN short_code SET DEFAULT payment_short_code(nextval('payment_short_code_numbers')),
    ALTER COLUMN short_code SET NOT NULL;

CREATE UNIQUE INDEX payments_short_code ON payments (short_code);

-- A decline is an attempt: the payment stays pending, counting its declines, until it is paid, cancelled, expires,
-- or is declined too many times.
ALTER TABLE payments ADD COLUMN declines integer NOT NULL DEFAULT 0 CHECK (declines >= 0);
