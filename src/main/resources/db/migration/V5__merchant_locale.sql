-- The language of a merchant's customer pages when the customer's browser does not say. Null: the
-- service's checkout.default_locale.
ALTER TABLE merchants ADD COLUMN locale text CHECK (locale IN ('ht', 'fr', 'en'));
