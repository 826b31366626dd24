/**
 * G6's in-flight case (reliability-and-security.md): a duplicate of a checkout that is still
 * running gets 409 `order_in_flight` once it has waited the lock timeout, or, given a longer
 * timeout, waits and replays the first answer; after the first commits, every duplicate replays
 * it byte for byte. The first checkout is held in flight by another transaction that holds its
 * cart's lines, so nothing depends on timing. PostgreSQL only: PGlite runs one statement at a
 * time, so a request can never be waiting on another's lock there.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreateInput } from '@storefront/shared/orders';
import { buildReplica, buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { insertFixtures } from '../../test/catalog-fixtures.js';

/** The app of the test: a checkout waits up to a minute for a lock. */
let t: TestApp;
/** A second app on the same database, whose checkouts wait 100 ms. */
let impatient: FastifyInstance;
let ids: Awaited<ReturnType<typeof insertFixtures>>;
beforeAll(async () => {
  t = await buildTestApp({ products: 5, orders: { lockTimeoutMs: 60_000 } });
  impatient = await buildReplica(t, { orders: { lockTimeoutMs: 100 } });
  ids = await insertFixtures(t);
});
afterAll(async () => {
  await impatient.close();
  await t.close();
});

const ADDRESS: OrderCreateInput = {
  recipientName: 'Asha Mehta',
  shippingAddress1: '14 Linking Road',
  shippingCity: 'Mumbai',
  shippingState: 'Maharashtra',
  shippingPostalCode: '400050',
  shippingCountry: 'in',
  shippingPhoneNumber: '9876543210',
};
const IN_FLIGHT = {
  code: 'order_in_flight',
  detail: 'Another checkout of this cart is still being processed; retry shortly',
};

function placeOrder(app: FastifyInstance, buyer: TestBuyer, key: string) {
  return app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: { ...buyer.headers, 'idempotency-key': key },
    payload: ADDRESS,
  });
}

/** The number of this database's statements waiting for a lock whose text matches `like`. */
async function waitingOn(like: string): Promise<number> {
  const result = await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'
           AND query ILIKE ${like}`,
  );
  return (result.rows[0] as { n: number }).n;
}

/** The order's statement that claims its key and takes the cart (place_order, decision 072). */
const TAKE = '%place_order(%';

/** Polls until `count` statements wait on a lock (a state, not a time, is awaited). */
async function untilWaiting(like: string, count: number): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if ((await waitingOn(like)) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never saw ${count} statement(s) waiting on ${like}`);
}

type Tx = Parameters<Parameters<TestApp['database']['db']['transaction']>[0]>[0];

/**
 * Holds the buyer's cart lines locked in an open transaction; `release` runs `last` in that
 * transaction, then commits it.
 */
async function holdCart(buyer: TestBuyer) {
  let release!: (last: (tx: Tx) => Promise<unknown>) => void;
  const released = new Promise<(tx: Tx) => Promise<unknown>>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const done = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM cart_lines WHERE user_id = ${buyer.id} FOR UPDATE`);
    held();
    await (
      await released
    )(tx);
  });
  await isHeld;
  return {
    release: async (last: (tx: Tx) => Promise<unknown> = async () => undefined) => {
      release(last);
      await done;
    },
  };
}

async function countOrders(userId: string): Promise<number> {
  const result = await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`,
  );
  return (result.rows[0] as { n: number }).n;
}

async function fillCart(buyer: TestBuyer) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/cart/items/${ids.tiered}`,
    headers: buyer.headers,
    payload: { quantity: 10, source: 'Ex-india custom' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a duplicate of a checkout still in flight', () => {
  it('gets 409 order_in_flight after the lock timeout, or waits and replays; then replays byte for byte', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const cart = await holdCart(buyer);

    // The first request claims its key, then waits for the held cart: it is in flight.
    const first = placeOrder(t.app, buyer, 'in-flight');
    await untilWaiting(TAKE, 1);

    // A duplicate that may wait 100 ms is told the first is still being processed.
    const refused = await placeOrder(impatient, buyer, 'in-flight');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(IN_FLIGHT);
    // So is another checkout of the same cart under a different key.
    const other = await placeOrder(impatient, buyer, 'another-key');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(IN_FLIGHT);
    expect(await countOrders(buyer.id)).toBe(0);

    // A duplicate that may wait longer blocks on the key's claim...
    const patient = placeOrder(t.app, buyer, 'in-flight');
    await untilWaiting(TAKE, 2);

    // ...and once the cart is released and the first commits, it replays the first answer.
    await cart.release();
    const [created, replayed] = await Promise.all([first, patient]);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(created.body);

    // After the commit, either app replays the same bytes at once; one order in all.
    for (const app of [impatient, t.app]) {
      const again = await placeOrder(app, buyer, 'in-flight');
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(created.body);
    }
    expect(await countOrders(buyer.id)).toBe(1);
    expect(created.json().payload.total_amount).toBe(1092.5);
  });

  it('a first request that fails while a duplicate waits leaves the duplicate to run as the first', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const cart = await holdCart(buyer);
    const first = placeOrder(t.app, buyer, 'fails-first');
    await untilWaiting(TAKE, 1);
    const duplicate = placeOrder(t.app, buyer, 'fails-first');
    await untilWaiting(TAKE, 2);

    // The lines go away under the held cart: the first finds its cart empty and rolls its
    // claim back; the duplicate then claims the key itself and is refused the same way.
    await cart.release((tx) => tx.execute(sql`DELETE FROM cart_lines WHERE user_id = ${buyer.id}`));
    const [a, b] = await Promise.all([first, duplicate]);
    expect([a.statusCode, b.statusCode]).toEqual([409, 409]);
    expect(a.json().code).toBe('cart_empty');
    expect(b.json().code).toBe('cart_empty');

    // Nothing was kept under the key: filled again, the same key creates the order.
    await fillCart(buyer);
    const created = await placeOrder(t.app, buyer, 'fails-first');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
  });
});
