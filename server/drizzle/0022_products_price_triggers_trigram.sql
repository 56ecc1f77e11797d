-- Custom SQL migration file, put your code below! --
-- products.price_usd_minor (the price sorts' key) is kept here rather than by the application: products' prices
-- are written by several modules, and rates by the pricing module, which cannot import products (it sits below).
CREATE OR REPLACE FUNCTION products_price_usd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.price_usd_minor := NEW.price_minor::numeric
    / coalesce((SELECT r.rate FROM currency_rates r WHERE r.code = NEW.currency), 1);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_price_usd BEFORE INSERT OR UPDATE OF price_minor, currency ON products
  FOR EACH ROW EXECUTE FUNCTION products_price_usd();--> statement-breakpoint
-- A rate added, changed or removed reprices the products in that currency (only rows whose value moves are
-- rewritten, so writing the same rate again costs one scan).
CREATE OR REPLACE FUNCTION currency_rates_reprice_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  codes text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN codes := codes || OLD.code; END IF;
  IF TG_OP <> 'DELETE' THEN codes := codes || NEW.code; END IF;
  UPDATE products p
    SET price_usd_minor = p.price_minor::numeric
      / coalesce((SELECT r.rate FROM currency_rates r WHERE r.code = p.currency), 1)
    WHERE p.currency = ANY (codes)
      AND p.price_usd_minor IS DISTINCT FROM p.price_minor::numeric
        / coalesce((SELECT r.rate FROM currency_rates r WHERE r.code = p.currency), 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER currency_rates_reprice_products_on_write AFTER INSERT OR DELETE ON currency_rates
  FOR EACH ROW EXECUTE FUNCTION currency_rates_reprice_products();--> statement-breakpoint
CREATE TRIGGER currency_rates_reprice_products_on_change AFTER UPDATE OF code, rate ON currency_rates
  FOR EACH ROW WHEN (OLD.rate IS DISTINCT FROM NEW.rate OR OLD.code IS DISTINCT FROM NEW.code)
  EXECUTE FUNCTION currency_rates_reprice_products();--> statement-breakpoint
-- Typo-tolerant search: trigrams match misspelled and partial words in any script (Bengali, Hindi, Spanish...).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_title_trgm_idx ON products USING gin (lower(title) gin_trgm_ops);
