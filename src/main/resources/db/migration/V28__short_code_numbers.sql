-- A payment's short code is made of a number of the sequence payment_short_code_numbers (payment_short_code).
-- Payments keep that number beside their code and are found by it: numbers come in order, so a new payment's entry
-- goes at the right edge of their index, where the codes, made to look unrelated to each other, would put every new
-- entry on a random page (a page read, and after each checkpoint a whole page written to the log, per payment
-- created and again per payment completed). Rows without a number (stored before this migration, by a node of an
-- older version, or by hand) are found by their code in an index that holds only them.
--
-- Codes stay unique because every one is made of its own number of the one sequence; the database checks the
-- numbers, and the codes of rows without one, but not that a row's code is its number's (that check would run the
-- permutation in PL/pgSQL on every insert, which the service does in Java), nor a hand-written code against the
-- numbered rows' codes.
ALTER TABLE payments ADD COLUMN short_code_number bigint;

CREATE UNIQUE INDEX payments_short_code_number ON payments (short_code_number)
    WHERE short_code_number IS NOT NULL;

CREATE UNIQUE INDEX payments_short_code_unnumbered ON payments (short_code)
    WHERE short_code_number IS NULL;

DROP INDEX payments_short_code;
