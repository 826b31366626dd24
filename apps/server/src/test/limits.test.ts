import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING } from '../modules/payments/test-support.js';
import { buildReplica, buildTestApp, type TestApp } from './app.js';
import { createBuyer, type TestBuyer } from './buyers.js';
import { LIMITS, ROUTE_LIMITS, scaled } from '../lib/limits.js';

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const ci = process.env.CI === 'true' || process.env.CI === '1';

/**
 * A TCP proxy in front of Redis that keeps what the app sends it, to count the commands on a
 * limiter's key (`storefront:limit:…`), whatever client library sends them; the client's own
 * connection chatter (its ready check) has no such key.
 */
async function countingRedisProxy() {
  let sent = '';
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(redisUrl.port || 6379), redisUrl.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => {
      sent += chunk.toString('latin1');
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    limiterCommands: () => sent.split('storefront:limit:').length - 1,
    close() {
      sockets.forEach((socket) => socket.destroy());
      server.close();
    },
  };
}

async function redisReachable(): Promise<boolean> {
  const up = await new Promise<boolean>((resolve) => {
    const socket = connect(Number(redisUrl.port || 6379), redisUrl.hostname, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
  if (!up && ci) throw new Error(`CI: Redis at ${redisUrl.href} is required and missing.`);
  return up;
}

/** Two replicas on one database; with Redis, through the counting proxy, sharing its windows. */
let t: TestApp;
let replica: TestApp['app'] | undefined;
let proxy: Awaited<ReturnType<typeof countingRedisProxy>> | undefined;
beforeAll(async () => {
  proxy = (await redisReachable()) ? await countingRedisProxy() : undefined;
  t = await buildTestApp({ config: proxy ? { redisUrl: proxy.url } : {} });
  replica = proxy ? await buildReplica(t) : undefined;
});
afterAll(async () => {
  await replica?.close();
  await t.close();
  proxy?.close();
});

/** From a new address each time: only the account's limit is at stake. */
const placeOrder = (app: TestApp['app'], buyer: TestBuyer) =>
  app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: buyer.headers,
    payload: SHIPPING,
    remoteAddress: [10, ...randomBytes(3)].join('.'),
  });

describe('the rate-limit policy', () => {
  it('names only routes the app serves, so renaming a route cannot drop its limit unnoticed', () => {
    for (const route of Object.keys(ROUTE_LIMITS)) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
  });

  it('RATE_LIMIT_SCALE multiplies every count, rounds, and never goes below one', () => {
    const rule = { limit: 300, windowMs: 60_000 };
    expect(scaled(rule, 1)).toEqual(rule);
    expect(scaled(rule, 10)).toEqual({ limit: 3000, windowMs: 60_000 });
    expect(scaled(rule, 0.05)).toEqual({ limit: 15, windowMs: 60_000 });
    expect(scaled({ limit: 30, windowMs: 1 }, 0.05)).toEqual({ limit: 2, windowMs: 1 });
    expect(scaled(rule, 0.0001)).toEqual({ limit: 1, windowMs: 60_000 });
  });

  it('at scale 1 holds the table’s number: a buyer’s 21st order attempt in an hour is 429', async () => {
    expect(t.config.rateLimitScale).toBe(1);
    expect(LIMITS.orderPerAccount).toEqual({ limit: 20, windowMs: 3_600_000 });
    const buyer = await createBuyer(t);
    const answered: number[] = [];
    // An empty cart is refused by the service, after the limit took its slot.
    for (let i = 0; i < 20; i++) answered.push((await placeOrder(t.app, buyer)).statusCode);
    expect(answered).not.toContain(429);
    const refused = await placeOrder(t.app, buyer);
    expect(refused.statusCode).toBe(429);
    // The seconds until the oldest of the 20 leaves the hour (real time passed since it).
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });
});

describe('with REDIS_URL', () => {
  it('two replicas share one window: together they take a buyer’s 20 orders an hour', async (context) => {
    if (!replica) return context.skip();
    const buyer = await createBuyer(t);
    const answered: number[] = [];
    for (let i = 0; i < 22; i++) {
      answered.push((await placeOrder(i % 2 ? replica : t.app, buyer)).statusCode);
    }
    expect(answered.slice(0, 20)).not.toContain(429);
    expect(answered.slice(20)).toEqual([429, 429]);
  });

  it('a catalog read makes no Redis call; a search does', async (context) => {
    if (!proxy) return context.skip();
    // A slot handed back by the test before (its release is not awaited) may still be on its
    // way: start once the count has stood still for half a second.
    let before = -1;
    while (before !== proxy.limiterCommands()) {
      before = proxy.limiterCommands();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (const url of [
      '/api/products/categories',
      '/api/products?limit=2',
      `/api/products/product/${'f'.repeat(24)}`,
      `/api/products/recommend/${'f'.repeat(24)}`,
      '/api/health',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect(proxy.limiterCommands()).toBe(before);

    await t.app.inject({ url: '/api/search/1/indexes/product_index?query=bottle' });
    expect(proxy.limiterCommands()).toBe(before + 1);
  });
});
