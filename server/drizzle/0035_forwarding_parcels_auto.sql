ALTER TABLE "orders" ADD COLUMN "ship_tax_number" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "auto_forward_orders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "auto_forward_delay_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "tracking_sync_minutes" integer DEFAULT 15 NOT NULL;