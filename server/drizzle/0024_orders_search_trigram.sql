-- Custom SQL migration file, put your code below! --
-- The staff order search is `ilike '%…%'` on the order number, the customer's name and email
-- (orders.admin.repository.ts orderSearch): trigram indexes let it find the matches without reading every order.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_order_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops);
