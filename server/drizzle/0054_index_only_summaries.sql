DROP INDEX "day_summaries_metric_day_idx";--> statement-breakpoint
DROP INDEX "site_visits_at_idx";--> statement-breakpoint
CREATE INDEX "day_summaries_metric_day_idx" ON "day_summaries" USING btree ("metric","day","key","rate","value");--> statement-breakpoint
CREATE INDEX "site_visits_at_idx" ON "site_visits" USING btree ("at","visitor_id");