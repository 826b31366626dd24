-- Search on PostgreSQL (ARCHITECTURE.md "Search", issue 7): the index is kept by the database
-- itself, in the same transaction as each catalog change, so search never lags the catalog.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"subcategory_id" text NOT NULL,
	"brand" text NOT NULL,
	"sp_paise" bigint NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_outbox" (
	"product_id" text PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_sync" (
	"target" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "product_search_category_idx" ON "product_search" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_search_subcategory_idx" ON "product_search" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "product_search_brand_idx" ON "product_search" USING btree (lower("brand"));--> statement-breakpoint
CREATE INDEX "product_search_sp_idx" ON "product_search" USING btree ("sp_paise");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The weighted document of one product: name (A) > brand, category and subcategory (B) >
-- features (C) > description (D), English stemming.
CREATE FUNCTION product_search_document(p products) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', p.name), 'A')
      || setweight(to_tsvector('english', concat_ws(' ', p.brand,
           (SELECT c.name FROM categories c WHERE c.id = p.category_id),
           (SELECT s.name FROM subcategories s WHERE s.id = p.subcategory_id))), 'B')
      || setweight(jsonb_to_tsvector('english', p.features, '["string"]'), 'C')
      || setweight(to_tsvector('english', p.description_text), 'D')
$$;
--> statement-breakpoint
-- The words typo tolerance corrects towards: lower-case runs of letters and digits, 3 to 40
-- characters, not bare numbers (a quantity is never a typo).
CREATE FUNCTION search_words_of(p_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(p_text), '[^[:alnum:]]+') AS w
   WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
CREATE FUNCTION product_search_upsert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, category_id, subcategory_id, brand, sp_paise, document)
  VALUES (NEW.id, NEW.category_id, NEW.subcategory_id, NEW.brand, NEW.sp_paise,
          product_search_document(NEW))
  ON CONFLICT (product_id) DO UPDATE SET
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    brand = EXCLUDED.brand, sp_paise = EXCLUDED.sp_paise, document = EXCLUDED.document;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION product_search_upsert();
--> statement-breakpoint
CREATE TRIGGER products_search_update
  AFTER UPDATE OF name, brand, category_id, subcategory_id, features, description_text, sp_paise
  ON products FOR EACH ROW EXECUTE FUNCTION product_search_upsert();
--> statement-breakpoint
-- Statement-level, over the transition table: one INSERT per batch of products, not per row.
CREATE FUNCTION products_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM changed_products p,
    search_words_of(concat_ws(' ', p.name, p.brand, p.features::text, p.description_text)) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();
--> statement-breakpoint
CREATE FUNCTION taxonomy_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT w FROM search_words_of(NEW.name) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_search_words AFTER INSERT OR UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION taxonomy_search_words();
--> statement-breakpoint
CREATE TRIGGER subcategories_search_words AFTER INSERT OR UPDATE OF name ON subcategories
  FOR EACH ROW EXECUTE FUNCTION taxonomy_search_words();
--> statement-breakpoint
-- A renamed category or subcategory re-indexes its products (their B-weighted names changed).
CREATE FUNCTION taxonomy_search_rename() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search ps SET document = product_search_document(p)
    FROM products p
   WHERE p.id = ps.product_id
     AND (CASE TG_TABLE_NAME WHEN 'categories' THEN p.category_id ELSE p.subcategory_id END) = NEW.id;
  IF EXISTS (SELECT 1 FROM search_sync) THEN
    INSERT INTO search_outbox (product_id)
    SELECT p.id FROM products p
     WHERE (CASE TG_TABLE_NAME WHEN 'categories' THEN p.category_id ELSE p.subcategory_id END) = NEW.id
    ON CONFLICT (product_id) DO UPDATE SET changed_at = now();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_search_rename AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION taxonomy_search_rename();
--> statement-breakpoint
CREATE TRIGGER subcategories_search_rename AFTER UPDATE OF name ON subcategories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION taxonomy_search_rename();
--> statement-breakpoint
-- A truncated catalog (the seed CLI rebuilds it) starts a fresh lexicon; product_search goes
-- with it through its foreign key (TRUNCATE ... CASCADE).
CREATE FUNCTION products_search_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words;
  INSERT INTO search_words (word)
  SELECT w FROM (SELECT name FROM categories UNION ALL SELECT name FROM subcategories) t,
    search_words_of(t.name) AS w
  ON CONFLICT DO NOTHING;
  IF EXISTS (SELECT 1 FROM search_sync) THEN
    INSERT INTO search_outbox (product_id) VALUES ('*')
    ON CONFLICT (product_id) DO UPDATE SET changed_at = now();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_truncate();
--> statement-breakpoint
-- Hosted Algolia mode: every product change is queued for the push, coalesced per product.
CREATE FUNCTION products_search_outbox() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM search_sync) THEN
    INSERT INTO search_outbox (product_id)
    VALUES (CASE TG_OP WHEN 'DELETE' THEN OLD.id ELSE NEW.id END)
    ON CONFLICT (product_id) DO UPDATE SET changed_at = now();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_outbox AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_outbox();
--> statement-breakpoint
-- Index the catalog that is already there.
INSERT INTO product_search (product_id, category_id, subcategory_id, brand, sp_paise, document)
SELECT p.id, p.category_id, p.subcategory_id, p.brand, p.sp_paise, product_search_document(p)
  FROM products p;
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products p,
  search_words_of(concat_ws(' ', p.name, p.brand, p.features::text, p.description_text)) AS w
UNION
SELECT w FROM (SELECT name FROM categories UNION ALL SELECT name FROM subcategories) t,
  search_words_of(t.name) AS w;
