-- Money out never pays twice. MonCash's Transfert takes no idempotency key and its status look-up cannot see a
-- transfer still being processed, so a reference is sent once: sent_at is written before the request leaves, and a
-- transfer with sent_at set is only ever asked about, never sent again on its own. One whose outcome the look-ups
-- do not settle within the settle window is held (needs_review) for an operator, whose decision is kept here and in
-- the audit log.
ALTER TABLE transfers
    ADD COLUMN sent_at         timestamptz,
    ADD COLUMN sends           integer     NOT NULL DEFAULT 0,
    ADD COLUMN needs_review    boolean     NOT NULL DEFAULT false,
    ADD COLUMN resolution      text        CHECK (resolution IN ('send_again', 'failed', 'succeeded')),
    ADD COLUMN resolution_note text,
    ADD COLUMN resolved_at     timestamptz;

-- A pending transfer attempted before this version may have reached MonCash: it is asked about, not sent again.
UPDATE transfers SET sent_at = updated_at, sends = 1 WHERE status = 'pending' AND attempts > 0;

CREATE INDEX transfers_in_review ON transfers (created_at, id) WHERE needs_review;
