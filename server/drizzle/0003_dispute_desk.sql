CREATE TABLE "dispute_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"dispute_id" uuid,
	"file_name" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_evidence_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD COLUMN "read_by_staff_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "resolution_refund_id" uuid;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_evidence_customer_idx" ON "dispute_evidence" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "dispute_evidence_dispute_idx" ON "dispute_evidence" USING btree ("dispute_id");--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolution_refund_id_refunds_id_fk" FOREIGN KEY ("resolution_refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_messages_unread_idx" ON "dispute_messages" USING btree ("dispute_id") WHERE "dispute_messages"."sender" = 'user' AND "dispute_messages"."read_by_staff_at" IS NULL;--> statement-breakpoint
CREATE INDEX "disputes_waiting_since_idx" ON "disputes" USING btree ("waiting_since");