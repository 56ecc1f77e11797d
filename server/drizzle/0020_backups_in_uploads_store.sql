ALTER TABLE "backups" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "storage_key" text;