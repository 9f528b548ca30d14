-- The overview's figures of days that can no longer change, summed once. A Haitian day is closed once it has
-- ended and none of its payments is pending (a terminal status never changes), so its totals by status are final:
-- the overview reads closed days here and sums only the days after them from payments, whatever the history.
CREATE TABLE report_day_totals (
    merchant_id uuid    NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
    day         date    NOT NULL,
    status      text    NOT NULL,
    payments    bigint  NOT NULL,
    amount      numeric(18, 2) NOT NULL,
    fees        numeric(18, 2) NOT NULL,
    net         numeric(18, 2) NOT NULL,
    PRIMARY KEY (merchant_id, day, status)
);

-- Every day of the merchant up to and including `through` is in report_day_totals (a day without payments has no
-- row there); the days after it are summed from payments.
CREATE TABLE report_days_closed (
    merchant_id uuid PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
    through     date NOT NULL
);
