CREATE TYPE "public"."forwarding_failure_class" AS ENUM('sku_changed', 'out_of_stock', 'cannot_ship', 'price_above_floor', 'address_rejected', 'link_expired', 'payment_failed', 'unreachable', 'other');--> statement-breakpoint
CREATE TYPE "public"."parcel_status" AS ENUM('Pending', 'Forwarded', 'Shipped', 'Delivered', 'Failed', 'Cancelled');--> statement-breakpoint
CREATE TYPE "public"."dropship_alert_status" AS ENUM('open', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."supplier_failure_action" AS ENUM('ask', 'switch_to_backup', 'hide_variant', 'zero_stock');--> statement-breakpoint
CREATE TYPE "public"."supplier_role" AS ENUM('primary', 'backup');--> statement-breakpoint
CREATE TABLE "parcel_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parcel_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"ae_product_id" text NOT NULL,
	"ae_sku_id" text NOT NULL,
	"ae_sku_attr" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'product' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"supplier_id" text,
	"supplier_name" text,
	"status" "parcel_status" DEFAULT 'Pending' NOT NULL,
	"ae_order_id" text,
	"tracking_number" text,
	"carrier" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_class" "forwarding_failure_class",
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"placed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"tracked_at" timestamp with time zone,
	"promised_by" timestamp with time zone,
	"reship_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dropship_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"product_id" uuid,
	"sku_id" text,
	"order_id" uuid,
	"parcel_id" uuid,
	"message" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "dropship_alert_status" DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_supplier_settings" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"on_failure" "supplier_failure_action" DEFAULT 'ask' NOT NULL,
	"auto_forward" boolean,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"margin_floor_percent" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant_suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku_id" text NOT NULL,
	"role" "supplier_role" NOT NULL,
	"ship_to_country" text,
	"ae_product_id" text NOT NULL,
	"ae_sku_id" text NOT NULL,
	"ae_sku_attr" text DEFAULT '' NOT NULL,
	"supplier_id" text,
	"supplier_name" text,
	"cost_minor" integer,
	"cost_currency" text,
	"stock" integer,
	"delivers_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"link_expires_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcel_items" ADD CONSTRAINT "parcel_items_parcel_id_supplier_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."supplier_parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_items" ADD CONSTRAINT "parcel_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_parcels" ADD CONSTRAINT "supplier_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropship_alerts" ADD CONSTRAINT "dropship_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropship_alerts" ADD CONSTRAINT "dropship_alerts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_supplier_settings" ADD CONSTRAINT "product_supplier_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_suppliers" ADD CONSTRAINT "variant_suppliers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_items_parcel_idx" ON "parcel_items" USING btree ("parcel_id");--> statement-breakpoint
CREATE INDEX "parcel_items_item_idx" ON "parcel_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_parcels_order_number" ON "supplier_parcels" USING btree ("order_id","number");--> statement-breakpoint
CREATE INDEX "supplier_parcels_status_idx" ON "supplier_parcels" USING btree ("status","tracked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dropship_alerts_open_once" ON "dropship_alerts" USING btree ("dedupe_key") WHERE "dropship_alerts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "dropship_alerts_status_idx" ON "dropship_alerts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "dropship_alerts_product_idx" ON "dropship_alerts" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "variant_suppliers_one_per_role" ON "variant_suppliers" USING btree ("product_id","sku_id","role",coalesce("ship_to_country", ''));--> statement-breakpoint
CREATE INDEX "variant_suppliers_ae_idx" ON "variant_suppliers" USING btree ("ae_product_id","ae_sku_id");