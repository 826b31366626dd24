-- Email outbox (decision 010): a message is retried until its purpose expires (a verification
-- link lasts 24 hours, a payment confirmation is worth sending for 7 days), then marked dead.
ALTER TABLE "email_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "email_outbox" SET "expires_at" = "created_at" + CASE "kind"
  WHEN 'email_verification' THEN interval '24 hours' ELSE interval '7 days' END;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "dead_at" timestamp with time zone;
--> statement-breakpoint
-- Search (decision 016): accents fold on both sides. Queries were folded ('crème' → 'creme')
-- but the index was not, so a product named 'Crème' was found by neither spelling. English
-- with unaccent before stemming (the unaccent module's documented recipe) now builds the
-- documents, the queries and the highlighting; the lexicon of search_words is unaccented too.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION storefront_search (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION storefront_search
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_document(p products) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('storefront_search', p.name), 'A')
      || setweight(to_tsvector('storefront_search', concat_ws(' ', p.brand,
           (SELECT c.name FROM categories c WHERE c.id = p.category_id),
           (SELECT s.name FROM subcategories s WHERE s.id = p.subcategory_id))), 'B')
      || setweight(jsonb_to_tsvector('storefront_search', p.features, '["string"]'), 'C')
      || setweight(to_tsvector('storefront_search', p.description_text), 'D')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_of(p_text text) RETURNS SETOF text
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(unaccent(lower(p_text)), '[^[:alnum:]]+') AS w
   WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
$$;--> statement-breakpoint
UPDATE product_search ps SET document = product_search_document(p)
  FROM products p WHERE p.id = ps.product_id;--> statement-breakpoint
DELETE FROM search_words;--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products p, search_words_of(product_search_words_text(p)) AS w
UNION
SELECT w FROM (SELECT name FROM categories UNION ALL SELECT name FROM subcategories) t,
  search_words_of(t.name) AS w;
