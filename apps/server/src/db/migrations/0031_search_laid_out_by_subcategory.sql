-- A search reads the product_search row of every match (its rank, its facets), and a word's
-- matches are mostly in a few subcategories. Inserted in the products' order, the rows of one
-- subcategory were spread over the whole table: 'steel' in Home & Kitchen read 3,509 of its
-- ~11,000 pages for 3,677 matches, 47 ms of PGlite's 73 (decision 088). The index's rows are now
-- written grouped by category and subcategory: a rebuild writes the whole table afresh that way,
-- a writer's batch its own rows; edits after a rebuild go where PostgreSQL finds room, and the
-- next rebuild groups them again.
CREATE OR REPLACE FUNCTION search_index_products(product_ids text[]) RETURNS void
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
   ORDER BY p.category_id, p.subcategory_id, p.id
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
CREATE OR REPLACE FUNCTION search_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE product_search;
  PERFORM search_index_products(ARRAY(SELECT id FROM products WHERE status = 'active'));
END $$;
--> statement-breakpoint
-- A catalog seeded or imported before this migration, laid out once by subcategory: CLUSTER
-- moves the rows as they are (5.5 s on PGlite at 100,000 products), where a rebuild would
-- compute every document and word again (54 s).
CLUSTER product_search USING product_search_subcategory_idx;
