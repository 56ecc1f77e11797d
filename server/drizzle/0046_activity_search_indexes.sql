CREATE INDEX "activity_log_staff_outcome_idx" ON "activity_log" USING btree ("outcome","at","id") WHERE "activity_log"."actor_type" = 'admin';--> statement-breakpoint
-- The Activity Logs search is `ilike '%…%'` on the staff member's name and email, the details as text and the target
-- (activity.list.repository.ts whereOf): trigram indexes over staff entries let it find the matches without reading
-- every entry. The details' expression is written as the query writes it, so the planner matches the two.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "activity_log_staff_name_trgm_idx" ON "activity_log" USING gin ("actor_name" gin_trgm_ops) WHERE "activity_log"."actor_type" = 'admin';--> statement-breakpoint
CREATE INDEX "activity_log_staff_email_trgm_idx" ON "activity_log" USING gin ("actor_email" gin_trgm_ops) WHERE "activity_log"."actor_type" = 'admin';--> statement-breakpoint
CREATE INDEX "activity_log_staff_details_trgm_idx" ON "activity_log" USING gin (("details"::text) gin_trgm_ops) WHERE "activity_log"."actor_type" = 'admin';--> statement-breakpoint
CREATE INDEX "activity_log_staff_target_trgm_idx" ON "activity_log" USING gin ("target" gin_trgm_ops) WHERE "activity_log"."actor_type" = 'admin';
