-- The search index kept per statement instead of per row (decision 082): an import's batch of
-- 500 products ran two PL/pgSQL triggers 500 times each, the search one building each document
-- with two subselects for the taxonomy's names. Now one INSERT … SELECT over the statement's
-- transition table, the taxonomy joined once. The document's rule stays one function, given the
-- names; the one-argument form looks them up (a category's rename, which touches few rows).
CREATE FUNCTION product_search_document(p products, category_name text, subcategory_name text)
RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('storefront_search', p.name), 'A')
      || setweight(to_tsvector('storefront_search',
           concat_ws(' ', p.brand, category_name, subcategory_name)), 'B')
      || setweight(jsonb_to_tsvector('storefront_search', p.features, '["string"]'), 'C')
      || setweight(to_tsvector('storefront_search', p.description_text), 'D')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_document(p products) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT product_search_document(p,
    (SELECT c.name FROM categories c WHERE c.id = p.category_id),
    (SELECT s.name FROM subcategories s WHERE s.id = p.subcategory_id))
$$;
--> statement-breakpoint
-- Indexes the statement's active products (changed_products) and drops the others. Every
-- updated row is indexed again, as the per-row trigger did for the columns a save sets (a
-- trigger with a transition table cannot name columns).
CREATE FUNCTION products_search_index() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_search ps USING changed_products p
   WHERE ps.product_id = p.id AND p.status <> 'active';
  INSERT INTO product_search (product_id, category_id, subcategory_id, brand, sp_paise, document, skus)
  SELECT p.id, p.category_id, p.subcategory_id, p.brand, p.sp_paise,
         product_search_document(p, c.name, s.name), product_search_skus(p)
    FROM changed_products p
    LEFT JOIN categories c ON c.id = p.category_id
    LEFT JOIN subcategories s ON s.id = p.subcategory_id
   WHERE p.status = 'active'
  ON CONFLICT (product_id) DO UPDATE SET
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    brand = EXCLUDED.brand, sp_paise = EXCLUDED.sp_paise, document = EXCLUDED.document,
    skus = EXCLUDED.skus;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_search_insert ON products;
--> statement-breakpoint
DROP TRIGGER products_search_update ON products;
--> statement-breakpoint
DROP FUNCTION product_search_upsert();
--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_index();
--> statement-breakpoint
CREATE TRIGGER products_search_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_index();
--> statement-breakpoint
-- Hosted Algolia mode's queue, likewise one statement per statement (and nothing while off).
CREATE OR REPLACE FUNCTION products_search_outbox() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM search_sync) THEN
    INSERT INTO search_outbox (product_id) SELECT id FROM changed_products
    ON CONFLICT (product_id) DO UPDATE SET changed_at = now();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_search_outbox ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_outbox_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_outbox();
--> statement-breakpoint
CREATE TRIGGER products_search_outbox_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_outbox();
--> statement-breakpoint
CREATE TRIGGER products_search_outbox_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_outbox();
