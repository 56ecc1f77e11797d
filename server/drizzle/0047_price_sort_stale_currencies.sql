CREATE TABLE "price_sort_stale_currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_currency_id_idx" ON "products" USING btree ("currency","id");--> statement-breakpoint
-- A rate added, changed or removed no longer reprices its products inside the rate's own transaction (a million
-- products held the rate's writer, and shoppers buying them, for a minute): it marks the currency, and the
-- application reworks the products in short batches once the write commits (pricing's price-sort-keys.ts).
CREATE OR REPLACE FUNCTION currency_rates_reprice_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO price_sort_stale_currencies (code) VALUES (OLD.code)
      ON CONFLICT (code) DO UPDATE SET marked_at = clock_timestamp();
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO price_sort_stale_currencies (code) VALUES (NEW.code)
      ON CONFLICT (code) DO UPDATE SET marked_at = clock_timestamp();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- One batch of a currency's products after the id `after` (null: from the first), in id order: each whose stored
-- USD price is not its price at the current rate is rewritten. Answers the batch's last id, or null when no
-- product is left.
CREATE OR REPLACE FUNCTION products_price_usd_batch(p_code text, p_after uuid, p_limit integer)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_rate numeric := coalesce((SELECT r.rate FROM currency_rates r WHERE r.code = p_code), 1);
  v_last uuid;
BEGIN
  SELECT b.id INTO v_last FROM (
    SELECT p.id FROM products p
    WHERE p.currency = p_code AND (p_after IS NULL OR p.id > p_after)
    ORDER BY p.id LIMIT p_limit
  ) b ORDER BY b.id DESC LIMIT 1;
  IF v_last IS NULL THEN RETURN NULL; END IF;
  UPDATE products p SET price_usd_minor = p.price_minor::numeric / v_rate
    WHERE p.currency = p_code AND (p_after IS NULL OR p.id > p_after) AND p.id <= v_last
      AND p.price_usd_minor IS DISTINCT FROM p.price_minor::numeric / v_rate;
  RETURN v_last;
END
$$;
