-- Decision 091: a cart add in one call after one read. add_cart_line locks the buyer's row,
-- finds the buyer's lines of the product as the caller read them (lines_read; NULL when its
-- rules did not look at them), and inserts the line or raises it within the caps. It answers:
--   added           the line was inserted or raised
--   moved           the lines changed since the read (the caller reads and checks again)
--   no_buyer        no such account
--   too_many_lines  a new line, and the cart holds lines_max already
--   too_large       the line would pass quantity_max
CREATE FUNCTION cart_product_lines(buyer text, product text) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('variantIndex', variant_index, 'source', source,
                                               'quantity', quantity)
                            ORDER BY variant_index NULLS FIRST, source), '[]'::jsonb)
    FROM cart_lines WHERE user_id = buyer AND product_id = product
$$;
--> statement-breakpoint
CREATE FUNCTION add_cart_line(buyer text, product text, variant smallint, line_source text,
                              quantity_added integer, lines_read jsonb, lines_max integer,
                              quantity_max integer) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  line_count bigint;
  has_line boolean;
BEGIN
  PERFORM 1 FROM users WHERE id = buyer FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN 'no_buyer';
  END IF;
  IF lines_read IS NOT NULL AND cart_product_lines(buyer, product) IS DISTINCT FROM lines_read THEN
    RETURN 'moved';
  END IF;
  SELECT count(*),
         coalesce(bool_or(product_id = product AND variant_index IS NOT DISTINCT FROM variant
                          AND source = line_source), false)
    INTO line_count, has_line
    FROM cart_lines WHERE user_id = buyer;
  IF NOT has_line AND line_count >= lines_max THEN
    RETURN 'too_many_lines';
  END IF;
  INSERT INTO cart_lines (user_id, product_id, variant_index, source, quantity)
  VALUES (buyer, product, variant, line_source, quantity_added)
  ON CONFLICT ON CONSTRAINT cart_lines_key DO UPDATE
    SET quantity = cart_lines.quantity + excluded.quantity, updated_at = now()
    WHERE cart_lines.quantity + excluded.quantity <= quantity_max;
  IF NOT FOUND THEN
    RETURN 'too_large';
  END IF;
  RETURN 'added';
END
$$;
