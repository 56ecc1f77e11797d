ALTER TABLE "product_skus" ADD COLUMN "supplier_price_minor" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "supplier_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "marketplace_sync_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "marketplace_sync_frequency" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "marketplace_last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "price_drift_percent" integer DEFAULT 10 NOT NULL;