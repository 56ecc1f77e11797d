CREATE TABLE "b2c_shoppers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"joined" timestamp with time zone,
	"invited" boolean NOT NULL,
	"orders" integer NOT NULL,
	"last_order_at" timestamp with time zone,
	"activity_at" timestamp with time zone GENERATED ALWAYS AS (greatest(last_order_at, joined)) STORED,
	CONSTRAINT "b2c_shoppers_status" CHECK ("b2c_shoppers"."status" in ('active', 'suspended', 'guest'))
);
--> statement-breakpoint
CREATE INDEX "b2c_shoppers_activity_idx" ON "b2c_shoppers" USING btree ("activity_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "b2c_shoppers_status_idx" ON "b2c_shoppers" USING btree ("status","activity_at" DESC NULLS LAST,"id");--> statement-breakpoint
-- B2C Management's search box matches a part of a name or an email.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "b2c_shoppers_name_trgm_idx" ON "b2c_shoppers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "b2c_shoppers_email_trgm_idx" ON "b2c_shoppers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- An account's row again from the account and its order totals: its own orders and those placed without an
-- account under its email. A deleted account has no row. An upsert, so two checkouts of one shopper never collide.
CREATE OR REPLACE FUNCTION b2c_shoppers_refresh_account(account uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO b2c_shoppers AS s (id, name, email, status, joined, invited, orders, last_order_at)
    SELECT c.id::text, c.name, c.email, CASE WHEN c.status = 'Active' THEN 'active' ELSE 'suspended' END,
        c.created_at, c.invite_token_hash IS NOT NULL,
        coalesce(own.orders, 0) + coalesce(as_guest.orders, 0), greatest(own.last_order_at, as_guest.last_order_at)
      FROM customers c
      LEFT JOIN shopper_order_totals own ON own.kind = 'account' AND own.key = c.id::text
      LEFT JOIN shopper_order_totals as_guest ON as_guest.kind = 'guest' AND as_guest.key = c.email
      WHERE c.id = account AND c.deleted_at IS NULL
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email, status = excluded.status,
      joined = excluded.joined, invited = excluded.invited, orders = excluded.orders,
      last_order_at = excluded.last_order_at;
  IF NOT FOUND THEN
    DELETE FROM b2c_shoppers WHERE id = account::text;
  END IF;
END
$$;--> statement-breakpoint
-- A guest's row again: an email with orders placed without an account, while no live account has that email.
CREATE OR REPLACE FUNCTION b2c_shoppers_refresh_guest(guest_email text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF guest_email IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO b2c_shoppers AS s (id, name, email, status, joined, invited, orders, last_order_at)
    SELECT t.key, coalesce(t.last_name, ''), t.key, 'guest', NULL, false, t.orders, t.last_order_at
      FROM shopper_order_totals t
      WHERE t.kind = 'guest' AND t.key = guest_email
        AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.email = t.key AND c.deleted_at IS NULL)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, orders = excluded.orders,
      last_order_at = excluded.last_order_at;
  IF NOT FOUND THEN
    DELETE FROM b2c_shoppers WHERE id = guest_email;
  END IF;
END
$$;--> statement-breakpoint
-- A shopper's order totals changed: their row, and for a guest email the live account that takes those orders over.
CREATE OR REPLACE FUNCTION b2c_shoppers_refresh_owner(owner_kind text, owner_key text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  account uuid;
BEGIN
  IF owner_kind = 'account' THEN
    PERFORM b2c_shoppers_refresh_account(owner_key::uuid);
    RETURN;
  END IF;
  PERFORM b2c_shoppers_refresh_guest(owner_key);
  FOR account IN SELECT c.id FROM customers c WHERE c.email = owner_key AND c.deleted_at IS NULL LOOP
    PERFORM b2c_shoppers_refresh_account(account);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shopper_order_totals_b2c_shoppers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM b2c_shoppers_refresh_owner(OLD.kind, OLD.key);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.kind, OLD.key) IS DISTINCT FROM (NEW.kind, NEW.key)) THEN
    PERFORM b2c_shoppers_refresh_owner(NEW.kind, NEW.key);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER shopper_order_totals_b2c_shoppers AFTER INSERT OR UPDATE OR DELETE ON shopper_order_totals
  FOR EACH ROW EXECUTE FUNCTION shopper_order_totals_b2c_shoppers();--> statement-breakpoint
-- An account opened, changed or deleted: its row, and the guest rows of its old and new email (a guest's orders
-- join an account that takes their email, and come back as a guest when it lets the email go).
CREATE OR REPLACE FUNCTION customers_b2c_shoppers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM b2c_shoppers_refresh_account(OLD.id);
    PERFORM b2c_shoppers_refresh_guest(OLD.email);
    RETURN NULL;
  END IF;
  PERFORM b2c_shoppers_refresh_account(NEW.id);
  PERFORM b2c_shoppers_refresh_guest(NEW.email);
  IF TG_OP = 'UPDATE' THEN
    IF OLD.id IS DISTINCT FROM NEW.id THEN
      PERFORM b2c_shoppers_refresh_account(OLD.id);
    END IF;
    IF OLD.email IS DISTINCT FROM NEW.email THEN
      PERFORM b2c_shoppers_refresh_guest(OLD.email);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_b2c_shoppers AFTER INSERT OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_b2c_shoppers();--> statement-breakpoint
CREATE TRIGGER customers_b2c_shoppers_on_change
  AFTER UPDATE OF id, name, email, status, created_at, invite_token_hash, deleted_at ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_b2c_shoppers();--> statement-breakpoint
-- Every row again from the accounts and the order totals (here, and after the accounts are truncated by a restore).
CREATE OR REPLACE FUNCTION b2c_shoppers_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM b2c_shoppers;
  INSERT INTO b2c_shoppers (id, name, email, status, joined, invited, orders, last_order_at)
    SELECT c.id::text, c.name, c.email, CASE WHEN c.status = 'Active' THEN 'active' ELSE 'suspended' END,
        c.created_at, c.invite_token_hash IS NOT NULL,
        coalesce(own.orders, 0) + coalesce(as_guest.orders, 0), greatest(own.last_order_at, as_guest.last_order_at)
      FROM customers c
      LEFT JOIN shopper_order_totals own ON own.kind = 'account' AND own.key = c.id::text
      LEFT JOIN shopper_order_totals as_guest ON as_guest.kind = 'guest' AND as_guest.key = c.email
      WHERE c.deleted_at IS NULL
    UNION ALL
    SELECT t.key, coalesce(t.last_name, ''), t.key, 'guest', NULL, false, t.orders, t.last_order_at
      FROM shopper_order_totals t
      WHERE t.kind = 'guest'
        AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.email = t.key AND c.deleted_at IS NULL);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_truncated_b2c_shoppers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM b2c_shoppers_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_truncated_b2c_shoppers AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION customers_truncated_b2c_shoppers();--> statement-breakpoint
SELECT b2c_shoppers_rebuild();
