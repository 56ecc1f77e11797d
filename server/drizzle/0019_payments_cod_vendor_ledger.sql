CREATE TYPE "public"."payment_state" AS ENUM('pending', 'paid', 'failed', 'refunded', 'partially_refunded');--> statement-breakpoint
CREATE TYPE "public"."vendor_ledger_kind" AS ENUM('sale', 'commission', 'refund', 'commission_reversal', 'payout');--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_unique" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"state" "payment_state" DEFAULT 'pending' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"provider_ref" text,
	"failure_message" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_ref_unique" UNIQUE("provider","provider_ref"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" "vendor_ledger_kind" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"order_id" uuid,
	"order_item_id" uuid,
	"refund_id" uuid,
	"order_amount_minor" bigint,
	"order_currency" text,
	"commission_basis_points" integer,
	"reference" text,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_collected_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_remitted_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_remitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_remittance_ref" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_countries" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_fee_usd_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_max_order_usd_minor" bigint;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "vendor_commission_basis_points" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "commission_basis_points" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger" ADD CONSTRAINT "vendor_ledger_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vendor_ledger_store_idx" ON "vendor_ledger" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_line_once" ON "vendor_ledger" USING btree ("order_item_id","kind") WHERE "vendor_ledger"."refund_id" IS NULL AND "vendor_ledger"."kind" IN ('sale', 'commission');--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_refund_once" ON "vendor_ledger" USING btree ("refund_id","order_item_id","kind") WHERE "vendor_ledger"."refund_id" IS NOT NULL;--> statement-breakpoint
-- Card and PayPal orders paid before the payments ledger existed: their charges, so the Payments screen does not
-- report them as paid without a provider's confirmation.
INSERT INTO "payments" ("order_id", "reference", "provider", "method", "state", "amount_minor", "refunded_minor", "currency", "provider_ref", "confirmed_at", "created_at", "updated_at")
SELECT "id", "order_number", 'offline', "payment_method",
  (CASE WHEN "refunded_minor" >= "total_minor" THEN 'refunded' WHEN "refunded_minor" > 0 THEN 'partially_refunded' ELSE 'paid' END)::"payment_state",
  "total_minor", LEAST("refunded_minor", "total_minor"), "currency", "payment_ref", "paid_at", COALESCE("paid_at", "created_at"), now()
FROM "orders"
WHERE "is_paid" AND "payment_method" IN ('Credit Card', 'PayPal') AND "payment_ref" IS NOT NULL AND "total_minor" > 0 AND "placed_by_admin_id" IS NULL
ON CONFLICT DO NOTHING;
