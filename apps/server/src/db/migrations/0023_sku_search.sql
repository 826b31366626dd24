ALTER TABLE "product_search" ADD COLUMN "skus" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_skus_idx" ON "product_search" USING gin ("skus");--> statement-breakpoint
-- Search by product code, seller SKU and variant SKU (decision 059): product_search.skus holds
-- them lower-cased (active products only, as migration 0015 keeps the index); a query equal to one finds its product (GIN containment) and ranks it first.
CREATE FUNCTION product_search_skus(p products) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT array(SELECT DISTINCT lower(s) FROM (
    SELECT p.code AS s UNION ALL SELECT p.seller_sku
    UNION ALL SELECT v.sku FROM product_variants v WHERE v.product_id = p.id) t
   WHERE s IS NOT NULL AND s <> '' ORDER BY 1)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_upsert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'active' THEN
    DELETE FROM product_search WHERE product_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO product_search (product_id, category_id, subcategory_id, brand, sp_paise, document, skus)
  VALUES (NEW.id, NEW.category_id, NEW.subcategory_id, NEW.brand, NEW.sp_paise,
          product_search_document(NEW), product_search_skus(NEW))
  ON CONFLICT (product_id) DO UPDATE SET
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    brand = EXCLUDED.brand, sp_paise = EXCLUDED.sp_paise, document = EXCLUDED.document,
    skus = EXCLUDED.skus;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_search_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_update
  AFTER UPDATE OF name, brand, category_id, subcategory_id, features, description_text, sp_paise,
    status, code, seller_sku
  ON products FOR EACH ROW EXECUTE FUNCTION product_search_upsert();
--> statement-breakpoint
-- Variants are written after their product (and replaced on a save): statement-level, over the
-- transition table, one UPDATE per batch. A product not yet indexed (the seed's bulk load, which
-- indexes at the end with search_rebuild) is left alone.
CREATE FUNCTION product_variants_search_skus() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search ps SET skus = product_search_skus(p)
    FROM products p
   WHERE p.id = ps.product_id
     AND p.id IN (SELECT DISTINCT product_id FROM changed_variants);
  IF EXISTS (SELECT 1 FROM search_sync) THEN
    INSERT INTO search_outbox (product_id)
    SELECT DISTINCT product_id FROM changed_variants
     WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = product_id)
    ON CONFLICT (product_id) DO UPDATE SET changed_at = now();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_search_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS changed_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_search_skus();
--> statement-breakpoint
CREATE TRIGGER product_variants_search_update AFTER UPDATE ON product_variants
  REFERENCING NEW TABLE AS changed_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_search_skus();
--> statement-breakpoint
CREATE TRIGGER product_variants_search_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS changed_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_search_skus();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_search ps USING products p
   WHERE p.id = ps.product_id AND p.status <> 'active';
  INSERT INTO product_search (product_id, category_id, subcategory_id, brand, sp_paise, document, skus)
  SELECT p.id, p.category_id, p.subcategory_id, p.brand, p.sp_paise, product_search_document(p),
         product_search_skus(p)
    FROM products p WHERE p.status = 'active'
  ON CONFLICT (product_id) DO UPDATE SET
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    brand = EXCLUDED.brand, sp_paise = EXCLUDED.sp_paise, document = EXCLUDED.document,
    skus = EXCLUDED.skus;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products p, search_words_of(product_search_words_text(p)) AS w
   WHERE p.status = 'active'
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
UPDATE product_search ps SET skus = product_search_skus(p) FROM products p WHERE p.id = ps.product_id;
