-- The staff order list's stat cards read order_count and order_net from day_summaries (stats.summaries.ts), keyed
-- by archived, status and channel on the order's created day: archiving an order or refunding part of it changes
-- its day's sums too.
DROP TRIGGER IF EXISTS orders_mark_summary_days_on_change ON orders;--> statement-breakpoint
CREATE TRIGGER orders_mark_summary_days_on_change
  AFTER UPDATE OF created_at, paid_at, is_paid, total_minor, refunded_minor, rate, status, channel, ship_country,
    placed_by_admin_id, archived_at
  ON orders FOR EACH ROW EXECUTE FUNCTION orders_mark_summary_days();--> statement-breakpoint
-- The finished days already summed get the new metrics here, from their orders as they are now (the old trigger
-- did not mark a day when an order was archived or refunded); days still waiting to be summed get them then.
INSERT INTO day_summaries (day, metric, key, rate, value)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'order_count',
      CASE WHEN archived_at IS NULL THEN '0' ELSE '1' END || '|' || status::text || '|' || channel::text, 1, count(*)
    FROM orders
    WHERE created_at < date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      AND (created_at AT TIME ZONE 'UTC')::date NOT IN (SELECT day FROM summary_dirty_days)
    GROUP BY 1, 3
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'order_net',
      CASE WHEN archived_at IS NULL THEN '0' ELSE '1' END || '|' || status::text || '|' || channel::text, rate,
      sum(greatest(total_minor - refunded_minor, 0))
    FROM orders
    WHERE is_paid AND created_at < date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      AND (created_at AT TIME ZONE 'UTC')::date NOT IN (SELECT day FROM summary_dirty_days)
    GROUP BY 1, 3, rate
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The list's sorts by total in USD (orders.admin.repository.ts usdTotal): by value both ways, newest first among
-- equal totals, over the orders not archived. Descending is this index read backwards; ascending reads it forwards
-- and sorts only the orders of equal total by date.
CREATE INDEX IF NOT EXISTS "orders_usd_total_idx" ON "orders" USING btree (("total_minor" / "rate"), "created_at")
  WHERE "archived_at" IS NULL;
