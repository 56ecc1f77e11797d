CREATE TYPE "public"."parcel_claim_kind" AS ENUM('never_arrived', 'damaged');--> statement-breakpoint
CREATE TYPE "public"."parcel_claim_status" AS ENUM('open', 'refunded', 'reshipped', 'rejected');--> statement-breakpoint
CREATE TABLE "parcel_claim_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_claim_photos_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "parcel_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"parcel_id" uuid NOT NULL,
	"customer_id" uuid,
	"kind" "parcel_claim_kind" NOT NULL,
	"description" text NOT NULL,
	"status" "parcel_claim_status" DEFAULT 'open' NOT NULL,
	"staff_note" text,
	"refund_id" uuid,
	"reship_parcel_id" uuid,
	"resolved_by_admin_id" uuid,
	"resolved_at" timestamp with time zone,
	"dispute_id" text,
	"dispute_status" text,
	"supplier_answer" text,
	"dispute_error" text,
	"dispute_attempts" integer DEFAULT 0 NOT NULL,
	"dispute_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcel_claim_photos" ADD CONSTRAINT "parcel_claim_photos_claim_id_parcel_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."parcel_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD CONSTRAINT "parcel_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD CONSTRAINT "parcel_claims_parcel_id_supplier_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."supplier_parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD CONSTRAINT "parcel_claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD CONSTRAINT "parcel_claims_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD CONSTRAINT "parcel_claims_reship_parcel_id_supplier_parcels_id_fk" FOREIGN KEY ("reship_parcel_id") REFERENCES "public"."supplier_parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD CONSTRAINT "parcel_claims_resolved_by_admin_id_admins_id_fk" FOREIGN KEY ("resolved_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_claim_photos_claim_idx" ON "parcel_claim_photos" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "parcel_claims_order_idx" ON "parcel_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "parcel_claims_status_idx" ON "parcel_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_claims_one_open" ON "parcel_claims" USING btree ("parcel_id") WHERE "parcel_claims"."status" = 'open';