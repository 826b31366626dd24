/**
 * Sliding-window limiters: at most `limit` events per key in any `windowMs`. A slot is taken
 * before the work it guards and can be handed back, so concurrent requests never overshoot the
 * limit (the failed-login count of G17 holds under a burst).
 *
 * In-process by default; with REDIS_URL the windows live in Redis, so every replica counts
 * against the same limit (ARCHITECTURE.md "Scale-out"). If Redis cannot answer, the replica
 * falls back to its own window rather than refusing every login or letting every guess through.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

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

export function memoryLimiter(rule: LimitRule, now: () => Date): Limiter {
  const windows = new Map<string, number[]>();
  const live = (key: string, at: number) => {
    const stamps = (windows.get(key) ?? []).filter((t) => t > at - rule.windowMs);
    if (stamps.length) windows.set(key, stamps);
    else windows.delete(key);
    return stamps;
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
      const stamps = live(key, at);
      if (stamps.length >= rule.limit) {
        return { ok: false, retryAfterSeconds: retryAfter(stamps[0] ?? at, rule, at) };
      }
      stamps.push(at);
      windows.set(key, stamps);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          const current = windows.get(key);
          const index = current?.lastIndexOf(at) ?? -1;
          if (current && index >= 0) current.splice(index, 1);
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
