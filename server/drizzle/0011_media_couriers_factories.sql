CREATE TYPE "public"."store_kind" AS ENUM('marketplace', 'vendor', 'factory');--> statement-breakpoint
CREATE TABLE "api_call_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service" text NOT NULL,
	"call" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "media_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_folders_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "media_cdn_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "media_cdn_base_url" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "courier_endpoint" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "courier_api_key_sealed" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "kind" "store_kind" DEFAULT 'vendor' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_folder_id_media_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."media_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_call_logs_at_idx" ON "api_call_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "api_call_logs_service_idx" ON "api_call_logs" USING btree ("service","at");--> statement-breakpoint
CREATE INDEX "media_files_folder_idx" ON "media_files" USING btree ("folder_id","created_at");--> statement-breakpoint
UPDATE "stores" SET "kind" = 'marketplace' WHERE "marketplace_store_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "media_folders" ("name", "built_in") VALUES ('Marketing', true), ('Product', true), ('Factory', true);
