DROP INDEX "products_search_idx";--> statement-breakpoint
CREATE INDEX "products_search_categories_idx" ON "products" USING gin ("search_vector","categories");