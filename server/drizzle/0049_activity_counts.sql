CREATE TABLE "activity_counts" (
	"actor_type" "actor_type" NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- As b2c_shopper_counts (0048): each statement that adds, removes or changes entries appends what it moved per
-- actor type; the activity log's unfiltered count adds the rows up.
CREATE OR REPLACE FUNCTION activity_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activity_counts (actor_type, n) SELECT a.actor_type, count(*)::int FROM added a GROUP BY a.actor_type;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO activity_counts (actor_type, n)
      SELECT r.actor_type, -count(*)::int FROM removed r GROUP BY r.actor_type;
  ELSE
    INSERT INTO activity_counts (actor_type, n)
      SELECT d.actor_type, sum(d.n)::int FROM (
        SELECT r.actor_type, -1 AS n FROM removed r UNION ALL SELECT a.actor_type, 1 FROM added a
      ) d GROUP BY d.actor_type HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER activity_counts_on_insert AFTER INSERT ON activity_log
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION activity_counts_keep();--> statement-breakpoint
CREATE TRIGGER activity_counts_on_update AFTER UPDATE ON activity_log
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION activity_counts_keep();--> statement-breakpoint
CREATE TRIGGER activity_counts_on_delete AFTER DELETE ON activity_log
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION activity_counts_keep();--> statement-breakpoint
-- A restore empties the log with TRUNCATE, which no row or statement above sees: the counts start again from none.
CREATE OR REPLACE FUNCTION activity_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER activity_counts_on_truncate AFTER TRUNCATE ON activity_log
  FOR EACH STATEMENT EXECUTE FUNCTION activity_counts_truncated();--> statement-breakpoint
INSERT INTO activity_counts (actor_type, n) SELECT actor_type, count(*)::int FROM activity_log GROUP BY actor_type;
