CREATE TABLE "shopper_order_totals" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"orders" integer NOT NULL,
	"last_order_at" timestamp with time zone,
	"last_name" text,
	CONSTRAINT "shopper_order_totals_pk" PRIMARY KEY("kind","key"),
	CONSTRAINT "shopper_order_totals_kind" CHECK ("shopper_order_totals"."kind" in ('account', 'guest'))
);
--> statement-breakpoint
-- A guest's orders found by their email, as B2C Management groups them.
CREATE INDEX "orders_guest_email_idx" ON "orders" (lower(trim("customer_email")), "created_at") WHERE "customer_id" IS NULL;--> statement-breakpoint
-- One shopper's row counted again from their orders (after an order moves to another shopper or is removed).
CREATE OR REPLACE FUNCTION shopper_order_totals_refresh(owner_kind text, owner_key text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  latest timestamptz;
  latest_name text;
BEGIN
  IF owner_kind = 'account' THEN
    SELECT count(*), max(o.created_at) INTO n, latest FROM orders o WHERE o.customer_id = owner_key::uuid;
  ELSE
    SELECT count(*), max(o.created_at), (array_agg(o.customer_name ORDER BY o.created_at DESC))[1]
      INTO n, latest, latest_name
      FROM orders o WHERE o.customer_id IS NULL AND lower(trim(o.customer_email)) = owner_key;
  END IF;
  IF n = 0 THEN
    DELETE FROM shopper_order_totals WHERE kind = owner_kind AND key = owner_key;
  ELSE
    INSERT INTO shopper_order_totals (kind, key, orders, last_order_at, last_name)
      VALUES (owner_kind, owner_key, n, latest, latest_name)
      ON CONFLICT (kind, key) DO UPDATE
        SET orders = excluded.orders, last_order_at = excluded.last_order_at, last_name = excluded.last_name;
  END IF;
END
$$;--> statement-breakpoint
-- A new order adds one to its shopper's row; a change of shopper, email, name or date, or a removal, counts the
-- shoppers involved again.
CREATE OR REPLACE FUNCTION orders_shopper_order_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_kind text;
  new_key text;
  old_kind text;
  old_key text;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    new_kind := CASE WHEN NEW.customer_id IS NULL THEN 'guest' ELSE 'account' END;
    new_key := coalesce(NEW.customer_id::text, lower(trim(NEW.customer_email)));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_kind := CASE WHEN OLD.customer_id IS NULL THEN 'guest' ELSE 'account' END;
    old_key := coalesce(OLD.customer_id::text, lower(trim(OLD.customer_email)));
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shopper_order_totals AS t (kind, key, orders, last_order_at, last_name)
      VALUES (new_kind, new_key, 1, NEW.created_at, CASE WHEN new_kind = 'guest' THEN NEW.customer_name END)
      ON CONFLICT (kind, key) DO UPDATE
        SET orders = t.orders + 1,
            last_order_at = greatest(t.last_order_at, excluded.last_order_at),
            last_name = CASE WHEN excluded.last_order_at >= coalesce(t.last_order_at, '-infinity'::timestamptz)
              THEN excluded.last_name ELSE t.last_name END;
    RETURN NULL;
  END IF;
  PERFORM shopper_order_totals_refresh(old_kind, old_key);
  IF TG_OP = 'UPDATE' AND (new_kind, new_key) IS DISTINCT FROM (old_kind, old_key) THEN
    PERFORM shopper_order_totals_refresh(new_kind, new_key);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_shopper_order_totals AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_shopper_order_totals();--> statement-breakpoint
CREATE TRIGGER orders_shopper_order_totals_on_change
  AFTER UPDATE OF customer_id, customer_email, customer_name, created_at ON orders
  FOR EACH ROW
  WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.customer_email IS DISTINCT FROM NEW.customer_email
    OR OLD.customer_name IS DISTINCT FROM NEW.customer_name OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION orders_shopper_order_totals();--> statement-breakpoint
-- Emptied with the orders (a restore truncates every table first; TRUNCATE fires no row trigger).
CREATE OR REPLACE FUNCTION orders_truncated_shopper_order_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shopper_order_totals;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_truncated_shopper_order_totals AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_truncated_shopper_order_totals();--> statement-breakpoint
INSERT INTO shopper_order_totals (kind, key, orders, last_order_at, last_name)
  SELECT 'account', customer_id::text, count(*), max(created_at), NULL FROM orders
    WHERE customer_id IS NOT NULL GROUP BY customer_id;--> statement-breakpoint
INSERT INTO shopper_order_totals (kind, key, orders, last_order_at, last_name)
  SELECT 'guest', lower(trim(customer_email)), count(*), max(created_at),
      (array_agg(customer_name ORDER BY created_at DESC))[1]
    FROM orders WHERE customer_id IS NULL GROUP BY lower(trim(customer_email));
