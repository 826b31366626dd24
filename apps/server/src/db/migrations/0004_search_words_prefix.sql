-- The prefix lookups of search (LIKE with a pattern known only at execution time) use the
-- trigram index; this btree was never chosen.
DROP INDEX "search_words_prefix_idx";