/**
 * G3 (reliability-and-security.md): buyer A's token on buyer B's ids. Every path of the OpenAPI
 * document that takes a path parameter, and every path whose operations need a buyer's token,
 * is called with every verb, each path parameter set to each of B's ids (the products of B's
 * cart lines, B's order ids and order numbers, B's payment attempts, B's user id) and each body
 * aimed at B's data (B's cart line keys, B's order body with B's Idempotency-Key).
 *
 * - A path that needs a buyer's token answers A no 2xx, with two exceptions that act on A's
 *   own data: reading A's own cart, orders or profile, and adding a product to A's own cart
 *   (product ids are public). Those answers carry none of B's private values, and A's cart is
 *   emptied after every request, so each call finds A with nothing of its own.
 * - A public path may answer 2xx (a product is public), never with B's private values.
 * - B's rows in cart_lines, orders, order_lines, order_status_history, payments and
 *   idempotency_keys have the same checksum before and after.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipOrder, transitionOrderStatus } from '../modules/orders/service.js';
import { buildTestApp, type TestApp } from './app.js';
import { createBuyers, type TestBuyer } from './buyers.js';
import { insertFixtures } from './catalog-fixtures.js';

const VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const B_KEY = 'b-private-checkout-key';
const B_ORDER_BODY = {
  recipientName: 'Bhavna Kulkarni-Private',
  shippingAddress1: '7 Secret Lane',
  shippingCity: 'Nagpur',
  shippingState: 'Maharashtra',
  shippingPostalCode: '440001',
  shippingCountry: 'in',
  shippingPhoneNumber: '9123456780',
};
/** B's cart, as line keys: several sources and both variants of the product with options. */
const B_LINES = (ids: Record<'tiered' | 'shirt' | 'cheap', string>) => [
  { productId: ids.tiered, body: { source: 'Ex-china', variantIndex: null } },
  { productId: ids.tiered, body: { source: 'Ex-india custom', variantIndex: null } },
  { productId: ids.shirt, body: { source: 'Ex-china', variantIndex: 0 } },
  { productId: ids.shirt, body: { source: 'doorstep delivery', variantIndex: 1 } },
  { productId: ids.cheap, body: { source: 'doorstep delivery', variantIndex: null } },
];

interface Path {
  path: string;
  params: string[];
  /** Some operation of the path needs a buyer's (or the operator's) bearer token. */
  authenticated: boolean;
}

let t: TestApp;
let a: TestBuyer;
let b: TestBuyer;
let paths: Path[];
let lines: ReturnType<typeof B_LINES>;
/** B's ids that a path parameter can name. */
let bIds: string[];
/** Values of B's that no answer to A may contain. */
let bPrivate: string[];

function inject(buyer: TestBuyer, method: string, url: string, body?: unknown, key?: string) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...buyer.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

beforeAll(async () => {
  t = await buildTestApp({ products: 10 });
  const ids = await insertFixtures(t);
  [a, b] = (await createBuyers(t, 2)) as [TestBuyer, TestBuyer];
  lines = B_LINES(ids);

  // B: three orders (unpaid with a payment attempt, paid, shipped), then a cart of five lines.
  const orders: { id: string; mkpOrderId: string }[] = [];
  for (let i = 0; i < 3; i++) {
    for (const line of lines.slice(0, 2 + i))
      expect(
        (
          await inject(b, 'POST', `/api/cart/items/${line.productId}`, {
            quantity: 2,
            ...line.body,
          })
        ).statusCode,
      ).toBe(200);
    const created = await inject(b, 'POST', '/api/orders/', B_ORDER_BODY, `${B_KEY}-${i}`);
    expect(created.statusCode, created.body).toBe(201);
    const { payload } = created.json() as {
      payload: { _id: { $oid: string }; mkpOrderId: string };
    };
    orders.push({ id: payload._id.$oid, mkpOrderId: payload.mkpOrderId });
  }
  const [unpaid, paid, shipped] = orders as [
    (typeof orders)[0],
    (typeof orders)[0],
    (typeof orders)[0],
  ];
  expect((await inject(b, 'GET', `/api/payments/pay/${unpaid.id}`)).statusCode).toBe(200);
  for (const order of [paid, shipped])
    await t.database.db.transaction((tx) =>
      transitionOrderStatus(tx, order.id, ['UP'], 'PD', 'payment_callback'),
    );
  await shipOrder(t.database.db, shipped.mkpOrderId, {
    carrier: 'BlueDart',
    trackingNumber: 'BD1',
  });
  for (const line of lines)
    expect(
      (await inject(b, 'POST', `/api/cart/items/${line.productId}`, { quantity: 3, ...line.body }))
        .statusCode,
    ).toBe(200);

  const attempts = await t.database.db.execute(
    sql`SELECT merchant_transaction_id FROM payments p JOIN orders o ON o.id = p.order_id
         WHERE o.user_id = ${b.id}`,
  );
  const transactions = (attempts.rows as { merchant_transaction_id: string }[]).map(
    (r) => r.merchant_transaction_id,
  );
  expect(transactions).toHaveLength(1);
  bIds = [
    ...new Set(lines.map((l) => l.productId)),
    ...orders.flatMap((o) => [o.id, o.mkpOrderId]),
    ...transactions,
    b.id,
  ];
  bPrivate = [
    ...orders.flatMap((o) => [o.id, o.mkpOrderId]),
    ...transactions,
    b.id,
    `buyer-${b.id}@example.com`,
    B_ORDER_BODY.recipientName,
    B_ORDER_BODY.shippingAddress1,
    B_KEY,
  ];

  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<string, { security?: unknown[]; parameters?: { in: string; name: string }[] }>
    >;
  };
  paths = Object.entries(doc.paths)
    .map(([path, operations]) => ({
      path,
      params: [
        ...new Set(
          Object.values(operations).flatMap((op) =>
            (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          ),
        ),
      ],
      authenticated: Object.values(operations).some((op) => (op.security ?? []).length > 0),
    }))
    .filter((p) => p.params.length > 0 || p.authenticated);
});
afterAll(() => t.close());

/** A digest of every row of B's in the tables that hold a buyer's cart, orders and payments. */
async function checksumOfB(): Promise<string> {
  const orderIds = sql`SELECT id FROM orders WHERE user_id = ${b.id}`;
  const result = await t.database.db.execute(sql`
    SELECT md5(concat_ws('|',
      (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.id) FROM cart_lines x
        WHERE x.user_id = ${b.id}),
      (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.id) FROM orders x
        WHERE x.user_id = ${b.id}),
      (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.order_id, x.position) FROM order_lines x
        WHERE x.order_id IN (${orderIds})),
      (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.id) FROM order_status_history x
        WHERE x.order_id IN (${orderIds})),
      (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.id) FROM payments x
        WHERE x.order_id IN (${orderIds})),
      (SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY x.key) FROM idempotency_keys x
        WHERE x.user_id = ${b.id}))) AS digest,
      (SELECT count(*)::int FROM cart_lines WHERE user_id = ${b.id}) AS cart_lines,
      (SELECT count(*)::int FROM order_lines WHERE order_id IN (${orderIds})) AS order_lines`);
  const row = result.rows[0] as { digest: string; cart_lines: number; order_lines: number };
  // The digest covers real rows: B has five cart lines and 2 + 3 + 4 order lines.
  expect([row.cart_lines, row.order_lines]).toEqual([5, 9]);
  return row.digest;
}

/** The bodies a request to `path` with `verb` carries, aimed at B's data. */
function bodiesFor(path: string, verb: (typeof VERBS)[number], id: string): unknown[] {
  if (verb === 'GET') return [undefined];
  if (path.startsWith('/api/cart/items/')) {
    const keys = lines.filter((l) => l.productId === id).map((l) => l.body);
    const bodies = (keys.length ? keys : [{ source: 'Ex-china', variantIndex: null }]).map((key) =>
      verb === 'DELETE' ? key : { quantity: 1, ...key },
    );
    return bodies;
  }
  if (path.startsWith('/api/operator/')) return [{ carrier: 'Forged', trackingNumber: 'X1' }];
  return [B_ORDER_BODY];
}

/** A's cart back to empty, so that no call finds a line of A's own. */
async function emptyCartOfA() {
  await t.database.db.execute(sql`DELETE FROM cart_lines WHERE user_id = ${a.id}`);
}

describe("buyer A's token on buyer B's ids (G3)", () => {
  it('answers no 2xx on B’s resources, leaks nothing of B’s, and leaves B’s rows unchanged', async () => {
    const before = await checksumOfB();
    const refusedOnly = new Set<string>();
    let requests = 0;
    const failures: string[] = [];

    for (const { path, params, authenticated } of paths) {
      const urls =
        params.length === 0
          ? [path]
          : bIds.map((id) => params.reduce((url, name) => url.replace(`{${name}}`, id), path));
      for (const [i, url] of urls.entries()) {
        const id = bIds[i] ?? '';
        for (const verb of VERBS) {
          for (const body of bodiesFor(path, verb, id)) {
            const response = await inject(a, verb, url, body, `${B_KEY}-0`);
            requests++;
            const label = `${verb} ${url} ${JSON.stringify(body) ?? ''} → ${response.statusCode} ${response.body.slice(0, 160)}`;
            const ok = response.statusCode >= 200 && response.statusCode < 300;
            // A's own data: reading A's cart, orders or profile, or adding to A's own cart.
            const ownData =
              (verb === 'GET' && ['/api/cart/', '/api/orders/', '/api/user/me'].includes(path)) ||
              (verb === 'POST' && path === '/api/cart/items/{productId}');
            if (response.statusCode >= 500) failures.push(`5xx: ${label}`);
            if (ok && authenticated && !ownData) failures.push(`2xx: ${label}`);
            if (authenticated && !ownData) refusedOnly.add(`${verb} ${path}`);
            const leaked = bPrivate.filter(
              (value) => response.body.includes(value) && !url.includes(value),
            );
            if (leaked.length) failures.push(`leaks ${leaked.join(', ')}: ${label}`);
            if (ownData && path === '/api/cart/items/{productId}' && ok)
              expect(response.json().lineCount, label).toBe(1);
            await emptyCartOfA();
          }
        }
      }
    }

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(500);
    // Every route of a buyer's own resources was among those refused.
    for (const route of [
      'PATCH /api/cart/items/{productId}',
      'DELETE /api/cart/items/{productId}',
      'GET /api/orders/order/{id}',
      'POST /api/orders/',
      'GET /api/payments/pay/{orderId}',
      'POST /api/payments/status/{orderId}',
      'POST /api/operator/orders/{mkpOrderId}/ship',
      'POST /api/operator/orders/{mkpOrderId}/deliver',
    ])
      expect(refusedOnly).toContain(route);
    expect(await checksumOfB()).toBe(before);
    // A ends as it began: no orders, an empty cart, B's Idempotency-Key not A's.
    const ofA = await t.database.db.execute(
      sql`SELECT (SELECT count(*)::int FROM orders WHERE user_id = ${a.id}) AS orders,
                 (SELECT count(*)::int FROM idempotency_keys WHERE user_id = ${a.id}) AS keys`,
    );
    expect(ofA.rows[0]).toEqual({ orders: 0, keys: 0 });
  }, 300_000);
});
