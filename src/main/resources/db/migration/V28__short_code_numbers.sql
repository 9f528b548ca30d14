-- A payment's short code is made of a number of one sequence (payment_short_code). Payments now keep that number
-- beside their code and are found by it: numbers come in order, so a new payment's entry goes at the right edge of
-- their index, where the codes, made to look unrelated to each other, put every new entry on a random page of theirs
-- (a page read, and after each checkpoint a whole page written to the log, per payment created and again per
-- payment completed). Payments stored before, and rows written without a number, keep being found by their code in
-- an index that holds only them.
ALTER TABLE payments ADD COLUMN short_code_number bigint;

CREATE UNIQUE INDEX payments_short_code_number ON payments (short_code_number)
    WHERE short_code_number IS NOT NULL;

CREATE UNIQUE INDEX payments_short_code_unnumbered ON payments (short_code)
    WHERE short_code_number IS NULL;

DROP INDEX payments_short_code;
