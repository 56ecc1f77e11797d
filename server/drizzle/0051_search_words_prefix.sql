CREATE INDEX "title_words_prefix_idx" ON "title_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The words a search can start: every title word of three letters or more (as 0050 kept them), and those of the
-- marketplace id and the search terms (tags, SKU ids) that start with a letter: those of digits would add a word per
-- SKU id. A searched word that starts with a letter then finds every word starting with it here.
CREATE FUNCTION search_words_of(title text, product_id text, search_terms text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(title, '')))) AS w
  WHERE char_length(w) >= 3
  UNION
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
    coalesce(product_id, '') || ' ' || coalesce(search_terms, '')))) AS w
  WHERE char_length(w) >= 3 AND (w ~ '^[a-z]' OR ascii(w) > 127)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION title_words_add_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_words (word)
    SELECT DISTINCT w FROM inserted_products p, search_words_of(p.title, p.product_id, p.search_terms) AS w
    ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION title_words_add_retitled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_words (word)
    SELECT DISTINCT w FROM search_words_of(NEW.title, NEW.product_id, NEW.search_terms) AS w ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER products_title_words_retitle ON products;--> statement-breakpoint
-- Still never for the stock and price updates of orders: only when a searched text changes.
CREATE TRIGGER products_title_words_retitle AFTER UPDATE OF title, product_id, search_terms ON products
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.product_id IS DISTINCT FROM NEW.product_id
    OR OLD.search_terms IS DISTINCT FROM NEW.search_terms)
  EXECUTE FUNCTION title_words_add_retitled();--> statement-breakpoint
DROP FUNCTION title_words_of(text);--> statement-breakpoint
INSERT INTO title_words (word)
  SELECT DISTINCT w FROM products p, search_words_of(p.title, p.product_id, p.search_terms) AS w ORDER BY w
ON CONFLICT DO NOTHING;
