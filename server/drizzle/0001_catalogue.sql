CREATE TYPE "public"."store_status" AS ENUM('active', 'pending', 'rejected', 'suspended');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo" jsonb DEFAULT '{"index": true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "labels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "status" "store_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_product_id_idx" ON "products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_categories_idx" ON "products" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree (lower("brand"));--> statement-breakpoint
CREATE INDEX "site_visits_visitor_idx" ON "site_visits" USING btree ("visitor_id","at");