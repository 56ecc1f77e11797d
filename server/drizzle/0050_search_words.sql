CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS title_words_trgm_idx ON title_words USING gin (word gin_trgm_ops);--> statement-breakpoint
-- A title's words of three letters or more (shorter ones carry too few trigrams to tell a typo from another word),
-- in order, so two imports adding the same new words wait on each other instead of deadlocking.
CREATE FUNCTION title_words_of(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(title, '')))) AS w
  WHERE char_length(w) >= 3
$$;--> statement-breakpoint
CREATE FUNCTION title_words_add_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_words (word)
    SELECT DISTINCT w FROM inserted_products p, title_words_of(p.title) AS w ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION title_words_add_retitled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_words (word)
    SELECT DISTINCT w FROM title_words_of(NEW.title) AS w ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Once per statement for inserts (an import of thousands adds its words in one go); per row only when a title
-- changes, so the stock and price updates of every order never pay for it.
CREATE TRIGGER products_title_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION title_words_add_inserted();--> statement-breakpoint
CREATE TRIGGER products_title_words_retitle AFTER UPDATE OF title ON products
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION title_words_add_retitled();--> statement-breakpoint
INSERT INTO title_words (word)
  SELECT DISTINCT w FROM products p, title_words_of(p.title) AS w ORDER BY w
ON CONFLICT DO NOTHING;
