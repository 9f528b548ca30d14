-- Four eyes on money out. A merchant may set approval_threshold (HTG, as every amount of this table; null: off):
-- a refund or payout of at least that much is kept awaiting_approval, its debit already taken as a pending
-- transfer's is, until another owner or manager approves it (it becomes pending and is paid as any other) or
-- rejects it (failed, failure_reason approval_rejected, the debit given back). requested_by, approved_by and
-- rejected_by are the audit log's names of the people who asked and decided; decided_at is when.
ALTER TABLE merchants ADD COLUMN approval_threshold numeric(14, 2) CHECK (approval_threshold > 0);

ALTER TABLE transfers DROP CONSTRAINT transfers_status_check;
ALTER TABLE transfers ADD CONSTRAINT transfers_status_check
    CHECK (status IN ('awaiting_approval', 'pending', 'succeeded', 'failed'));
ALTER TABLE transfers
    ADD COLUMN requested_by text,
    ADD COLUMN approved_by  text,
    ADD COLUMN rejected_by  text,
    ADD COLUMN decided_at   timestamptz,
    -- a transfer waits only with the name of who asked, so the rule "not the asker" can always be checked
    ADD CONSTRAINT transfers_awaiting_names_asker CHECK (status <> 'awaiting_approval' OR requested_by IS NOT NULL);

-- What the portal shows to decide on: few rows, found without reading the merchant's history.
CREATE INDEX transfers_awaiting_approval ON transfers (merchant_id, created_at, id) WHERE status = 'awaiting_approval';

-- Test mode behaves as live: the threshold follows the live row into its twin, with the operator's other settings.
CREATE OR REPLACE FUNCTION merchants_twin_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE merchants t SET name = NEW.name, status = NEW.status, fee_percent = NEW.fee_percent,
                           fee_fixed = NEW.fee_fixed, locale = NEW.locale,
                           approval_threshold = NEW.approval_threshold, updated_at = now()
    WHERE t.live_merchant_id = NEW.id
      AND (t.name, t.status, t.fee_percent, t.fee_fixed, t.locale, t.approval_threshold)
          IS DISTINCT FROM (NEW.name, NEW.status, NEW.fee_percent, NEW.fee_fixed, NEW.locale, NEW.approval_threshold);
    RETURN NULL;
END
$$;

DROP TRIGGER merchants_twin_follows ON merchants;
CREATE TRIGGER merchants_twin_follows
    AFTER UPDATE OF name, status, fee_percent, fee_fixed, locale, approval_threshold ON merchants
    FOR EACH ROW WHEN (NEW.live_merchant_id IS NULL) EXECUTE FUNCTION merchants_twin_follows();
