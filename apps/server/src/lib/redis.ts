/**
 * The Redis client of limits shared between replicas (ARCHITECTURE.md "Scale-out"). It fails
 * fast rather than queueing: a caller falls back to its own in-process count while Redis is away.
 * ioredis is imported only when Redis is configured: a single server (every PGlite one) never
 * uses it, and it is 2.3 MB of live heap from its import on.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const ioredis = await import('ioredis');
  const redis = new ioredis.Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => log.warn({ err: error }, 'redis: connection error'));
  // Without the offline queue, a request arriving before the first connection would count only
  // locally; wait for it (briefly) so every replica counts in the shared window from the start.
  await redisReady(redis, log);
  return redis;
}

async function redisReady(redis: Redis, log: FastifyBaseLogger, timeoutMs = 2000) {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      log.warn('redis: not ready yet; limits count locally until it is');
      resolve();
    }, timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
