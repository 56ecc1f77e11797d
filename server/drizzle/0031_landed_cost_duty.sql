ALTER TABLE "orders" ADD COLUMN "duty_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "duty_label" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "duty_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;