-- Decision 072: an order is written in one round trip. The server reads the cart, prices and
-- taxes it (the rules stay in TypeScript, written once) and calls place_order with the result;
-- the function claims the Idempotency-Key, takes the cart (refusing if it is not the one that
-- was priced), takes the stock, and writes the order, its lines, its first history entry and
-- the key's answer. A refusal raises, so nothing of it is kept:
--   cart_changed        the cart taken is not the cart priced (the caller reads it again)
--   order_number_taken  another order took the number meanwhile (the caller draws another)
--   out_of_stock        DETAIL {"line", "onHand", "asked"}: the first row short, by line
--   sold_out            a row lost its units under the lock (never, kept as the last guard)
-- It answers {"replayed": false}, {"numberTaken": true} (the number is used; nothing was
-- written), or {"replayed": true, "requestHash", "responseBody"} (a committed claim of the key).
CREATE FUNCTION place_order(o jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  new_order_id text := o->'order'->>'id';
  buyer_id text := o->'order'->>'user_id';
  created timestamptz := (o->'order'->>'created_at')::timestamptz;
  idempotency_key text := o->>'key';
  rows_written bigint;
  rows_drawn bigint;
  stored record;
  short record;
  drawn jsonb;
BEGIN
  -- First, before any statement takes a table's lock: how long the order waits for one (a
  -- migration's DDL on these tables must not hold orders without a timeout; bench/README.md).
  IF o->>'lockTimeoutMs' IS NOT NULL THEN
    PERFORM set_config('lock_timeout', o->>'lockTimeoutMs', true);
  END IF;
  IF EXISTS (SELECT 1 FROM orders WHERE mkp_order_id = o->'order'->>'mkp_order_id') THEN
    RETURN jsonb_build_object('numberTaken', true);
  END IF;

  -- The key's claim: a claim not yet committed makes this wait for its transaction.
  IF idempotency_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash)
    VALUES (buyer_id, idempotency_key, o->>'requestHash')
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS rows_written = ROW_COUNT;
    IF rows_written = 0 THEN
      -- A claim commits with its answer and keys are never pruned (decision 014), so this
      -- statement's fresh snapshot finds both.
      SELECT k.request_hash, k.response_body INTO stored
        FROM idempotency_keys k WHERE k.user_id = buyer_id AND k.key = idempotency_key;
      RETURN jsonb_build_object('replayed', true, 'requestHash', stored.request_hash,
                                'responseBody', stored.response_body);
    END IF;
  END IF;

  -- The cart: the DELETE takes its lines' row locks, so a second checkout of it waits and then
  -- finds it changed; exactly the lines priced, or nothing.
  IF jsonb_typeof(o->'cart') = 'array' THEN
    WITH taken AS (
      DELETE FROM cart_lines c WHERE c.user_id = buyer_id
      RETURNING c.id, c.product_id, c.variant_index, c.source, c.quantity)
    SELECT count(*) INTO rows_written
      FROM taken t
      FULL JOIN jsonb_to_recordset(o->'cart') AS e(id bigint, "productId" text,
                  "variantIndex" smallint, source text, quantity integer) ON e.id = t.id
     WHERE t.id IS NULL OR e.id IS NULL OR t.product_id <> e."productId"
        OR t.variant_index IS DISTINCT FROM e."variantIndex" OR t.source <> e.source
        OR t.quantity <> e.quantity;
    IF rows_written > 0 THEN
      RAISE EXCEPTION 'cart_changed';
    END IF;
  END IF;

  -- The stock (decision 048): the rows of the products priced as tracked, locked in one order
  -- (product, then position) so two orders never wait on each other in a cycle; each line draws
  -- on its variant's row, else its product's, else none (catalog/stock.ts stockRowFor).
  IF jsonb_array_length(o->'stock') > 0 THEN
    PERFORM 1 FROM stock_levels s
      WHERE s.product_id IN (SELECT w->>'productId' FROM jsonb_array_elements(o->'stock') w)
      ORDER BY s.product_id, s.variant_position NULLS FIRST
      FOR NO KEY UPDATE;
    SELECT coalesce(jsonb_agg(jsonb_build_object('line', w.line, 'productId', w."productId",
             'position', r.variant_position, 'quantity', w.quantity, 'onHand', r.on_hand)), '[]')
      INTO drawn
      FROM jsonb_to_recordset(o->'stock') AS w(line integer, "productId" text,
             "variantIndex" smallint, quantity integer)
      JOIN LATERAL (
        SELECT s.variant_position, s.on_hand FROM stock_levels s
         WHERE s.product_id = w."productId"
           AND (s.variant_position = w."variantIndex" OR s.variant_position IS NULL)
         ORDER BY s.variant_position NULLS LAST LIMIT 1) r ON true;
    -- Lines drawing on one row are counted together; the first row short, by its first line.
    SELECT min(d.line) AS line, min(d."onHand") AS on_hand, sum(d.quantity) AS asked INTO short
      FROM jsonb_to_recordset(drawn) AS d("productId" text, position smallint,
             quantity integer, line integer, "onHand" integer)
     GROUP BY d."productId", d.position
    HAVING min(d."onHand") < sum(d.quantity)
     ORDER BY min(d.line) LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'out_of_stock' USING DETAIL = jsonb_build_object('line', short.line,
        'onHand', short.on_hand, 'asked', short.asked)::text;
    END IF;
    UPDATE stock_levels s SET on_hand = s.on_hand - w.quantity, updated_at = now()
      FROM (SELECT d."productId" AS product_id, d.position, sum(d.quantity) AS quantity
              FROM jsonb_to_recordset(drawn) AS d("productId" text, position smallint,
                     quantity integer)
             GROUP BY 1, 2) w
     WHERE s.product_id = w.product_id AND s.variant_position IS NOT DISTINCT FROM w.position
       AND s.on_hand >= w.quantity;
    GET DIAGNOSTICS rows_written = ROW_COUNT;
    SELECT count(DISTINCT (d->>'productId', d->>'position')) INTO rows_drawn
      FROM jsonb_array_elements(drawn) d;
    IF rows_written <> rows_drawn THEN
      RAISE EXCEPTION 'sold_out';
    END IF;
  END IF;

  INSERT INTO orders (id, mkp_order_id, user_id, p_status, currency, source,
      recipient_name, shipping_address1, shipping_address2, shipping_address3,
      shipping_city, shipping_state, shipping_state_code, shipping_postal_code,
      shipping_country, shipping_phone_number, total_paise, created_at,
      billing_gstin, billing_legal_name, billing_address1, billing_address2,
      billing_city, billing_state_code, billing_postal_code, seller_state_code,
      place_of_supply, supply_type, taxable_paise, cgst_paise, sgst_paise, igst_paise)
  SELECT r.id, r.mkp_order_id, r.user_id, r.p_status, r.currency, r.source,
      r.recipient_name, r.shipping_address1, r.shipping_address2, r.shipping_address3,
      r.shipping_city, r.shipping_state, r.shipping_state_code, r.shipping_postal_code,
      r.shipping_country, r.shipping_phone_number, r.total_paise, r.created_at,
      r.billing_gstin, r.billing_legal_name, r.billing_address1, r.billing_address2,
      r.billing_city, r.billing_state_code, r.billing_postal_code, r.seller_state_code,
      r.place_of_supply, r.supply_type, r.taxable_paise, r.cgst_paise, r.sgst_paise,
      r.igst_paise
    FROM jsonb_populate_record(NULL::orders, o->'order') r
  ON CONFLICT (mkp_order_id) DO NOTHING;
  GET DIAGNOSTICS rows_written = ROW_COUNT;
  IF rows_written = 0 THEN
    RAISE EXCEPTION 'order_number_taken';
  END IF;

  INSERT INTO order_lines (order_id, position, product_id, variant_index, title, sku,
      seller_sku, source, unit_price_paise, quantity, line_total_paise,
      stock_reserved, stock_variant_position, hsn, gst_rate_bp, taxable_paise,
      cgst_paise, sgst_paise, igst_paise)
  SELECT new_order_id, x.position, x."productId", x."variantIndex", x.title, x.sku,
         x."sellerSku", x.source, x."unitPricePaise", x.quantity, x."lineTotalPaise",
         d.quantity, d.position, x.hsn, x."gstRateBp",
         x."taxablePaise", x."cgstPaise", x."sgstPaise", x."igstPaise"
    FROM jsonb_to_recordset(o->'lines') AS x(
           position integer, "productId" text, "variantIndex" smallint, title text,
           sku text, "sellerSku" text, source text, "unitPricePaise" bigint,
           quantity integer, "lineTotalPaise" bigint, hsn text, "gstRateBp" integer,
           "taxablePaise" bigint, "cgstPaise" bigint, "sgstPaise" bigint, "igstPaise" bigint)
    LEFT JOIN jsonb_to_recordset(coalesce(drawn, '[]')) AS d(line integer, position smallint,
           quantity integer) ON d.line = x.position;

  INSERT INTO order_status_history (order_id, from_status, to_status, cause, created_at)
  VALUES (new_order_id, NULL, 'UP', 'order_created', created);

  IF idempotency_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET response_status = 201, response_body = o->'response'
     WHERE k.user_id = buyer_id AND k.key = idempotency_key;
  END IF;
  RETURN jsonb_build_object('replayed', false);
END
$$;
