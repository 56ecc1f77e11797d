CREATE TABLE "b2c_shopper_counts" (
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Each statement that adds, removes or changes B2C rows appends what it moved per status (nothing when no status
-- moved, as when an order updates its shopper's totals). Statement triggers with transition tables: a rebuild of
-- every row appends a row per status, not one per shopper.
CREATE OR REPLACE FUNCTION b2c_shopper_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO b2c_shopper_counts (status, n) SELECT a.status, count(*)::int FROM added a GROUP BY a.status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO b2c_shopper_counts (status, n) SELECT r.status, -count(*)::int FROM removed r GROUP BY r.status;
  ELSE
    INSERT INTO b2c_shopper_counts (status, n)
      SELECT d.status, sum(d.n)::int FROM (
        SELECT r.status, -1 AS n FROM removed r UNION ALL SELECT a.status, 1 FROM added a
      ) d GROUP BY d.status HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER b2c_shopper_counts_on_insert AFTER INSERT ON b2c_shoppers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION b2c_shopper_counts_keep();--> statement-breakpoint
CREATE TRIGGER b2c_shopper_counts_on_update AFTER UPDATE ON b2c_shoppers
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION b2c_shopper_counts_keep();--> statement-breakpoint
CREATE TRIGGER b2c_shopper_counts_on_delete AFTER DELETE ON b2c_shoppers
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION b2c_shopper_counts_keep();--> statement-breakpoint
INSERT INTO b2c_shopper_counts (status, n) SELECT status, count(*)::int FROM b2c_shoppers GROUP BY status;
