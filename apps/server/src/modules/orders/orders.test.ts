import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@storefront/shared/cart';
import { OrderCreateBody, type Order, type OrderCreateInput } from '@storefront/shared/orders';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { BUYER_GSTIN, createBuyer, createBuyers, type TestBuyer } from '../../test/buyers.js';
import { insertFixtures } from '../../test/catalog-fixtures.js';
import { readTaxSetup } from '../gst/tax-setup.js';
import type { StaffActor } from '../staff/audit.js';
import { createStaff } from '../../test/staff.js';
import {
  createOrder,
  deliverOrder,
  newOrderNumber,
  shipOrder,
  transitionOrderStatus,
} from './service.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof insertFixtures>>;
beforeAll(async () => {
  // These tests drive one buyer and one address far past the order limits on purpose (50
  // submissions at once, 50 buyers at once), so they raise them as the bench does; the limits
  // have tests of their own (test/limits.security.test.ts).
  t = await buildTestApp({ products: 60, config: { rateLimitScale: 100 } });
  ids = await insertFixtures(t);
});
afterAll(() => t.close());

const ADDRESS: OrderCreateInput = {
  currency: 'INR',
  source: 1,
  recipientName: 'Asha Mehta',
  shippingAddress1: '14 Linking Road',
  shippingAddress2: 'Bandra West',
  shippingAddress3: '',
  shippingCity: 'Mumbai',
  shippingState: 'Maharashtra',
  shippingPostalCode: '400050',
  shippingCountry: 'in',
  shippingPhoneNumber: '9876543210',
};
const ORDER_NUMBER = /^MKP-\d{8}-[0-9A-HJKMNP-TV-Z]{6}$/;

function placeOrder(buyer: TestBuyer | undefined, body: object = ADDRESS, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: {
      ...(buyer?.headers ?? {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });
}

async function add(buyer: TestBuyer, productId: string, body: object): Promise<CartResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/cart/items/${productId}`,
    headers: buyer.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** 10 tiered mugs (₹95.00 × 1.15 = ₹109.25) and 2 shirts 'M, Red' (₹123.45 × 1.25 = ₹154.31). */
async function fillCart(buyer: TestBuyer) {
  await add(buyer, ids.tiered, { quantity: 10, source: 'Ex-india custom' });
  return add(buyer, ids.shirt, { quantity: 2, source: 'doorstep delivery', variantIndex: 1 });
}
const FILLED_TOTAL = 1092.5 + 308.62;

async function ordersOf(buyer: TestBuyer): Promise<Order[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/orders/',
    headers: buyer.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload;
}

async function countOrders(userId: string): Promise<number> {
  const result = await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`,
  );
  return Number((result.rows[0] as { n: number }).n);
}

describe('POST /api/orders/', () => {
  it('creates the order from the cart, priced by the server, and empties the cart', async () => {
    const buyer = await createBuyer(t);
    const cart = await fillCart(buyer);
    expect(cart.total).toBe(FILLED_TOTAL);

    const response = await placeOrder(buyer);
    expect(response.statusCode, response.body).toBe(201);
    const order: Order = response.json().payload;
    expect(order._id.$oid).toMatch(/^[0-9a-f]{24}$/);
    expect(order.mkpOrderId).toMatch(ORDER_NUMBER);
    expect(order).toMatchObject({
      pStatus: 'UP',
      currency: 'INR',
      source: 1,
      recipientName: 'Asha Mehta',
      shippingAddress2: 'Bandra West',
      shippingCountry: 'in',
      total_amount: 1401.12,
      itemCount: 12,
      carrier: null,
      trackingNumber: null,
    });
    expect(order.orderDetails).toEqual([
      {
        productId: ids.tiered,
        variantIndex: null,
        title: 'Tiered Steel Mug',
        sku: 'TST-TIER',
        sellerSku: 'SUP-12345',
        source: 'Ex-india custom',
        consumerPrice: 109.25,
        quantity: 10,
        lineTotal: 1092.5,
        // 18 % (HSN 0000: no rate in the table), Maharashtra to Maharashtra: CGST + SGST.
        // 109250 × 100 / 118 = 92584.7 → 92585; tax 16665, the odd paisa to CGST.
        gst: {
          hsn: '0000',
          rate: 18,
          taxable: 925.85,
          tax: 166.65,
          cgst: 83.33,
          sgst: 83.32,
          igst: 0,
        },
      },
      {
        productId: ids.shirt,
        variantIndex: 1,
        title: 'Cotton Work Shirt (M, Red)',
        sku: 'TST-SHIRT-V2',
        sellerSku: null,
        source: 'doorstep delivery',
        consumerPrice: 154.31,
        quantity: 2,
        lineTotal: 308.62,
        // 30862 × 100 / 118 = 26154.2 → 26154; tax 4708.
        gst: {
          hsn: '0000',
          rate: 18,
          taxable: 261.54,
          tax: 47.08,
          cgst: 23.54,
          sgst: 23.54,
          igst: 0,
        },
      },
    ]);
    expect(order.tax).toEqual({
      taxable: 1187.39,
      cgst: 106.87,
      sgst: 106.86,
      igst: 0,
      tax: 213.73,
      heads: ['CGST', 'SGST'],
      supplyType: 'intra',
      placeOfSupply: { code: '27', name: 'Maharashtra' },
    });
    expect(order.shippingState).toBe('Maharashtra');
    expect(order.shippingStateCode).toBe('27');
    // Billed to the account's GSTIN, company and business address (no billing details given).
    expect(order.billing).toEqual({
      gstin: BUYER_GSTIN,
      legalName: 'Test Traders Pvt Ltd',
      address1: '1 Test Road',
      address2: '',
      city: 'Pune',
      state: 'Maharashtra',
      stateCode: '27',
      postalCode: '',
    });
    expect(order.statusHistory).toEqual([
      { from: null, status: 'UP', cause: 'order_created', at: order.createdAt },
    ]);

    const after = await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer.headers });
    expect(after.json()).toMatchObject({ items: {}, lines: [], total: 0 });

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/order/${order._id.$oid}`,
      headers: buyer.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().payload).toEqual(order);
  });

  it('9 units are priced at the first tier and 10 at the second', async () => {
    const buyer = await createBuyer(t);
    await add(buyer, ids.tiered, { quantity: 9, source: 'Ex-china' });
    const nine: Order = (await placeOrder(buyer)).json().payload;
    await add(buyer, ids.tiered, { quantity: 10, source: 'Ex-china' });
    const ten: Order = (await placeOrder(buyer)).json().payload;
    expect([nine.orderDetails[0]!.consumerPrice, nine.total_amount]).toEqual([100, 900]);
    expect([ten.orderDetails[0]!.consumerPrice, ten.total_amount]).toEqual([95, 950]);
  });

  it('an empty cart is a 409 with a clear detail, and creates nothing', async () => {
    const buyer = await createBuyer(t);
    const response = await placeOrder(buyer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'cart_empty',
      detail: 'Your cart is empty. Add items before checking out.',
    });
    expect(await countOrders(buyer.id)).toBe(0);
  });

  it.each([
    [{ total_amount: 1 }],
    [{ price: 0.01 }],
    [{ orderDetails: [{ title: 'x', sku: 'x', consumerPrice: 0.01, quantity: 1 }] }],
    [{ pStatus: 'PD' }],
    [{ userId: '65a000000000000000000001' }],
    [{ currency: 'USD' }],
    [{ source: 2 }],
  ])('refuses a client-sent %j and creates nothing', async (extra) => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const response = await placeOrder(buyer, { ...ADDRESS, ...extra });
    expect(response.statusCode).toBe(400);
    expect(await countOrders(buyer.id)).toBe(0);
    // The cart is intact, and the order then placed carries the server's prices.
    const order: Order = (await placeOrder(buyer)).json().payload;
    expect(order.total_amount).toBe(FILLED_TOTAL);
    expect(order.pStatus).toBe('UP');
  });

  it('tampered prices and totals never change what is stored or charged (decision 013)', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const cartUrl = `/api/cart/items/${ids.tiered}`;
    const tamperedCart = [
      { quantity: 1, source: 'Ex-india custom', unitPrice: 0.01 },
      { quantity: 1, source: 'Ex-india custom', lineTotal: 0.01, subtotal: 0.01 },
    ];
    for (const payload of tamperedCart)
      for (const method of ['POST', 'PATCH'] as const) {
        const response = await t.app.inject({
          method,
          url: cartUrl,
          headers: buyer.headers,
          payload,
        });
        expect(response.statusCode).toBe(400);
      }
    const tamperedOrder = {
      total_amount: 0.01,
      orderDetails: [{ title: 'x', sku: 'x', consumerPrice: 0.01, quantity: 12 }],
    };
    expect((await placeOrder(buyer, { ...ADDRESS, ...tamperedOrder }, 'tampered')).statusCode).toBe(
      400,
    );

    const order: Order = (await placeOrder(buyer, ADDRESS, 'honest')).json().payload;
    const id = order._id.$oid;
    // Stored: ₹109.25 × 10 and ₹154.31 × 2, ₹1,401.12 in all, in paise.
    const stored = await t.database.db.execute(
      sql`SELECT o.total_paise, l.unit_price_paise, l.quantity, l.line_total_paise
            FROM orders o JOIN order_lines l ON l.order_id = o.id
           WHERE o.id = ${id} ORDER BY l.position`,
    );
    expect(stored.rows.map((r) => Object.values(r).map(Number))).toEqual([
      [140112, 10925, 10, 109250],
      [140112, 15431, 2, 30862],
    ]);
    // Charged: the payment attempt and the gateway's transaction carry the stored total.
    const pay = await t.app.inject({
      method: 'GET',
      url: `/api/payments/pay/${id}`,
      headers: buyer.headers,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const charged = await t.database.db.execute(
      sql`SELECT p.amount_paise AS attempt, g.amount_paise AS gateway
            FROM payments p JOIN sandbox_gateway_transactions g
              ON g.transaction_id = p.merchant_transaction_id
           WHERE p.order_id = ${id}`,
    );
    expect(charged.rows.map((r) => Object.values(r).map(Number))).toEqual([[140112, 140112]]);
  });

  it('a __proto__ key changes nothing', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(ADDRESS).replace('{', '{"__proto__":{"total_amount":1},'),
    });
    expect(response.statusCode).toBe(400);
    expect(await countOrders(buyer.id)).toBe(0);
  });

  it.each([
    ['recipientName', 'Recipient name is required'],
    ['shippingAddress1', 'Address line 1 is required'],
    ['shippingCity', 'City is required'],
    ['shippingState', 'State / Province is required'],
    ['shippingPostalCode', 'ZIP / Postal code is required'],
    ['shippingCountry', 'Country is required'],
    ['shippingPhoneNumber', 'Phone number is required'],
  ])('a missing or blank %s is refused with "%s"', async (field, message) => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    for (const value of [undefined, '   ']) {
      const response = await placeOrder(buyer, { ...ADDRESS, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: `${field}: ${message}` });
    }
    expect(await countOrders(buyer.id)).toBe(0);
  });

  it('address lines 2 and 3, currency and source may be left out', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const { recipientName, shippingAddress1, shippingCity, shippingState } = ADDRESS;
    const response = await placeOrder(buyer, {
      recipientName,
      shippingAddress1,
      shippingCity,
      shippingState,
      shippingPostalCode: '400050',
      shippingCountry: 'in',
      shippingPhoneNumber: '9876543210',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().payload).toMatchObject({
      shippingAddress2: '',
      shippingAddress3: '',
      currency: 'INR',
      source: 1,
    });
  });

  it('needs a signed-in buyer', async () => {
    expect((await placeOrder(undefined)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/' })).statusCode).toBe(401);
  });

  it('retries on an order-number collision', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const first: Order = (await placeOrder(buyer)).json().payload;
    await fillCart(buyer);
    const numbers = [first.mkpOrderId, first.mkpOrderId, 'MKP-20261122-7K3F9Q'];
    const result = await createOrder(
      t.database.db,
      buyer.id,
      OrderCreateBody.parse(ADDRESS),
      undefined,
      { setup: await readTaxSetup(t.database.db), env: 'test' },
      { orderNumber: () => numbers.shift()! },
    );
    expect(result.body.payload.mkpOrderId).toBe('MKP-20261122-7K3F9Q');
    expect(await countOrders(buyer.id)).toBe(2);
  });

  it('a cart longer than 32,767 lines (stored before the line limit) still checks out', async () => {
    // Order line positions were smallint, and such a cart made checkout fail with a 500.
    const buyer = await createBuyer(t);
    const lines = 32_770;
    const products = Math.ceil(lines / 3);
    const copies = sql`SELECT 'dd' || lpad(to_hex(g), 22, '0') AS id, g
                         FROM generate_series(1, ${products}) g`;
    // Copies of one product, three lines each; without the search triggers, which are not
    // what this test is about and would take most of its time.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql`INSERT INTO products (id, code, name, category_id, subcategory_id, description_html,
                description_text, weight_grams, hsn, location, mrp_paise, sp_paise)
            SELECT c.id, 'TST-LONG-' || c.g, p.name, p.category_id, p.subcategory_id, '', '',
                   p.weight_grams, p.hsn, p.location, p.mrp_paise, p.sp_paise
              FROM products p, (${copies}) c
             WHERE p.id = ${ids.cheap}`,
      );
    });
    await t.database.db.execute(
      sql`INSERT INTO cart_lines (user_id, product_id, source, quantity)
          SELECT ${buyer.id}, c.id, s.source, 1
            FROM (${copies}) c,
                 unnest(ARRAY['Ex-china', 'Ex-india custom', 'doorstep delivery']) s(source)
           LIMIT ${lines}`,
    );

    const response = await placeOrder(buyer);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    const order: Order = response.json().payload;
    expect(order.orderDetails).toHaveLength(lines);
    const stored = await t.database.db.execute(
      sql`SELECT count(*)::int AS n, max(position) AS last FROM order_lines
           WHERE order_id = ${order._id.$oid}`,
    );
    expect(stored.rows[0]).toEqual({ n: lines, last: lines - 1 });
  });

  it('order numbers carry the date in India', () => {
    // 20:00 UTC on 21 Nov is 01:30 on 22 Nov in India.
    expect(newOrderNumber(new Date('2026-11-21T20:00:00Z'))).toMatch(/^MKP-20261122-/);
  });
});

describe('statements per order (bench/README.md, decision 072)', () => {
  it('places an order with an Idempotency-Key in two statements on either database, storing what it answered', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const placed = await placeOrder(buyer, ADDRESS, 'counted');
    expect(placed.statusCode, placed.body).toBe(201);
    // The read of the session's state (decision 092), the key's answer, the account and the
    // cart with its products; place_order, which claims the key, takes the cart and writes the
    // order with its lines, its history and the key's answer. No transaction of the server's:
    // no BEGIN, COMMIT or lock timeout of their own on PostgreSQL.
    expect(Number(placed.headers['x-sql-statements'])).toBe(2);
    // What was answered is what was stored, times included.
    const [stored] = await ordersOf(buyer);
    expect(placed.json<{ payload: Order }>().payload).toEqual(stored);
  });

  it('takes tracked stock in the same statement', async () => {
    const buyer = await createBuyer(t);
    const tracked = await t.database.db.execute(
      sql`SELECT p.id, s.on_hand FROM products p
            JOIN stock_levels s ON s.product_id = p.id AND s.variant_position IS NULL
           WHERE p.status = 'active' AND p.options = '[]' AND p.min_order_quantity = 1
             AND p.order_multiple = 1 AND s.on_hand >= 3
           ORDER BY p.id LIMIT 1`,
    );
    const product = tracked.rows[0] as { id: string; on_hand: number };
    await add(buyer, product.id, { quantity: 2, source: 'Ex-china' });
    const placed = await placeOrder(buyer, ADDRESS, 'counted-stock');
    expect(placed.statusCode, placed.body).toBe(201);
    expect(Number(placed.headers['x-sql-statements'])).toBe(2);
    const after = await t.database.db.execute(
      sql`SELECT s.on_hand, l.stock_reserved, l.stock_variant_position
            FROM stock_levels s, order_lines l
           WHERE s.product_id = ${product.id} AND s.variant_position IS NULL
             AND l.order_id = ${placed.json<{ payload: Order }>().payload._id.$oid}`,
    );
    expect(after.rows).toEqual([
      { on_hand: Number(product.on_hand) - 2, stock_reserved: 2, stock_variant_position: null },
    ]);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body replay the first answer byte for byte; one order only', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const first = await placeOrder(buyer, ADDRESS, 'checkout-1');
    expect(first.statusCode).toBe(201);
    // A new cart must not be consumed by a replay.
    await add(buyer, ids.cheap, { quantity: 1, source: 'Ex-china' });
    const replay = await placeOrder(buyer, ADDRESS, 'checkout-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await countOrders(buyer.id)).toBe(1);
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer.headers });
    expect((cart.json() as CartResponse).lineCount).toBe(1);
  });

  it('the same key with a different body is 422 and creates nothing', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    expect((await placeOrder(buyer, ADDRESS, 'k')).statusCode).toBe(201);
    await fillCart(buyer);
    const changed = await placeOrder(buyer, { ...ADDRESS, shippingCity: 'Pune' }, 'k');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      code: 'idempotency_key_reused',
      detail: 'This Idempotency-Key was used with a different request',
    });
    expect(await countOrders(buyer.id)).toBe(1);
  });

  it('two different keys make two orders; a second one on an emptied cart is refused', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    expect((await placeOrder(buyer, ADDRESS, 'a')).statusCode).toBe(201);
    expect((await placeOrder(buyer, ADDRESS, 'b')).statusCode).toBe(409);
    await fillCart(buyer);
    expect((await placeOrder(buyer, ADDRESS, 'b')).statusCode).toBe(201);
    expect(await countOrders(buyer.id)).toBe(2);
  });

  it('a failed attempt keeps nothing: the same key succeeds once the cart is filled', async () => {
    const buyer = await createBuyer(t);
    expect((await placeOrder(buyer, ADDRESS, 'retry-me')).statusCode).toBe(409);
    await fillCart(buyer);
    expect((await placeOrder(buyer, ADDRESS, 'retry-me')).statusCode).toBe(201);
  });

  it('keys belong to one buyer: another buyer’s same key is their own', async () => {
    const [a, b] = await createBuyers(t, 2);
    await fillCart(a!);
    await fillCart(b!);
    const fromA = await placeOrder(a, ADDRESS, 'shared-key');
    const fromB = await placeOrder(b, ADDRESS, 'shared-key');
    expect([fromA.statusCode, fromB.statusCode]).toEqual([201, 201]);
    expect(fromA.json().payload._id).not.toEqual(fromB.json().payload._id);
  });

  it.each(['x'.repeat(256), 'has space', 'ünïcode'])('key %s is refused', async (key) => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const response = await placeOrder(buyer, ADDRESS, key);
    expect(response.statusCode).toBe(400);
    expect(await countOrders(buyer.id)).toBe(0);
  });

  it('50 parallel submissions with one key make exactly one order (G6)', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(buyer, ADDRESS, 'g6')),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    expect(await countOrders(buyer.id)).toBe(1);

    const replays = [];
    for (let i = 0; i < 10; i++) replays.push(await placeOrder(buyer, ADDRESS, 'g6'));
    expect(replays.map((r) => r.body)).toEqual(Array(10).fill(created[0]!.body));
    expect((await placeOrder(buyer, { ...ADDRESS, recipientName: 'X' }, 'g6')).statusCode).toBe(
      422,
    );
    expect(await countOrders(buyer.id)).toBe(1);
  });

  it('parallel submissions of one cart with different keys make one order', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => placeOrder(buyer, ADDRESS, `race-${i}`)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await countOrders(buyer.id)).toBe(1);
  });

  it('50 buyers ordering at once all get their orders, none lost', async () => {
    const buyers = await createBuyers(t, 50);
    for (const buyer of buyers) await fillCart(buyer);
    const responses = await Promise.all(
      buyers.map((buyer, i) => placeOrder(buyer, ADDRESS, `many-${i}`)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = new Set(responses.map((r) => r.json().payload.mkpOrderId));
    expect(numbers.size).toBe(50);
    for (const [i, buyer] of buyers.entries()) {
      const [order, ...rest] = await ordersOf(buyer);
      expect(rest).toEqual([]);
      expect(order!.mkpOrderId).toBe(responses[i]!.json().payload.mkpOrderId);
      expect(order!.total_amount).toBe(FILLED_TOTAL);
      expect(order!.orderDetails).toHaveLength(2);
    }
  });
});

describe('GET /api/orders/ and /api/orders/order/{id}', () => {
  it('lists the buyer’s orders newest first', async () => {
    const buyer = await createBuyer(t);
    const placed: string[] = [];
    for (const quantity of [1, 2, 3]) {
      await add(buyer, ids.cheap, { quantity, source: 'Ex-china' });
      placed.push((await placeOrder(buyer)).json().payload.mkpOrderId);
    }
    const list = await ordersOf(buyer);
    expect(list.map((o) => o.mkpOrderId)).toEqual(placed.reverse());
    expect(list.map((o) => o.total_amount)).toEqual([3.3, 2.2, 1.1]);
  });

  it('another buyer’s order ids answer 404, never 2xx (G3)', async () => {
    const [owner, other] = await createBuyers(t, 2);
    const orderIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      await fillCart(owner!);
      orderIds.push((await placeOrder(owner)).json().payload._id.$oid);
    }
    const before = JSON.stringify(await ordersOf(owner!));
    const responses = await Promise.all(
      orderIds.flatMap((id) => [
        t.app.inject({ method: 'GET', url: `/api/orders/order/${id}`, headers: other!.headers }),
        t.app.inject({ method: 'GET', url: `/api/orders/order/${id}` }),
      ]),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 200 && s < 300)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([404, 401]));
    expect(await ordersOf(other!)).toEqual([]);
    expect(JSON.stringify(await ordersOf(owner!))).toBe(before);
  });

  it('an unknown id is 404 and a malformed one 400', async () => {
    const buyer = await createBuyer(t);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/orders/order/${'a'.repeat(24)}`,
      headers: buyer.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'order_not_found', detail: 'Order not found' });
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/orders/order/MKP-1',
      headers: buyer.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('transitionOrderStatus', () => {
  async function newOrder(): Promise<{ buyer: TestBuyer; order: Order }> {
    const buyer = await createBuyer(t);
    await add(buyer, ids.cheap, { quantity: 1, source: 'Ex-china' });
    return { buyer, order: (await placeOrder(buyer)).json().payload };
  }
  const move = (orderId: string, from: string[], to: string, cause: string) =>
    t.database.db.transaction((tx) =>
      transitionOrderStatus(tx, orderId, from, to, cause, { test: true }),
    );

  it('moves only from an allowed status, and records every change with its cause', async () => {
    const { buyer, order } = await newOrder();
    const id = order._id.$oid;
    expect(await move(id, ['PD'], 'SHIPPED', 'operator')).toBe(false);
    expect(await move(id, ['UP', 'PU'], 'PF', 'payment_callback')).toBe(true);
    expect(await move(id, ['UP', 'PU'], 'PF', 'payment_callback')).toBe(false);
    expect(await move(id, ['UP', 'PU', 'PF'], 'PD', 'reconciliation')).toBe(true);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/order/${id}`,
      headers: buyer.headers,
    });
    const after: Order = detail.json().payload;
    expect(after.pStatus).toBe('PD');
    expect(after.statusHistory.map(({ from, status, cause }) => [from, status, cause])).toEqual([
      [null, 'UP', 'order_created'],
      ['UP', 'PF', 'payment_callback'],
      ['PF', 'PD', 'reconciliation'],
    ]);
  });

  it('of 20 concurrent identical transitions exactly one applies', async () => {
    const { order } = await newOrder();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        move(order._id.$oid, ['UP', 'PF'], 'PD', 'payment_callback'),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const history = await t.database.db.execute(
      sql`SELECT from_status, to_status FROM order_status_history
           WHERE order_id = ${order._id.$oid} ORDER BY id`,
    );
    expect(history.rows).toEqual([
      { from_status: null, to_status: 'UP' },
      { from_status: 'UP', to_status: 'PD' },
    ]);
  });
});

describe('operator commands (product decision #7)', () => {
  async function paidOrder(): Promise<{ buyer: TestBuyer; order: Order }> {
    const buyer = await createBuyer(t);
    await add(buyer, ids.cheap, { quantity: 1, source: 'Ex-china' });
    const order: Order = (await placeOrder(buyer)).json().payload;
    return { buyer, order };
  }
  const pay = (orderId: string) =>
    t.database.db.transaction((tx) =>
      transitionOrderStatus(tx, orderId, ['UP', 'PF'], 'PD', 'payment_callback', {}),
    );
  const shipment = { carrier: 'Delhivery', trackingNumber: 'DL123456789IN' };
  /** Where the buyer's emails link to. */
  const PUBLIC_URL = 'https://shop.example';
  let packer: StaffActor;
  beforeAll(async () => {
    const member = await createStaff(t, 'fulfilment');
    packer = { staffId: member.id, actor: member.email, ip: null, userAgent: 'test' };
  });

  it('ship refuses an unpaid order and deliver an unshipped one, with the reason', async () => {
    const { order } = await paidOrder();
    await expect(
      shipOrder(t.database.db, packer, order.mkpOrderId, shipment, PUBLIC_URL),
    ).rejects.toMatchObject({
      status: 409,
      detail: `Order ${order.mkpOrderId} is Payment Pending (UP); only a paid order (PD) can be shipped.`,
    });
    await pay(order._id.$oid);
    await expect(
      deliverOrder(t.database.db, packer, order.mkpOrderId, PUBLIC_URL),
    ).rejects.toMatchObject({
      status: 409,
      detail: `Order ${order.mkpOrderId} is Paid (PD); only a shipped order (SHIPPED) can be delivered.`,
    });
    await expect(
      shipOrder(t.database.db, packer, 'MKP-00000000-NOPE00', shipment, PUBLIC_URL),
    ).rejects.toMatchObject({
      status: 404,
      detail: 'No order MKP-00000000-NOPE00',
    });
  });

  it('ship then deliver a paid order; the buyer sees carrier, tracking and every change', async () => {
    const { buyer, order } = await paidOrder();
    await pay(order._id.$oid);
    expect(await shipOrder(t.database.db, packer, order.mkpOrderId, shipment, PUBLIC_URL)).toEqual({
      mkpOrderId: order.mkpOrderId,
      pStatus: 'SHIPPED',
    });
    // The same shipment again is a retried request: the same answer, nothing new.
    expect(await shipOrder(t.database.db, packer, order.mkpOrderId, shipment, PUBLIC_URL)).toEqual({
      mkpOrderId: order.mkpOrderId,
      pStatus: 'SHIPPED',
    });
    await expect(
      shipOrder(
        t.database.db,
        packer,
        order.mkpOrderId,
        { ...shipment, trackingNumber: 'X1' },
        PUBLIC_URL,
      ),
    ).rejects.toMatchObject({ status: 409, code: 'order_not_shippable' });
    expect(await deliverOrder(t.database.db, packer, order.mkpOrderId, PUBLIC_URL)).toEqual({
      mkpOrderId: order.mkpOrderId,
      pStatus: 'DELIVERED',
    });
    expect(await deliverOrder(t.database.db, packer, order.mkpOrderId, PUBLIC_URL)).toEqual({
      mkpOrderId: order.mkpOrderId,
      pStatus: 'DELIVERED',
    });
    const emails = await t.database.db.execute(
      sql`SELECT kind, subject, text_body FROM email_outbox WHERE order_id = ${order._id.$oid} ORDER BY id`,
    );
    expect(emails.rows.map((row) => [row.kind, row.subject])).toEqual([
      ['order_shipped', `Your order ${order.mkpOrderId} has shipped`],
      ['order_delivered', `Your order ${order.mkpOrderId} has been delivered`],
    ]);
    expect(emails.rows[0]!.text_body).toContain('Tracking number: DL123456789IN');
    expect(emails.rows[0]!.text_body).toContain(`${PUBLIC_URL}/orders/${order._id.$oid}`);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/order/${order._id.$oid}`,
      headers: buyer.headers,
    });
    const after: Order = detail.json().payload;
    expect(after).toMatchObject({
      pStatus: 'DELIVERED',
      carrier: 'Delhivery',
      trackingNumber: 'DL123456789IN',
    });
    expect(after.statusHistory.map(({ from, status, cause }) => [from, status, cause])).toEqual([
      [null, 'UP', 'order_created'],
      ['UP', 'PD', 'payment_callback'],
      ['PD', 'SHIPPED', 'operator'],
      ['SHIPPED', 'DELIVERED', 'operator'],
    ]);
    const times = after.statusHistory.map((h) => Date.parse(h.at.$date));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('records who shipped and delivered in the audit log, in the same transaction', async () => {
    const { order } = await paidOrder();
    await pay(order._id.$oid);
    await shipOrder(t.database.db, packer, order.mkpOrderId, shipment, PUBLIC_URL);
    await deliverOrder(t.database.db, packer, order.mkpOrderId, PUBLIC_URL);
    const logged = await t.database.db.execute(
      sql`SELECT actor, staff_id, action, before, after FROM staff_audit_log
           WHERE target_type = 'order' AND target_id = ${order.mkpOrderId} ORDER BY id`,
    );
    expect(logged.rows).toEqual([
      {
        actor: packer.actor,
        staff_id: packer.staffId,
        action: 'order.ship',
        before: { pStatus: 'PD' },
        after: { pStatus: 'SHIPPED', ...shipment, trackingUrl: null },
      },
      {
        actor: packer.actor,
        staff_id: packer.staffId,
        action: 'order.deliver',
        before: { pStatus: 'SHIPPED' },
        after: { pStatus: 'DELIVERED' },
      },
    ]);
    // A refused command leaves no entry.
    await expect(
      shipOrder(t.database.db, packer, order.mkpOrderId, shipment, PUBLIC_URL),
    ).rejects.toMatchObject({
      status: 409,
    });
    const count = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM staff_audit_log WHERE target_id = ${order.mkpOrderId}`,
    );
    expect(count.rows[0]).toEqual({ n: 2 });
  });
});
