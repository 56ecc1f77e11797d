ALTER TABLE "order_items" ADD COLUMN "delivery_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivery_company" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivery_fee_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_basis_points" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_inclusive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_label" text DEFAULT 'Tax' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "delivery_policy" text DEFAULT 'store_rule' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "supplier_shipping_markup_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "supplier_free_shipping" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "tax_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "price_rounding" jsonb DEFAULT '[]'::jsonb NOT NULL;