/**
 * Sliding-window limiters: at most `limit` events per key in any `windowMs`. A slot is taken
 * before the work it guards and can be handed back, so concurrent requests never overshoot the
 * limit (the failed-login count of G17 holds under a burst). The policy, which limit guards what
 * with which number, is lib/limits.ts.
 *
 * In-process by default; with REDIS_URL the windows live in Redis, so every replica counts
 * against the same limit (ARCHITECTURE.md "Scale-out"). If Redis cannot answer, the replica
 * falls back to its own window rather than refusing every request or letting every one through.
 */
import { randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors.js';

export type Take = { ok: true; release(): void } | { ok: false; retryAfterSeconds: number };

export interface Limiter {
  take(key: string): Promise<Take>;
  /** Stops the sweep timer. */
  close(): void;
}

export interface LimitRule {
  limit: number;
  windowMs: number;
}

const retryAfter = (oldest: number, rule: LimitRule, at: number) =>
  Math.max(1, Math.ceil((oldest + rule.windowMs - at) / 1000));

/** The 429 of every limit: the seconds to wait, in Retry-After and in words. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  const wait =
    retryAfterSeconds < 120
      ? `${retryAfterSeconds} seconds`
      : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return new AppError('rate_limited', 'rate_limited', `Too many requests. Try again in ${wait}.`, {
    'retry-after': String(retryAfterSeconds),
  });
}

/**
 * The key of a client address: an IPv4 address as it is; an IPv6 address by its /64 prefix, the
 * block one subscriber is given (RFC 6177), which would otherwise hand a client 2^64 keys.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  // An embedded IPv4 address (last 32 bits) fills two groups.
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const first = groups(head);
  const last = groups(tail);
  const all =
    tail === undefined
      ? first
      : [...first, ...Array(8 - first.length - last.length).fill('0'), ...last];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * One window per key: the times of its events in order, the ones before `head` already out of
 * the window. Dropping from the front instead of filtering keeps a take O(1) however high a
 * limit is raised (RATE_LIMIT_SCALE in the bench: thousands of events per window).
 */
interface Window {
  stamps: number[];
  head: number;
}

export function memoryLimiter(rule: LimitRule, now: () => Date): Limiter {
  const windows = new Map<string, Window>();
  const live = (key: string, at: number): Window | undefined => {
    const window = windows.get(key);
    if (!window) return undefined;
    const { stamps } = window;
    while (window.head < stamps.length && stamps[window.head]! <= at - rule.windowMs) window.head++;
    if (window.head === stamps.length) {
      windows.delete(key);
      return undefined;
    }
    if (window.head >= 64 && window.head * 2 >= stamps.length) {
      window.stamps = stamps.slice(window.head);
      window.head = 0;
    }
    return window;
  };
  // Keys of clients that went away would otherwise stay in memory forever.
  const sweep = setInterval(() => {
    const at = now().getTime();
    for (const key of [...windows.keys()]) live(key, at);
  }, rule.windowMs);
  sweep.unref();

  return {
    async take(key) {
      const at = now().getTime();
      const window = live(key, at) ?? { stamps: [], head: 0 };
      if (window.stamps.length - window.head >= rule.limit) {
        return {
          ok: false,
          retryAfterSeconds: retryAfter(window.stamps[window.head] ?? at, rule, at),
        };
      }
      window.stamps.push(at);
      windows.set(key, window);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          const current = windows.get(key);
          const index = current?.stamps.lastIndexOf(at) ?? -1;
          if (current && index >= current.head) current.stamps.splice(index, 1);
        },
      };
    },
    close() {
      clearInterval(sweep);
    },
  };
}

/**
 * One sorted set per key, scored by time: drop what left the window, refuse when full,
 * otherwise add this event. Atomic in Redis, so replicas cannot interleave between the count
 * and the add.
 */
const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return false
`;

export function redisLimiter(
  redis: Redis,
  name: string,
  rule: LimitRule,
  now: () => Date,
  log: FastifyBaseLogger,
): Limiter {
  const local = memoryLimiter(rule, now);
  return {
    async take(key) {
      const at = now().getTime();
      const redisKey = `storefront:limit:${name}:${key}`;
      const member = `${at}:${randomUUID()}`;
      let oldest: string | null;
      try {
        oldest = (await redis.eval(
          TAKE_SCRIPT,
          1,
          redisKey,
          at,
          rule.windowMs,
          rule.limit,
          member,
        )) as string | null;
      } catch (error) {
        log.warn({ err: error, limiter: name }, 'rate limit store unavailable; counting locally');
        return local.take(key);
      }
      if (oldest !== null) {
        return { ok: false, retryAfterSeconds: retryAfter(Number(oldest), rule, at) };
      }
      return {
        ok: true,
        release() {
          redis.zrem(redisKey, member).catch(() => {});
        },
      };
    },
    close: () => local.close(),
  };
}
