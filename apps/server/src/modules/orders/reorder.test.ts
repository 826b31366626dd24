import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@storefront/shared/cart';
import { CART_LINES_MAX } from '@storefront/shared/constants';
import type { ReorderResponse } from '@storefront/shared/quick-order';
import { SHIPPING_SOURCES } from '@storefront/shared/pricing';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, shippingAddress, type TestBuyer } from '../../test/buyers.js';
import { insertProducts, type FixtureProduct } from '../../test/catalog-fixtures.js';

let t: TestApp;
const ids: Record<string, string> = {};
let fillers: string[];

beforeAll(async () => {
  t = await buildTestApp({ products: 10 });
  const fixtures: (FixtureProduct & { key: string })[] = [
    { key: 'plain', name: 'Steel Bolt', code: 'RO-BOLT', spPaise: 100_00 },
    { key: 'gone', name: 'Old Lamp', code: 'RO-LAMP', spPaise: 99_00 },
    { key: 'minimum', name: 'Cable Tie', code: 'RO-TIE', spPaise: 2_00 },
    { key: 'pack', name: 'Glass Jar', code: 'RO-JAR', spPaise: 30_00 },
    { key: 'stocked', name: 'Brass Tap', code: 'RO-TAP', spPaise: 450_00, stock: 50 },
    { key: 'sold', name: 'Copper Pipe', code: 'RO-PIPE', spPaise: 60_00, stock: 50 },
    {
      key: 'shirt',
      name: 'Work Shirt',
      code: 'RO-SHIRT',
      spPaise: 200_00,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: ['S', 'M'],
    },
  ];
  const inserted = await insertProducts(
    t,
    fixtures.map(({ key: _key, ...product }) => product),
  );
  fixtures.forEach((f, i) => (ids[f.key] = inserted[i]!));
  fillers = await insertProducts(
    t,
    Array.from({ length: 67 }, (_, i) => ({
      name: `RO Filler ${i}`,
      code: `RO-FILL-${i}`,
      spPaise: 10_00,
    })),
  );
});
afterAll(() => t.close());

const SOURCE = 'Ex-india custom';

async function add(buyer: TestBuyer, productId: string, quantity: number, variantIndex?: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/cart/items/${productId}`,
    headers: buyer.headers,
    payload: { quantity, source: SOURCE, variantIndex },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function placeOrder(buyer: TestBuyer): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: buyer.headers,
    payload: shippingAddress('Asha Mehta'),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ payload: { _id: { $oid: string } } }>().payload._id.$oid;
}

function reorder(buyer: TestBuyer, orderId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/reorder`,
    headers: buyer.headers,
  });
}

const cartOf = async (buyer: TestBuyer) =>
  (await t.app.inject({ url: '/api/cart/', headers: buyer.headers })).json<CartResponse>();

describe('POST /api/orders/{id}/reorder', () => {
  it("puts the order's lines back at today's prices, fitted to today's catalog, and says how", async () => {
    const buyer = await createBuyer(t);
    await add(buyer, ids.plain!, 3);
    await add(buyer, ids.gone!, 1);
    await add(buyer, ids.minimum!, 4);
    await add(buyer, ids.pack!, 7);
    await add(buyer, ids.stocked!, 20);
    await add(buyer, ids.sold!, 10);
    await add(buyer, ids.shirt!, 2, 1);
    await add(buyer, ids.shirt!, 1, 0);
    const orderId = await placeOrder(buyer);

    // Since then: a price rise, an archived product, a higher minimum, packs, stock sold.
    const db = t.database.db;
    await db.execute(
      sql`UPDATE products SET sp_paise = 12000, mrp_paise = 24000 WHERE id = ${ids.plain}`,
    );
    await db.execute(sql`UPDATE products SET status = 'archived' WHERE id = ${ids.gone}`);
    await db.execute(sql`UPDATE products SET min_order_quantity = 10 WHERE id = ${ids.minimum}`);
    await db.execute(sql`UPDATE products SET order_multiple = 6 WHERE id = ${ids.pack}`);
    await db.execute(
      sql`UPDATE stock_levels SET on_hand = 8 WHERE product_id = ${ids.stocked} AND variant_position IS NULL`,
    );
    await db.execute(
      sql`UPDATE stock_levels SET on_hand = 0 WHERE product_id = ${ids.sold} AND variant_position IS NULL`,
    );
    await db.execute(
      sql`DELETE FROM product_variants WHERE product_id = ${ids.shirt} AND position = 0`,
    );

    const response = await reorder(buyer, orderId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ReorderResponse>();
    const brief = (lines: ReorderResponse['added']) =>
      lines.map((l) => [l.sku, l.ordered, l.added, l.reason]);
    expect(brief(answer.added)).toEqual([
      ['RO-BOLT', 3, 3, null],
      ['RO-SHIRT-V2', 2, 2, null],
    ]);
    expect(brief(answer.adjusted)).toEqual([
      ['RO-TIE', 4, 10, 'The minimum order is now 10 units.'],
      ['RO-JAR', 7, 12, 'Sold in packs of 6 now.'],
      ['RO-TAP', 20, 8, 'Only 8 left in stock.'],
    ]);
    expect(brief(answer.unavailable)).toEqual([
      ['RO-LAMP', 1, 0, 'No longer sold.'],
      ['RO-PIPE', 10, 0, 'Out of stock.'],
      ['RO-SHIRT-V1', 1, 0, 'This option is no longer sold.'],
    ]);
    expect(answer.unavailable[0]!.title).toBe('Old Lamp');
    // The cart holds them in the order's order, at today's price (₹120.00 × 1.15).
    expect(answer.cart.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['RO-BOLT', 3],
      ['RO-TIE', 10],
      ['RO-JAR', 12],
      ['RO-TAP', 8],
      ['RO-SHIRT-V2', 2],
    ]);
    expect(answer.cart.lines[0]).toMatchObject({ unitPrice: 138, lineTotal: 414 });
    expect(answer.cart.lines.every((l) => l.problem === null)).toBe(true);

    // Again: the lines merge into those the cart holds, and stock counts what it holds.
    const again = (await reorder(buyer, orderId)).json<ReorderResponse>();
    expect(brief(again.unavailable).map((l) => l[0])).toContain('RO-TAP');
    // The cart answered is the very answer a read of the cart gives.
    expect(again.cart).toEqual(await cartOf(buyer));
    expect((await cartOf(buyer)).lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['RO-BOLT', 6],
      ['RO-TIE', 14],
      ['RO-JAR', 24],
      ['RO-TAP', 8],
      ['RO-SHIRT-V2', 4],
    ]);
  });

  it("answers another buyer's order and an unknown one as not found, and changes nothing", async () => {
    const owner = await createBuyer(t);
    const other = await createBuyer(t);
    await add(owner, ids.plain!, 1);
    const orderId = await placeOrder(owner);
    for (const id of [orderId, 'ffffffffffffffffffffffff']) {
      const response = await reorder(other, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'order_not_found', detail: 'Order not found' });
    }
    expect((await cartOf(other)).lineCount).toBe(0);
    expect((await cartOf(owner)).lineCount).toBe(0);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/reorder` });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`leaves out what a cart of ${CART_LINES_MAX} lines has no room for`, async () => {
    const buyer = await createBuyer(t);
    await add(buyer, ids.plain!, 1);
    await add(buyer, fillers[66]!, 1);
    const orderId = await placeOrder(buyer);
    // The fillers' lines but the last filler's at this source: the bolt's line makes 200.
    const keys = fillers
      .flatMap((productId) => SHIPPING_SOURCES.map((source) => ({ productId, source })))
      .slice(0, CART_LINES_MAX - 1);
    await t.database.db.execute(
      sql`INSERT INTO cart_lines (user_id, product_id, source, quantity)
          SELECT ${buyer.id}, x.product_id, x.source, 1
            FROM jsonb_to_recordset(${JSON.stringify(
              keys.map((k) => ({ product_id: k.productId, source: k.source })),
            )}::jsonb) AS x(product_id text, source text)`,
    );
    const answer = (await reorder(buyer, orderId)).json<ReorderResponse>();
    expect(answer.added.map((l) => l.sku)).toEqual(['RO-BOLT']);
    expect(answer.unavailable.map((l) => [l.sku, l.reason])).toEqual([
      [
        'RO-FILL-66',
        `Your cart already holds ${CART_LINES_MAX} different items, the most it can hold. Check out or remove an item before adding another.`,
      ],
    ]);
    expect(answer.cart.lineCount).toBe(CART_LINES_MAX);
  });
});
