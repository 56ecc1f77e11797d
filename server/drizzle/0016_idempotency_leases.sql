ALTER TABLE "idempotency_keys" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "resource" text;