-- A merchant's balance is what its ledger entries add up to. Summing them all grows with the history, so the
-- entries up to a cut are summed once and kept per merchant: a balance is the kept sum plus the entries after the
-- cut, found by the index below. The cut only moves to an id no transaction can still write below (see
-- TransferSql.STABLE_LEDGER_END), so an entry is never left out of both.
CREATE TABLE ledger_cut (
    only_row   boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    through_id bigint  NOT NULL
);
INSERT INTO ledger_cut (through_id) VALUES (0);

CREATE TABLE ledger_balances (
    merchant_id uuid PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
    amount      numeric(18, 2) NOT NULL
);

CREATE INDEX ledger_entries_merchant_id ON ledger_entries (merchant_id, id);
DROP INDEX ledger_entries_merchant;
