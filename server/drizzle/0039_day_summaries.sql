CREATE TABLE "day_summaries" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "day_summaries_pk" PRIMARY KEY("day","metric","key","rate")
);
--> statement-breakpoint
CREATE TABLE "summary_dirty_days" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Paid orders by when they were paid: the dashboard's and Analytics' live part (today, a window's first hours).
CREATE INDEX "orders_paid_at_idx" ON "orders" ("paid_at") WHERE "is_paid";--> statement-breakpoint
CREATE OR REPLACE FUNCTION summary_mark_day(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF at IS NOT NULL THEN
    INSERT INTO summary_dirty_days (day) VALUES ((at AT TIME ZONE 'UTC')::date) ON CONFLICT DO NOTHING;
  END IF;
END
$$;--> statement-breakpoint
-- An order counts on the day it was placed and the day it was paid; a change of either, of its total, rate,
-- status, channel, country or who placed it, marks the days before and after.
CREATE OR REPLACE FUNCTION orders_mark_summary_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM summary_mark_day(OLD.created_at);
    PERFORM summary_mark_day(OLD.paid_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM summary_mark_day(NEW.created_at);
    PERFORM summary_mark_day(NEW.paid_at);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_mark_summary_days AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_mark_summary_days();--> statement-breakpoint
CREATE TRIGGER orders_mark_summary_days_on_change
  AFTER UPDATE OF created_at, paid_at, is_paid, total_minor, rate, status, channel, ship_country, placed_by_admin_id
  ON orders FOR EACH ROW EXECUTE FUNCTION orders_mark_summary_days();--> statement-breakpoint
-- Items count on their order's paid day.
CREATE OR REPLACE FUNCTION order_items_mark_summary_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM summary_mark_day(o.paid_at) FROM orders o
    WHERE o.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_items_mark_summary_days AFTER INSERT OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_mark_summary_days();--> statement-breakpoint
CREATE TRIGGER order_items_mark_summary_days_on_change AFTER UPDATE OF quantity, product_id, name, order_id
  ON order_items FOR EACH ROW EXECUTE FUNCTION order_items_mark_summary_days();--> statement-breakpoint
CREATE OR REPLACE FUNCTION refunds_mark_summary_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM summary_mark_day(OLD.created_at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM summary_mark_day(NEW.created_at); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER refunds_mark_summary_days AFTER INSERT OR UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_mark_summary_days();--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_visits_mark_summary_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM summary_mark_day(OLD.at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM summary_mark_day(NEW.at); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER site_visits_mark_summary_days AFTER INSERT OR UPDATE OR DELETE ON site_visits
  FOR EACH ROW EXECUTE FUNCTION site_visits_mark_summary_days();--> statement-breakpoint
-- TRUNCATE fires no row trigger (a restore truncates every table, then refills them, marking their days): the
-- sums go with the rows.
CREATE OR REPLACE FUNCTION summaries_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM day_summaries;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_truncated_summaries AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION summaries_truncated();--> statement-breakpoint
CREATE TRIGGER refunds_truncated_summaries AFTER TRUNCATE ON refunds
  FOR EACH STATEMENT EXECUTE FUNCTION summaries_truncated();--> statement-breakpoint
CREATE TRIGGER site_visits_truncated_summaries AFTER TRUNCATE ON site_visits
  FOR EACH STATEMENT EXECUTE FUNCTION summaries_truncated();--> statement-breakpoint
-- The days already in the store are summed when first read.
INSERT INTO summary_dirty_days (day)
  SELECT (created_at AT TIME ZONE 'UTC')::date FROM orders
  UNION SELECT (paid_at AT TIME ZONE 'UTC')::date FROM orders WHERE paid_at IS NOT NULL
  UNION SELECT (created_at AT TIME ZONE 'UTC')::date FROM refunds
  UNION SELECT (at AT TIME ZONE 'UTC')::date FROM site_visits
  ON CONFLICT DO NOTHING;
