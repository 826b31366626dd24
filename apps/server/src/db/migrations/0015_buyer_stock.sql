-- Buyers see active products only (issue 20, decision 048). The listings' indexes become partial
-- on status = 'active', so a listing's page stays an ordered index walk and its total an
-- index-only count; products_active_idx serves the whole-catalog listing. Search indexes only
-- active products: a product that leaves 'active' leaves product_search (and its words are not
-- added to the lexicon), and search_rebuild() skips the others. An order line records the units
-- it took from stock_levels, from which row, and when they were given back (once).
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_subcategory_idx";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "stock_reserved" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "stock_variant_position" smallint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "stock_released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_active_idx" ON "products" USING btree ("id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_subcategory_idx" ON "products" USING btree ("subcategory_id","id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_upsert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'active' THEN
    DELETE FROM product_search WHERE product_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO product_search (product_id, category_id, subcategory_id, brand, sp_paise, document)
  VALUES (NEW.id, NEW.category_id, NEW.subcategory_id, NEW.brand, NEW.sp_paise,
          product_search_document(NEW))
  ON CONFLICT (product_id) DO UPDATE SET
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    brand = EXCLUDED.brand, sp_paise = EXCLUDED.sp_paise, document = EXCLUDED.document;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_search_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_update
  AFTER UPDATE OF name, brand, category_id, subcategory_id, features, description_text, sp_paise, status
  ON products FOR EACH ROW EXECUTE FUNCTION product_search_upsert();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM changed_products p, search_words_of(product_search_words_text(p)) AS w
   WHERE p.status = 'active'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_search ps USING products p
   WHERE p.id = ps.product_id AND p.status <> 'active';
  INSERT INTO product_search (product_id, category_id, subcategory_id, brand, sp_paise, document)
  SELECT p.id, p.category_id, p.subcategory_id, p.brand, p.sp_paise, product_search_document(p)
    FROM products p WHERE p.status = 'active'
  ON CONFLICT (product_id) DO UPDATE SET
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    brand = EXCLUDED.brand, sp_paise = EXCLUDED.sp_paise, document = EXCLUDED.document;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products p, search_words_of(product_search_words_text(p)) AS w
   WHERE p.status = 'active'
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
DELETE FROM product_search ps USING products p
 WHERE p.id = ps.product_id AND p.status <> 'active';
