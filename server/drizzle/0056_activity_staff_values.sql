CREATE INDEX "activity_log_staff_name_idx" ON "activity_log" USING btree ("actor_name") WHERE "activity_log"."actor_type" = 'admin';--> statement-breakpoint
CREATE INDEX "activity_log_staff_email_idx" ON "activity_log" USING btree ("actor_email") WHERE "activity_log"."actor_type" = 'admin';--> statement-breakpoint
DROP INDEX IF EXISTS "activity_log_staff_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "activity_log_staff_email_trgm_idx";
