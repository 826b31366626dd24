-- Bulk loads (the seed CLI's 100,000-product catalogs) index once at the end instead of row by
-- row: the loader disables the two insert triggers, then calls search_rebuild(). The words of a
-- product are written once, here, for both the trigger and the rebuild.
CREATE FUNCTION product_search_words_text(p products) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(' ', p.name, p.brand, p.features::text, p.description_text)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM changed_products p, search_words_of(product_search_words_text(p)) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, category_id, subcategory_id, brand, sp_paise, document)
  SELECT p.id, p.category_id, p.subcategory_id, p.brand, p.sp_paise, product_search_document(p)
    FROM products p
  ON CONFLICT (product_id) DO UPDATE SET
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    brand = EXCLUDED.brand, sp_paise = EXCLUDED.sp_paise, document = EXCLUDED.document;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products p, search_words_of(product_search_words_text(p)) AS w
  ON CONFLICT DO NOTHING;
END $$;
