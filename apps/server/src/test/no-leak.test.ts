/**
 * Issue 4, "Done when": no response ever carries a password hash or a token of another user.
 * Buyer A calls every operation of the OpenAPI document (the route list of fuzz.test.ts) with
 * plausible input, while buyer B has a session, a cart and an order whose recipient is B's
 * email; no body or header A receives holds a password hash, B's access or refresh token, or B's
 * email, and a refreshed access token names A.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginTokens } from '../modules/users/test-support.js';
import { buildTestApp, type TestApp } from './app.js';
import { shippingAddress } from './buyers.js';
import { documentedOperations, type Operation } from './openapi-operations.js';

interface Buyer {
  id: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
}

let t: TestApp;
let a: Buyer;
let b: Buyer;
let productId: string;

async function buyer(): Promise<Buyer> {
  const user = await createUser(t.database.db);
  const tokens = await loginTokens(t.app, user.email, user.password);
  return { ...user, access: tokens.access_token, refresh: tokens.refresh_token };
}

async function order(who: Buyer, recipientName: string) {
  const headers = { authorization: `Bearer ${who.access}` };
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/cart/items/${productId}`,
    headers,
    payload: { quantity: 1, source: 'Ex-india custom' },
  });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers,
    payload: shippingAddress(recipientName),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as { payload: { _id: { $oid: string }; mkpOrderId: string } };
}

beforeAll(async () => {
  t = await buildTestApp({ products: 20 });
  const list = (await t.app.inject({ url: '/api/products?limit=1' })).json() as {
    payload: { _id: string }[];
  };
  productId = list.payload[0]!._id;
  [a, b] = [await buyer(), await buyer()];
  // B's data that a leaking route would show: an order addressed to B's email.
  await order(b, b.email);
});
afterAll(() => t.close());

/** Plausible input for A: its own credentials, a real product, a valid address. */
function plausibleBody(op: Operation): Record<string, unknown> {
  const values: Record<string, unknown> = {
    email: a.email,
    password: a.password,
    current_password: 'Wrong&Guess-1',
    new_password: 'Monsoon^Kettle-77',
    quantity: 1,
    source: 'Ex-india custom',
    product_ids: [productId],
    requests: [{ indexName: 'product_index', query: 'bottle' }],
    ...shippingAddress('Meera Iyer'),
  };
  return Object.fromEntries(
    Object.keys(op.bodyProperties).flatMap((name) =>
      name in values ? [[name, values[name]]] : [],
    ),
  );
}

describe('no response carries a password hash or another buyer’s token or email', () => {
  it('holds for every documented operation called as buyer A', async () => {
    const operations = await documentedOperations(t.app);
    const mine = await order(a, 'Meera Iyer');
    const pathValues: Record<string, string> = {
      id: productId,
      productId,
      file: 'missing.png',
      orderId: mine.payload._id.$oid,
      mkpOrderId: mine.payload.mkpOrderId,
      token: 'token=unknown',
      index: 'product_index',
      facet: 'pd_brand',
      provider: 'sandbox',
    };
    // Logging out ends A's session: last.
    const ordered = [
      ...operations.filter((op) => op.path !== '/api/user/logout'),
      ...operations.filter((op) => op.path === '/api/user/logout'),
    ];
    const secrets = {
      'a password hash': '$argon2id$',
      'an older password hash': 'scrypt$',
      "B's email": b.email.toLowerCase(),
    };
    const bTokens = { "B's access token": b.access, "B's refresh token": b.refresh };
    const leaks: string[] = [];
    let refreshedSubject: string | undefined;
    let calls = 0;
    const statuses: Record<string, number> = {};

    for (const op of ordered) {
      let url = op.path;
      for (const name of op.params) url = url.replace(`{${name}}`, pathValues[name] ?? productId);
      if (op.path.startsWith('/api/orders/order/')) url = `/api/orders/order/${pathValues.orderId}`;
      const response = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers: {
          authorization: `Bearer ${a.access}`,
          'refresh-token': a.refresh,
          ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(op.method === 'GET' ? {} : { payload: JSON.stringify(plausibleBody(op)) }),
      });
      calls++;
      statuses[`${op.method} ${op.path}`] = response.statusCode;
      const seen = `${JSON.stringify(response.headers)}\n${response.body}`;
      for (const [what, value] of Object.entries(secrets)) {
        if (seen.toLowerCase().includes(value)) leaks.push(`${op.method} ${url}: ${what}`);
      }
      for (const [what, value] of Object.entries(bTokens)) {
        if (seen.includes(value)) leaks.push(`${op.method} ${url}: ${what}`);
      }
      if (op.path === '/api/refresh') {
        expect(response.statusCode, response.body).toBe(200);
        const rotated = response.json() as { access_token: string; refresh_token: string };
        refreshedSubject = decodeJwt(rotated.access_token).sub;
        a = { ...a, access: rotated.access_token, refresh: rotated.refresh_token };
      }
    }

    expect(calls).toBe(operations.length);
    expect(calls).toBeGreaterThan(25);
    // A was signed in throughout: its own data came back.
    expect(statuses).toMatchObject({
      'GET /api/user/me': 200,
      'GET /api/orders/': 200,
      'GET /api/orders/order/{id}': 200,
      'GET /api/cart/': 200,
      'POST /api/user/login': 200,
    });
    expect(leaks).toEqual([]);
    expect(refreshedSubject).toBe(a.id);
  });
});
