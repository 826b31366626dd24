/**
 * The routes that check the buyer's session in their own first statement (decision 092: a cart
 * add, an order) refuse exactly what `authenticate` refuses on every other buyer route, and write
 * nothing: a session logged out, every session ended (a password change, logout everywhere), an
 * account disabled by staff, an account deleted. The cart's read, checked by the hook, is the
 * control: each answer must equal its answer.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createSignedInBuyer, SESSION_ENDINGS, shippingAddress } from '../../test/buyers.js';
import { insertFixtures } from '../../test/catalog-fixtures.js';

let t: TestApp;
let productId: string;
beforeAll(async () => {
  t = await buildTestApp({ products: 1 });
  productId = (await insertFixtures(t)).cheap;
});
afterAll(() => t.close());

const ORDER = shippingAddress('Asha Mehta');
const ADD = { quantity: 1, source: 'Ex-india custom' };

/** A buyer signed in (a session of its own) with one line in the cart. */
async function signedInWithCart() {
  const buyer = await createSignedInBuyer(t);
  const { headers } = buyer;
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/cart/items/${productId}`,
    headers,
    payload: ADD,
  });
  expect(added.statusCode, added.body).toBe(200);
  return { id: buyer.id, headers };
}

/** The buyer's cart lines and orders as stored. */
async function holdings(userId: string) {
  const result = await t.database.db.execute(
    sql`SELECT (SELECT json_agg(json_build_object('product', product_id, 'quantity', quantity))
                  FROM cart_lines WHERE user_id = ${userId}) AS lines,
               (SELECT count(*)::int FROM orders WHERE user_id = ${userId}) AS orders,
               (SELECT count(*)::int FROM users WHERE id = ${userId}) AS accounts`,
  );
  return result.rows[0];
}

describe('a route that checks the session in its own statement (decision 092)', () => {
  for (const { name, end, status, answer } of SESSION_ENDINGS) {
    it(`refuses ${name} as every buyer route does, and writes nothing`, async () => {
      const buyer = await signedInWithCart();
      await t.database.db.execute(end(buyer.id));
      const before = await holdings(buyer.id);

      const control = await t.app.inject({
        method: 'GET',
        url: '/api/cart/',
        headers: buyer.headers,
      });
      expect(control.statusCode).toBe(status);
      expect(control.json()).toEqual(answer);

      const add = await t.app.inject({
        method: 'POST',
        url: `/api/cart/items/${productId}`,
        headers: buyer.headers,
        payload: ADD,
      });
      // An unknown product is not told apart from a known one before the session is checked.
      const addUnknown = await t.app.inject({
        method: 'POST',
        url: `/api/cart/items/${'f'.repeat(24)}`,
        headers: buyer.headers,
        payload: ADD,
      });
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...buyer.headers, 'idempotency-key': `ended-${buyer.id}` },
        payload: ORDER,
      });
      for (const refused of [add, addUnknown, order]) {
        expect(refused.statusCode, refused.body).toBe(control.statusCode);
        expect(refused.body).toBe(control.body);
        expect(refused.headers['cache-control']).toBe('no-store');
      }
      expect(await holdings(buyer.id)).toEqual(before);
    });
  }

  it("replays no stored answer to an ended session: the order's key is refused like the rest", async () => {
    const buyer = await signedInWithCart();
    const headers = { ...buyer.headers, 'idempotency-key': `replay-${buyer.id}` };
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers,
      payload: ORDER,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await t.database.db.execute(
      sql`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${buyer.id}`,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers,
      payload: ORDER,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: 'Session ended', code: 'unauthorized' });
  });

  it('answers a standing session as before: the add and the order pass', async () => {
    const buyer = await signedInWithCart();
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: buyer.headers,
      payload: ORDER,
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(await holdings(buyer.id)).toEqual({ lines: null, orders: 1, accounts: 1 });
  });
});
