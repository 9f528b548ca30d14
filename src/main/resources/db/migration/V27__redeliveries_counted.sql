-- A redelivery asked for while an attempt of the delivery is under way must still go out after it. The attempt's
-- record compares the count a sender claimed the delivery with to this one: when they differ, the attempt is kept
-- and counted, and the delivery stays queued on its fresh schedule for the redelivery. A constant default adds the
-- column without rewriting the table.
ALTER TABLE webhook_deliveries
    ADD COLUMN redeliveries integer NOT NULL DEFAULT 0;
