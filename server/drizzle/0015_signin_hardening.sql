CREATE TABLE "account_locks" (
	"scope" text NOT NULL,
	"account_id" uuid NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"unlock_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_locks_scope_account_id_pk" PRIMARY KEY("scope","account_id"),
	CONSTRAINT "account_locks_unlock_token_hash_unique" UNIQUE("unlock_token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "two_factor_last_step" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "has_password" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_at_idx" ON "sign_in_challenges" USING btree ("expires_at");