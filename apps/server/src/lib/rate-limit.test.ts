import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, memoryLimiter, redisLimiter, type Limiter } from './rate-limit.js';

const silent = { warn: () => {} } as unknown as FastifyBaseLogger;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ci = process.env.CI === 'true' || process.env.CI === '1';

let clock = 1_000_000;
const now = () => new Date(clock);

/** Takes `n` slots, answering true for each one granted. */
async function takeMany(limiter: Limiter, key: string, n: number) {
  const granted: boolean[] = [];
  for (let i = 0; i < n; i++) granted.push((await limiter.take(key)).ok);
  return granted;
}

describe('memoryLimiter', () => {
  it('grants `limit` slots per window, then refuses with the seconds until the oldest leaves', async () => {
    const limiter = memoryLimiter({ limit: 3, windowMs: 60_000 }, now);
    clock = 1_000_000;
    expect(await takeMany(limiter, 'a', 3)).toEqual([true, true, true]);
    clock += 15_000;
    expect(await limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect((await limiter.take('b')).ok).toBe(true);
    clock += 45_001;
    expect((await limiter.take('a')).ok).toBe(true);
    limiter.close();
  });

  it('gives a released slot back', async () => {
    const limiter = memoryLimiter({ limit: 1, windowMs: 60_000 }, now);
    const slot = await limiter.take('a');
    expect((await limiter.take('a')).ok).toBe(false);
    if (slot.ok) slot.release();
    expect((await limiter.take('a')).ok).toBe(true);
    limiter.close();
  });
});

describe('redisLimiter (limits shared between replicas)', () => {
  let redis: Redis | undefined;
  beforeAll(async () => {
    const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    try {
      await client.connect();
      redis = client;
    } catch {
      client.disconnect();
      if (ci) throw new Error(`CI: Redis at ${redisUrl} is required and missing.`);
    }
  });
  afterAll(() => redis?.disconnect());

  it('holds one limit across two replicas, gives released slots back, and slides', async (context) => {
    if (!redis) return context.skip();
    const name = `test-${randomUUID()}`;
    const rule = { limit: 4, windowMs: 60_000 };
    const replicas = [
      redisLimiter(redis, name, rule, now, silent),
      redisLimiter(redis, name, rule, now, silent),
    ];
    clock = 2_000_000;
    const granted: boolean[] = [];
    for (let i = 0; i < 6; i++) granted.push((await replicas[i % 2]!.take('acct')).ok);
    expect(granted).toEqual([true, true, true, true, false, false]);

    clock += 10_000;
    expect(await replicas[0]!.take('acct')).toEqual({ ok: false, retryAfterSeconds: 50 });

    clock = 3_000_000;
    const slot = await replicas[0]!.take('other');
    expect(await takeMany(replicas[1]!, 'other', 4)).toEqual([true, true, true, false]);
    if (slot.ok) slot.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await replicas[1]!.take('other')).ok).toBe(true);

    clock = 2_000_000 + 60_001;
    expect((await replicas[1]!.take('acct')).ok).toBe(true);
    replicas.forEach((replica) => replica.close());
  });

  it('counts locally when Redis cannot answer', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    dead.on('error', () => {});
    const limiter = redisLimiter(dead, 'dead', { limit: 2, windowMs: 60_000 }, now, silent);
    expect(await takeMany(limiter, 'k', 3)).toEqual([true, true, false]);
    limiter.close();
    dead.disconnect();
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1:2:3:4:5:1.2.3.4', '0:1:2:3::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('keys %s as %s (IPv6 by its /64)', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
