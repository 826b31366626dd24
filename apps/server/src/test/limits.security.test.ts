/**
 * Threat: one client floods an expensive or sensitive route — search, order creation, payment
 * starts, tax documents' PDFs, staff sign-in and setup — to exhaust the database, the gateway,
 * the CPU or the buyers' budget.
 * Control: the rate-limit policy (lib/limits.ts), applied by one hook to the routes of
 * ROUTE_LIMITS: per address and per signed-in account, a 429 with Retry-After past the limit.
 *
 * The limits run at RATE_LIMIT_SCALE 0.05 here (every count a twentieth, at least 1) so the
 * floods stay short; each expectation is the table's number times that scale, and
 * limits.test.ts checks the scale itself and the table's numbers at scale 1.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../lib/ids.js';
import { LIMITS, scaled, type LimitName } from '../lib/limits.js';
import { SHIPPING } from '../modules/payments/test-support.js';
import { createTokenService } from '../modules/users/access-tokens.js';
import { startSession } from '../modules/users/sessions.js';
import { buildTestApp, type TestApp } from './app.js';
import { createBuyer, createBuyers, type TestBuyer } from './buyers.js';

const SCALE = 0.05;
const allowed = (name: LimitName) => scaled(LIMITS[name], SCALE).limit;
const windowSeconds = (name: LimitName) => String(LIMITS[name].windowMs / 1000);

let t: TestApp;
let time = Date.parse('2026-12-01T10:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimitScale: SCALE }, clock: () => new Date(time) });
});
afterAll(() => t.close());

/** A client address no other test uses. */
const newAddress = () => [10, ...randomBytes(3)].join('.');

const placeOrder = (buyer: TestBuyer | undefined, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: buyer?.headers ?? {},
    payload: SHIPPING,
    remoteAddress,
  });

/** Sends `count` requests one after another; answers their statuses. */
async function statuses(count: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const answered: number[] = [];
  for (let i = 0; i < count; i++) answered.push((await send(i)).statusCode);
  return answered;
}

/** The 429 of the app's error model, with the whole window to wait (the clock stands still). */
function expectRefused(response: LightMyRequestResponse, limit: LimitName) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(windowSeconds(limit));
  const seconds = LIMITS[limit].windowMs / 1000;
  const wait = seconds < 120 ? `${seconds} seconds` : `${seconds / 60} minutes`;
  expect(response.json()).toEqual({
    detail: `Too many requests. Try again in ${wait}.`,
    code: 'rate_limited',
  });
}

describe('search: one budget per address for every search route', () => {
  const multiQuery = { requests: [{ indexName: 'product_index', params: 'query=bottle' }] };
  const routes: [string, (remoteAddress: string) => Promise<LightMyRequestResponse>][] = [
    [
      'POST /api/search/1/indexes/*/queries',
      (remoteAddress) =>
        t.app.inject({
          method: 'POST',
          url: '/api/search/1/indexes/*/queries',
          payload: multiQuery,
          remoteAddress,
        }),
    ],
    [
      'POST /api/search/1/indexes/product_index/query',
      (remoteAddress) =>
        t.app.inject({
          method: 'POST',
          url: '/api/search/1/indexes/product_index/query',
          payload: { params: 'query=bottle' },
          remoteAddress,
        }),
    ],
    [
      'GET /api/search/1/indexes/product_index',
      (remoteAddress) =>
        t.app.inject({ url: '/api/search/1/indexes/product_index?query=bottle', remoteAddress }),
    ],
    [
      'HEAD /api/search/1/indexes/product_index',
      (remoteAddress) =>
        t.app.inject({
          method: 'HEAD',
          url: '/api/search/1/indexes/product_index?query=bottle',
          remoteAddress,
        }),
    ],
    [
      'POST /api/search/1/indexes/product_index/facets/brand/query',
      (remoteAddress) =>
        t.app.inject({
          method: 'POST',
          url: '/api/search/1/indexes/product_index/facets/brand/query',
          payload: { facetQuery: 'a' },
          remoteAddress,
        }),
    ],
  ];

  it.each(routes)(
    '%s: past the limit, 429 with Retry-After in the Algolia error format',
    async (_route, search) => {
      const address = newAddress();
      const limit = allowed('searchPerAddress');
      expect(await statuses(limit, () => search(address))).not.toContain(429);
      const refused = await search(address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(windowSeconds('searchPerAddress'));
      if (refused.body) {
        expect(refused.json()).toEqual({
          message: 'Too many requests. Try again in 60 seconds.',
          status: 429,
        });
      }
      // Another address is not refused.
      expect((await search(newAddress())).statusCode).not.toBe(429);
    },
  );

  it('counts every search route against the same budget', async () => {
    const address = newAddress();
    const limit = allowed('searchPerAddress');
    const answered = await statuses(limit, (i) => routes[i % routes.length]![1](address));
    expect(answered).not.toContain(429);
    for (const [, search] of routes) expect((await search(address)).statusCode).toBe(429);
  });

  it('holds an IPv6 client to one budget for its /64, which it could otherwise rotate through', async () => {
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:1`;
    const search = routes[0]![1];
    const limit = allowed('searchPerAddress');
    const answered = await statuses(limit, (i) => search(`${prefix}::${(i + 1).toString(16)}`));
    expect(answered).not.toContain(429);
    expect((await search(`${prefix}:ffff:ffff:ffff:ffff`)).statusCode).toBe(429);
    expect((await search(`${prefix.slice(0, -1)}2::1`)).statusCode).not.toBe(429);
  });

  it('lets the address search again once the window has passed', async () => {
    const address = newAddress();
    const search = routes[0]![1];
    await statuses(allowed('searchPerAddress'), () => search(address));
    time += 30_000;
    const refused = await search(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    time += 30_000;
    expect((await search(address)).statusCode).toBe(200);
  });
});

describe('order creation', () => {
  it('per account: past the limit, 429 with Retry-After, whatever address the buyer uses', async () => {
    const buyer = await createBuyer(t);
    const limit = allowed('orderPerAccount');
    // An empty cart is refused by the service, after the limit took its slot.
    expect(await statuses(limit, () => placeOrder(buyer, newAddress()))).not.toContain(429);
    expectRefused(await placeOrder(buyer, newAddress()), 'orderPerAccount');
  });

  it('per address: many accounts from one address share its limit', async () => {
    const address = newAddress();
    const limit = allowed('orderPerAddress');
    const buyers = await createBuyers(t, limit + 1);
    expect(await statuses(limit, (i) => placeOrder(buyers[i], address))).not.toContain(429);
    expectRefused(await placeOrder(buyers[limit], address), 'orderPerAddress');
    expect((await placeOrder(buyers[limit], newAddress())).statusCode).not.toBe(429);
  });

  it('a buyer refused at the account limit spends none of the address budget', async () => {
    const address = newAddress();
    const [flooder, ...others] = await createBuyers(t, allowed('orderPerAddress'));
    await statuses(allowed('orderPerAccount'), () => placeOrder(flooder, address));
    expect(await statuses(20, () => placeOrder(flooder, address))).toEqual(Array(20).fill(429));
    const used = allowed('orderPerAccount');
    const rest = allowed('orderPerAddress') - used;
    expect(await statuses(rest, (i) => placeOrder(others[i], address))).not.toContain(429);
  });

  it('anonymous requests are refused with 401 and spend none of the address budget', async () => {
    const address = newAddress();
    const anonymous = await statuses(allowed('orderPerAddress') + 5, () =>
      placeOrder(undefined, address),
    );
    expect(anonymous).toEqual(Array(allowed('orderPerAddress') + 5).fill(401));
    expect((await placeOrder(await createBuyer(t), address)).statusCode).not.toBe(429);
  });

  it("an ended session's requests are refused with 401 and spend none of its buyer's or its address's budget (decision 092)", async () => {
    const address = newAddress();
    const [buyer, ...others] = await createBuyers(t, allowed('orderPerAddress'));
    const ended = await startSession(
      t.database.db,
      createTokenService(t.config.jwtSecret),
      buyer!.id,
      // The token's own time is the real one (jose checks it); the limits run on the test's clock.
      new Date(),
    );
    await t.database.db.execute(
      sql`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${buyer!.id}`,
    );
    const endedSession = { ...buyer!, headers: { authorization: `Bearer ${ended.access_token}` } };
    const flood = allowed('orderPerAddress') + 5;
    expect(await statuses(flood, () => placeOrder(endedSession, address))).toEqual(
      Array(flood).fill(401),
    );
    // Refused for its session, not its token (the token is valid: its claims reach the limits).
    expect((await placeOrder(endedSession, address)).json()).toEqual({
      detail: 'Session ended',
      code: 'unauthorized',
    });
    // The buyer's other session, and other buyers at the same address, have their whole budgets.
    const own = allowed('orderPerAccount');
    expect(await statuses(own, () => placeOrder(buyer, address))).not.toContain(429);
    const rest = allowed('orderPerAddress') - own;
    expect(await statuses(rest, (i) => placeOrder(others[i], address))).not.toContain(429);
  });
});

describe('payment starts', () => {
  it('per account: past the limit, 429 with Retry-After', async () => {
    const buyer = await createBuyer(t);
    const start = () =>
      t.app.inject({
        url: `/api/payments/pay/${newObjectId()}`,
        headers: buyer.headers,
        remoteAddress: newAddress(),
      });
    // Orders that do not exist are answered 404, after the limit took its slot.
    expect(await statuses(allowed('paymentStartPerAccount'), start)).not.toContain(429);
    expectRefused(await start(), 'paymentStartPerAccount');
  });
});

describe('tax document downloads', () => {
  it('per account: past the limit, 429 with Retry-After', async () => {
    const buyer = await createBuyer(t);
    const download = () =>
      t.app.inject({
        url: `/api/orders/${newObjectId()}/tax-documents/1.pdf`,
        headers: buyer.headers,
        remoteAddress: newAddress(),
      });
    // Documents that do not exist are answered 404, after the limit took its slot.
    expect(await statuses(allowed('documentPerAccount'), download)).toEqual(
      Array(allowed('documentPerAccount')).fill(404),
    );
    expectRefused(await download(), 'documentPerAccount');
  });
});

describe('staff: sign-in and setup', () => {
  it.each([
    [
      'login',
      'staffLoginPerAddress',
      { email: 'owner@shop.example.in', password: 'x', code: '123456' },
    ],
    ['setup/start', 'staffSetupPerAddress', { token: 'x'.repeat(43) }],
  ] as const)(
    'POST /api/staff/%s: past the limit per address, 429 with Retry-After',
    async (path, limit, payload) => {
      const address = newAddress();
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/staff/${path}`,
          payload,
          remoteAddress: address,
        });
      expect(await statuses(allowed(limit), send)).not.toContain(429);
      expectRefused(await send(), limit);
    },
  );
});

describe('the account routes (users/routes.ts) key addresses the same way', () => {
  it('an IPv6 client rotating through its /64 shares one resend budget', async () => {
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:7`;
    const resend = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/resend-verification',
        payload: { email: `nobody.${i}@example.in` },
        remoteAddress: `${prefix}::${(i + 1).toString(16)}`,
      });
    const limit = allowed('resendPerAddress');
    expect(await statuses(limit, resend)).toEqual(Array(limit).fill(202));
    expectRefused(await resend(limit), 'resendPerAddress');
  });
});
