-- Where the customer is sent: our sandbox checkout page, or the live provider's gateway with its payment token.
ALTER TABLE payments ADD COLUMN redirect_url text NOT NULL;
