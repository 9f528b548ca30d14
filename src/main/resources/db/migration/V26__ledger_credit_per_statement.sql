-- A completed payment credits the ledger in the statement that completes it, whichever path completed it, once per
-- statement: the service completes payments in batches (one UPDATE for every checkout decided at once), and one
-- INSERT writes the entries of every payment the statement moved to completed, from the rows it changed (its
-- transition tables), where a row trigger made a PL/pgSQL call and an INSERT of its own for each.
--
-- A trigger that reads the changed rows cannot name columns, so it fires after every UPDATE of payments and keeps
-- only the rows that became completed there. PostgreSQL keeps those rows, before and after, for the statement's
-- length: an UPDATE of the whole table (a backfill in a later migration) holds two copies of it, on disk past
-- work_mem.

DROP TRIGGER payments_credit_ledger ON payments;
DROP FUNCTION ledger_credit_completed_payment();

CREATE FUNCTION ledger_credit_completed_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO ledger_entries (merchant_id, kind, source_id, amount, created_at)
    SELECT after_update.merchant_id, 'payment', after_update.id, after_update.net_amount,
           coalesce(after_update.completed_at, now())
    FROM after_update JOIN before_update USING (id)
    WHERE after_update.status = 'completed' AND before_update.status IS DISTINCT FROM 'completed'
      AND after_update.net_amount > 0
    ON CONFLICT (kind, source_id) DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER payments_credit_ledger AFTER UPDATE ON payments
    REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_credit_completed_payments();
