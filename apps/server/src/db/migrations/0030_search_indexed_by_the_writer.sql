-- A batch's search index written once, by its writer (decision 084). The catalog's writer
-- (saveProducts) inserts a batch's products, then their variants (their foreign key): the
-- products' statement trigger wrote each new product's product_search row, and the variants'
-- trigger rewrote it for their SKUs moments later (a new tuple, every index again). Now the
-- writer marks its statements with the transaction-local setting storefront.search_deferred,
-- the triggers leave the index to it, and it calls search_index_products once its rows are in.
-- Every other write (an operator's SQL, a taxonomy move) is indexed by the triggers as before,
-- through the same function.
CREATE FUNCTION search_deferred() RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('storefront.search_deferred', true), '') = 'on'
$$;
--> statement-breakpoint
-- The index of these products as a rebuild would make it: an active product's row (document and
-- SKUs) and its words; any other's row removed.
CREATE FUNCTION search_index_products(product_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_search ps USING products p
   WHERE ps.product_id = p.id AND p.id = ANY (product_ids) AND p.status <> 'active';
  INSERT INTO product_search (product_id, category_id, subcategory_id, brand, sp_paise, document, skus)
  SELECT p.id, p.category_id, p.subcategory_id, p.brand, p.sp_paise,
         product_search_document(p, c.name, s.name), product_search_skus(p)
    FROM products p
    LEFT JOIN categories c ON c.id = p.category_id
    LEFT JOIN subcategories s ON s.id = p.subcategory_id
   WHERE p.id = ANY (product_ids) AND p.status = 'active'
  ON CONFLICT (product_id) DO UPDATE SET
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    brand = EXCLUDED.brand, sp_paise = EXCLUDED.sp_paise, document = EXCLUDED.document,
    skus = EXCLUDED.skus;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products p, search_words_of(product_search_words_text(p)) AS w
   WHERE p.id = ANY (product_ids) AND p.status = 'active'
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- The products' statement triggers: the index and the words in one function now.
CREATE OR REPLACE FUNCTION products_search_index() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT search_deferred() THEN
    PERFORM search_index_products(ARRAY(SELECT id FROM changed_products));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_search_words_insert ON products;
--> statement-breakpoint
DROP TRIGGER products_search_words_update ON products;
--> statement-breakpoint
DROP FUNCTION products_search_words();
--> statement-breakpoint
-- A variant's SKUs, unless its writer indexes its product; the Algolia queue either way.
CREATE OR REPLACE FUNCTION product_variants_search_skus() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT search_deferred() THEN
    UPDATE product_search ps SET skus = product_search_skus(p)
      FROM products p
     WHERE p.id = ps.product_id
       AND p.id IN (SELECT DISTINCT product_id FROM changed_variants);
  END IF;
  IF EXISTS (SELECT 1 FROM search_sync) THEN
    INSERT INTO search_outbox (product_id)
    SELECT DISTINCT product_id FROM changed_variants
     WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = product_id)
    ON CONFLICT (product_id) DO UPDATE SET changed_at = now();
  END IF;
  RETURN NULL;
END $$;
