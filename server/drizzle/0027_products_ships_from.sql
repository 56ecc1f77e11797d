ALTER TABLE "products" ADD COLUMN "ships_from" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Where a product ships from is its SKUs' Ships From property (jsonb); kept on the product so the search's filter
-- and facet read one indexed array instead of every SKU's properties. Filled before the index is built.
CREATE OR REPLACE FUNCTION product_ships_from(product uuid) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT e.value ->> 'sku_property_value' ORDER BY e.value ->> 'sku_property_value'), '{}'::text[])
  FROM product_skus s
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(s.properties) = 'array' THEN s.properties ELSE '[]'::jsonb END) e
  WHERE s.product_id = product
    AND e.value ->> 'sku_property_name' = 'Ships From'
    AND coalesce(e.value ->> 'sku_property_value', '') <> ''
$$;--> statement-breakpoint
UPDATE "products" p SET "ships_from" = product_ships_from(p.id)
  WHERE EXISTS (SELECT 1 FROM product_skus s WHERE s.product_id = p.id AND s.properties @> '[{"sku_property_name": "Ships From"}]'::jsonb);--> statement-breakpoint
CREATE INDEX "products_ships_from_idx" ON "products" USING gin ("ships_from");--> statement-breakpoint
-- SKUs are written by several modules (imports, the editor, marketplace sync): a trigger keeps the product's list.
CREATE OR REPLACE FUNCTION product_skus_ships_from() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE products p SET ships_from = product_ships_from(OLD.product_id)
      WHERE p.id = OLD.product_id AND p.ships_from IS DISTINCT FROM product_ships_from(OLD.product_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    UPDATE products p SET ships_from = product_ships_from(NEW.product_id)
      WHERE p.id = NEW.product_id AND p.ships_from IS DISTINCT FROM product_ships_from(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_skus_ships_from AFTER INSERT OR DELETE OR UPDATE OF properties, product_id ON product_skus
  FOR EACH ROW EXECUTE FUNCTION product_skus_ships_from();
