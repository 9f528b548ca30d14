-- Every payment and transfer names the wallet provider it belongs to ('sandbox', 'moncash'), so a refund, a
-- confirmation or an expiry reaches the provider that took the payment, whichever provider new payments now go to.
-- Rows written before this were all made with the deployment's provider of the time: ${wallet_provider}, its
-- provider.mode at this migration (a live deployment's rows are MonCash's and stay so). Adding a column with a
-- constant default rewrites no row, so this is instant on a large table; the service always writes the column.
ALTER TABLE payments ADD COLUMN provider text NOT NULL DEFAULT '${wallet_provider}';
ALTER TABLE transfers ADD COLUMN provider text NOT NULL DEFAULT '${wallet_provider}';
