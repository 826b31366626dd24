/**
 * The seller's catalog on the buyer side (issue 20, decision 048): only active products reach
 * buyers; stock is read uncached; the cart and the order keep to stock, the minimum order and
 * the pack size; an order takes its units in its own transaction and a cancellation or a lapse
 * gives them back once; a variant's own price is what the cart and the order charge.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@storefront/shared/cart';
import type {
  ProductAvailability,
  ProductDetail,
  ProductListResponse,
} from '@storefront/shared/catalog';
import type { OrderCreateResponse } from '@storefront/shared/orders';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, createBuyers, shippingAddress, type TestBuyer } from '../../test/buyers.js';
import { insertProducts, type FixtureProduct } from '../../test/catalog-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 30 });
});
afterAll(() => t.close());

let counter = 0;
/** One product of its own per test, so tests never share units. */
async function product(fixture: Partial<FixtureProduct> = {}): Promise<string> {
  counter += 1;
  const [id] = await insertProducts(t, [
    { name: `Stock Test Jar ${counter}`, code: `STK-${counter}`, spPaise: 100_00, ...fixture },
  ]);
  return id!;
}

const addToCart = (buyer: TestBuyer, productId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/cart/items/${productId}`,
    headers: buyer.headers,
    payload: { source: 'Ex-china', ...payload },
  });

const setInCart = (buyer: TestBuyer, productId: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/cart/items/${productId}`,
    headers: buyer.headers,
    payload: { source: 'Ex-china', ...payload },
  });

const order = (buyer: TestBuyer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: buyer.headers,
    payload: shippingAddress('Stock Tester'),
  });

async function stockOf(productId: string, position: number | null = null): Promise<number | null> {
  const result = await t.database.db.execute(
    sql`SELECT on_hand FROM stock_levels
         WHERE product_id = ${productId} AND variant_position IS NOT DISTINCT FROM ${position}::smallint`,
  );
  const row = result.rows[0] as { on_hand: number } | undefined;
  return row ? Number(row.on_hand) : null;
}

async function cartOf(buyer: TestBuyer): Promise<CartResponse> {
  return (await t.app.inject({ url: '/api/cart/', headers: buyer.headers })).json();
}

describe('a product that is not active', () => {
  it('reaches no buyer: no page, no related, no listing, no several-products answer', async () => {
    const sub = await t.database.db.execute(
      sql`SELECT s.slug, c.slug AS category FROM subcategories s JOIN categories c ON c.id = s.category_id
           ORDER BY s.position, s.id LIMIT 1`,
    );
    const { slug } = sub.rows[0] as { slug: string };
    const listing = async () =>
      (
        await t.app.inject({ url: `/api/products?query=${slug}&limit=100` })
      ).json<ProductListResponse>();
    const before = await listing();
    const draft = await product({ status: 'draft' });
    const archived = await product({ status: 'archived' });
    const active = await product();
    const after = await listing();
    expect(after.total).toBe(before.total + 1);
    expect(after.payload.map((p) => p._id)).toContain(active);
    expect(after.payload.map((p) => p._id)).not.toContain(draft);
    const whole = (
      await t.app.inject({ url: '/api/products?limit=100' })
    ).json<ProductListResponse>();
    expect(whole.payload.map((p) => p._id)).not.toContain(archived);

    for (const id of [draft, archived]) {
      for (const url of [
        `/api/products/product/${id}`,
        `/api/products/recommend/${id}`,
        `/api/products/${id}/availability`,
      ]) {
        const answer = await t.app.inject({ url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({ detail: 'Product not found', code: 'product_not_found' });
      }
    }
    const several = await t.app.inject({
      method: 'POST',
      url: '/api/products/multiple-products',
      payload: { product_ids: [draft, active] },
    });
    expect((several.json() as { payload: ProductDetail[] }).payload.map((p) => p._id)).toEqual([
      active,
    ]);
    const related = (await t.app.inject({ url: `/api/products/recommend/${active}` })).json() as {
      payload: { _id: string }[];
    };
    expect(related.payload.map((p) => p._id)).not.toContain(draft);
  });

  it('leaves search, and comes back when it is active again', async () => {
    const id = await product({ name: 'Zanzibarite Lantern' });
    const search = async () => {
      const answer = await t.app.inject({
        url: '/api/search/1/indexes/product_index?query=zanzibarite',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { hits: { objectID: string }[] }).hits;
    };
    expect((await search()).map((h) => h.objectID)).toEqual([id]);
    await t.database.db.execute(sql`UPDATE products SET status = 'archived' WHERE id = ${id}`);
    expect(await search()).toEqual([]);
    await t.database.db.execute(sql`UPDATE products SET status = 'active' WHERE id = ${id}`);
    expect((await search()).map((h) => h.objectID)).toEqual([id]);
    // A rebuild of the index (the seed's bulk load) skips it too while it is a draft.
    await t.database.db.execute(sql`UPDATE products SET status = 'draft' WHERE id = ${id}`);
    await t.database.db.execute(sql`SELECT search_rebuild()`);
    expect(await search()).toEqual([]);
  });

  it('cannot be added, and a line of it in a cart is shown unavailable and refused at checkout', async () => {
    const buyer = await createBuyer(t);
    const draft = await product({ status: 'draft' });
    const refused = await addToCart(buyer, draft, { quantity: 1 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('product_not_found');

    const id = await product({ name: 'Retired Stapler' });
    expect((await addToCart(buyer, id, { quantity: 2 })).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE products SET status = 'archived' WHERE id = ${id}`);
    const cart = await cartOf(buyer);
    expect(cart.lines[0]!.problem).toBe(
      'Retired Stapler is no longer available. Remove it from your cart.',
    );
    const changed = await setInCart(buyer, id, { quantity: 3 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('product_unavailable');
    const placed = await order(buyer);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toEqual({
      code: 'cart_line_unavailable',
      detail: 'Retired Stapler is no longer available. Remove it from your cart. Then try again.',
    });
    // Nothing was taken: the cart is still there to fix.
    expect((await cartOf(buyer)).lineCount).toBe(1);
  });
});

describe('availability', () => {
  it('is read fresh on every call, per product and per variant', async () => {
    const untracked = await product();
    const first = await t.app.inject({ url: `/api/products/${untracked}/availability` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ payload: { productId: untracked, stock: null, variants: [] } });

    const shirt = await product({
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: ['S', 'M', 'L'],
      stock: 7,
      variantStock: { M: 0, L: 40 },
    });
    const url = `/api/products/${shirt}/availability`;
    const read = async () => {
      const answer = await t.app.inject({ url });
      expect(Number(answer.headers['x-sql-statements'])).toBeGreaterThan(0);
      return (answer.json() as { payload: ProductAvailability }).payload;
    };
    // S has no row of its own: it draws on the product's 7.
    expect(await read()).toEqual({
      productId: shirt,
      stock: 7,
      variants: [
        { variantIndex: 0, stock: 7 },
        { variantIndex: 1, stock: 0 },
        { variantIndex: 2, stock: 40 },
      ],
    });
    await t.database.db.execute(
      sql`UPDATE stock_levels SET on_hand = 3 WHERE product_id = ${shirt} AND variant_position IS NULL`,
    );
    expect((await read()).variants[0]).toEqual({ variantIndex: 0, stock: 3 });
  });

  it('the product detail carries the minimum, the pack size and each variant’s own price', async () => {
    const id = await product({
      spPaise: 50_00,
      minOrderQuantity: 10,
      orderMultiple: 5,
      options: [{ name: 'Pack', values: ['Pack of 1', 'Pack of 6'] }],
      variants: ['Pack of 1', 'Pack of 6'],
      variantPrices: { 'Pack of 6': 285_00 },
    });
    const detail = (await t.app.inject({ url: `/api/products/product/${id}` })).json() as {
      payload: ProductDetail;
    };
    expect(detail.payload).toMatchObject({ minOrderQuantity: 10, orderMultiple: 5 });
    expect(detail.payload.varients).toEqual([
      { option1: 'Pack of 1', sku: `STK-${counter}-V1`, variantIndex: 0, price: null },
      { option1: 'Pack of 6', sku: `STK-${counter}-V2`, variantIndex: 1, price: 285 },
    ]);
  });
});

describe('the cart', () => {
  it('refuses more than is in stock, counting the lines that draw on the same units', async () => {
    const buyer = await createBuyer(t);
    const id = await product({ name: 'Brass Hinge', stock: 5 });
    const tooMany = await addToCart(buyer, id, { quantity: 6 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      code: 'out_of_stock',
      detail: 'Only 5 of Brass Hinge left in stock; you asked for 6.',
    });
    expect((await addToCart(buyer, id, { quantity: 3 })).statusCode).toBe(200);
    // Another source's line of the same product draws on the same 5.
    const other = await addToCart(buyer, id, { quantity: 3, source: 'Ex-india custom' });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe('Only 5 of Brass Hinge left in stock; you asked for 6.');
    expect((await setInCart(buyer, id, { quantity: 5 })).statusCode).toBe(200);
    const raised = await setInCart(buyer, id, { quantity: 6 });
    expect(raised.statusCode).toBe(409);

    const empty = await product({ name: 'Sold Out Hinge', stock: 0 });
    const none = await addToCart(buyer, empty, { quantity: 1 });
    expect(none.json()).toEqual({
      code: 'out_of_stock',
      detail: 'Sold Out Hinge is out of stock.',
    });

    // Stock that falls under a line (another buyer's order) is shown on the line.
    await t.database.db.execute(sql`UPDATE stock_levels SET on_hand = 2 WHERE product_id = ${id}`);
    const line = (await cartOf(buyer)).lines[0]!;
    expect(line).toMatchObject({
      available: 2,
      problem: 'Only 2 of Brass Hinge left in stock; you asked for 5.',
    });
  });

  it('checks again an add whose lines moved under it: concurrent adds never pass the stock', async () => {
    const buyer = await createBuyer(t);
    const id = await product({ name: 'Copper Rivet', stock: 10 });
    // Each add reads the product and the lines unlocked; add_cart_line writes only if the lines
    // are still as read (decision 091), so every add but the first reads again, and those that
    // would take the two lines past the 10 units are refused.
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        addToCart(buyer, id, { quantity: 3, source: i % 2 ? 'Ex-china' : 'Ex-india custom' }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409))
      expect(refused.json().code).toBe('out_of_stock');
    const lines = (await cartOf(buyer)).lines;
    expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(9);
  });

  it('takes every one of many concurrent adds of a product no rule counts', async () => {
    const buyer = await createBuyer(t);
    const id = await product({ name: 'Untracked Washer' });
    // No stock row, no minimum, no packs: the lines are not compared (decision 091), so no add
    // reads again, however many arrive together (five rounds of reads would end in cart_busy).
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => addToCart(buyer, id, { quantity: 2 })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    expect((await cartOf(buyer)).lines.map((line) => line.quantity)).toEqual([16]);
  });

  it('keeps a line to the minimum order and whole packs, with messages that say why', async () => {
    const buyer = await createBuyer(t);
    const id = await product({ name: 'Cable Ties', minOrderQuantity: 10, orderMultiple: 5 });
    const below = await addToCart(buyer, id, { quantity: 5 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({
      code: 'quantity_below_minimum',
      detail: 'Cable Ties has a minimum order of 10 units; you chose 5.',
    });
    const split = await addToCart(buyer, id, { quantity: 12 });
    expect(split.statusCode).toBe(400);
    expect(split.json()).toEqual({
      code: 'quantity_not_multiple',
      detail: 'Cable Ties is sold in packs of 5: choose a multiple of 5, such as 10 or 15.',
    });
    expect((await addToCart(buyer, id, { quantity: 10 })).statusCode).toBe(200);
    // An add of one more pack to the line is whole packs again.
    const more = await addToCart(buyer, id, { quantity: 5 });
    expect(more.statusCode).toBe(200);
    expect((more.json() as CartResponse).lines[0]).toMatchObject({
      quantity: 15,
      minOrderQuantity: 10,
      orderMultiple: 5,
      problem: null,
    });
    expect((await setInCart(buyer, id, { quantity: 16 })).json().code).toBe(
      'quantity_not_multiple',
    );
  });

  it('prices a variant at its own price, the product’s tiers scaled to it', async () => {
    const buyer = await createBuyer(t);
    const id = await product({
      spPaise: 100_00,
      tiers: [
        { minQuantity: 1, maxQuantity: 9, pricePaise: 100_00 },
        { minQuantity: 10, maxQuantity: 999_999, pricePaise: 90_00 },
      ],
      options: [{ name: 'Pack', values: ['Pack of 1', 'Pack of 3'] }],
      variants: ['Pack of 1', 'Pack of 3'],
      variantPrices: { 'Pack of 3': 285_00 },
    });
    await addToCart(buyer, id, { quantity: 2, variantIndex: 0 });
    const cart = (
      await addToCart(buyer, id, { quantity: 10, variantIndex: 1 })
    ).json() as CartResponse;
    expect(cart.lines.map((l) => [l.option1, l.unitPrice, l.lineTotal])).toEqual([
      ['Pack of 1', 100, 200],
      // ₹285 scaled by the 10+ tier's 90%: ₹256.50 a pack.
      ['Pack of 3', 256.5, 2565],
    ]);
    expect(cart.lines[1]!.pricing).toEqual({
      spPaise: 285_00,
      tiers: [
        { minQuantity: 1, maxQuantity: 9, pricePaise: 285_00 },
        { minQuantity: 10, maxQuantity: 999_999, pricePaise: 256_50 },
      ],
      gstRateBp: 1800,
    });
    const placed = await order(buyer);
    expect(placed.statusCode, placed.body).toBe(201);
    const body = placed.json() as OrderCreateResponse;
    expect(body.payload.orderDetails.map((l) => l.consumerPrice)).toEqual([100, 256.5]);
    expect(body.payload.total_amount).toBe(2765);
  });
});

describe('an order', () => {
  it('takes its units in its own transaction and records what it took and from where', async () => {
    const buyer = await createBuyer(t);
    const id = await product({
      stock: 20,
      options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
      variants: ['Red', 'Blue'],
      variantStock: { Blue: 4 },
    });
    await addToCart(buyer, id, { quantity: 3, variantIndex: 0 });
    await addToCart(buyer, id, { quantity: 4, variantIndex: 1 });
    const placed = await order(buyer);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf(id)).toBe(17);
    expect(await stockOf(id, 1)).toBe(0);
    const lines = await t.database.db.execute(
      sql`SELECT l.variant_index, l.stock_reserved, l.stock_variant_position, l.stock_released_at
            FROM order_lines l JOIN orders o ON o.id = l.order_id
           WHERE o.user_id = ${buyer.id} ORDER BY l.position`,
    );
    expect(lines.rows).toEqual([
      {
        variant_index: 0,
        stock_reserved: 3,
        stock_variant_position: null,
        stock_released_at: null,
      },
      { variant_index: 1, stock_reserved: 4, stock_variant_position: 1, stock_released_at: null },
    ]);
  });

  it('of more than is left is refused with 409 and writes nothing', async () => {
    const buyer = await createBuyer(t);
    const id = await product({ name: 'Last Few Kettles', stock: 6 });
    await addToCart(buyer, id, { quantity: 5 });
    // Another buyer's order takes 3 meanwhile.
    await t.database.db.execute(sql`UPDATE stock_levels SET on_hand = 3 WHERE product_id = ${id}`);
    const placed = await order(buyer);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toEqual({
      code: 'out_of_stock',
      detail: 'Only 3 of Last Few Kettles left in stock; you asked for 5.',
    });
    expect(await stockOf(id)).toBe(3);
    expect((await cartOf(buyer)).lineCount).toBe(1);
    const orders = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${buyer.id}`,
    );
    expect(orders.rows[0]).toEqual({ n: 0 });
  });

  it('of a line below the minimum (the rule changed after it was added) is refused', async () => {
    const buyer = await createBuyer(t);
    const id = await product({ name: 'Paper Rolls' });
    await addToCart(buyer, id, { quantity: 4 });
    await t.database.db.execute(
      sql`UPDATE products SET min_order_quantity = 6, order_multiple = 6 WHERE id = ${id}`,
    );
    const placed = await order(buyer);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toEqual({
      code: 'cart_line_quantity',
      detail:
        'Paper Rolls has a minimum order of 6 units; you chose 4. Change it in your cart and try again.',
    });
  });

  it('changes stock without emptying the cached catalog answers', async () => {
    const buyer = await createBuyer(t);
    const id = await product({ stock: 50 });
    await t.catalogNoticesSettled();
    const url = `/api/products/product/${id}`;
    await t.app.inject({ url });
    expect((await t.app.inject({ url })).headers['x-sql-statements']).toBe('0');
    await addToCart(buyer, id, { quantity: 5 });
    expect((await order(buyer)).statusCode).toBe(201);
    expect(await stockOf(id)).toBe(45);
    // A catalog notice from the order would have arrived by now.
    await t.catalogNoticesSettled();
    expect((await t.app.inject({ url })).headers['x-sql-statements']).toBe('0');
    const fresh = await t.app.inject({ url: `/api/products/${id}/availability` });
    expect((fresh.json() as { payload: ProductAvailability }).payload.stock).toBe(45);
  });
});

describe('50 concurrent orders for the last 10 units', () => {
  it('exactly 10 succeed, and stock ends at 0, never below', async () => {
    const id = await product({ name: 'Last Ten Lamps', stock: 50 });
    const buyers = await createBuyers(t, 50);
    for (const buyer of buyers)
      expect((await addToCart(buyer, id, { quantity: 1 })).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE stock_levels SET on_hand = 10 WHERE product_id = ${id}`);
    const answers = await Promise.all(buyers.map((buyer) => order(buyer)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toEqual({
        code: 'out_of_stock',
        detail: 'Last Ten Lamps is out of stock.',
      });
    expect(await stockOf(id)).toBe(0);
    const reserved = await t.database.db.execute(
      sql`SELECT sum(stock_reserved)::int AS n FROM order_lines WHERE product_id = ${id}`,
    );
    expect(reserved.rows[0]).toEqual({ n: 10 });
  });
});

// The lapse after the payment window gives units back too: payments/refunds.test.ts.
describe('a cancelled order', () => {
  it('gives its units back when the buyer cancels, once however often it is cancelled', async () => {
    const buyer = await createBuyer(t);
    const id = await product({ stock: 12 });
    await addToCart(buyer, id, { quantity: 5 });
    const placed = (await order(buyer)).json() as OrderCreateResponse;
    expect(await stockOf(id)).toBe(7);
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${placed.payload._id.$oid}/cancel`,
        headers: buyer.headers,
        payload: {},
      });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect((await cancel()).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(12);
    const line = await t.database.db.execute(
      sql`SELECT stock_released_at IS NOT NULL AS released FROM order_lines WHERE order_id = ${placed.payload._id.$oid}`,
    );
    expect(line.rows).toEqual([{ released: true }]);
  });

  it('of an untracked product gives nothing back and changes no stock row', async () => {
    const buyer = await createBuyer(t);
    const id = await product();
    await addToCart(buyer, id, { quantity: 2 });
    const placed = (await order(buyer)).json() as OrderCreateResponse;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.payload._id.$oid}/cancel`,
      headers: buyer.headers,
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(id)).toBeNull();
  });
});
