CREATE TABLE "hour_summaries" (
	"hour" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "hour_summaries_pk" PRIMARY KEY("metric","hour","key","rate")
);
--> statement-breakpoint
CREATE TABLE "summary_dirty_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Every change that marks a day marks its hour too; the hours before today are dropped when next summed.
CREATE OR REPLACE FUNCTION summary_mark_day(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF at IS NOT NULL THEN
    INSERT INTO summary_dirty_days (day) VALUES ((at AT TIME ZONE 'UTC')::date) ON CONFLICT DO NOTHING;
    INSERT INTO summary_dirty_hours (hour) VALUES (date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
      ON CONFLICT DO NOTHING;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION summaries_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM day_summaries;
  DELETE FROM hour_summaries;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The hours since yesterday already in the store are summed when first read.
INSERT INTO summary_dirty_hours (hour)
  SELECT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM (
    SELECT created_at AS at FROM orders UNION ALL SELECT paid_at FROM orders WHERE paid_at IS NOT NULL
    UNION ALL SELECT created_at FROM refunds UNION ALL SELECT at FROM site_visits
  ) changed
  WHERE at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day'
  GROUP BY 1
  ON CONFLICT DO NOTHING;
