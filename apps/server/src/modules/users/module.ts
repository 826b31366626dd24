/**
 * The users module: buyer accounts and sessions. Builds the account limiters (in Redis when
 * REDIS_URL is set, so every replica counts against one limit; decision 011) and registers the
 * account routes, which sign with the app's token service.
 */
import { connectRedis } from '../../lib/redis.js';
import type { ModuleContext, ServerModule } from '../../module-context.js';
import type { TokenService } from './access-tokens.js';
import { ACCOUNT_LIMITS, type AccountLimiters } from './limits.js';
import { memoryLimiter, redisLimiter } from './rate-limit.js';
import { userRoutes } from './routes.js';

export function usersModule(context: ModuleContext, tokens: TokenService): ServerModule {
  const { config, now } = context;
  return async (app) => {
    const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
    const limiters = Object.fromEntries(
      Object.entries(ACCOUNT_LIMITS).map(([name, rule]) => [
        name,
        redis ? redisLimiter(redis, name, rule, now, app.log) : memoryLimiter(rule, now),
      ]),
    ) as AccountLimiters;
    app.addHook('onClose', async () => {
      Object.values(limiters).forEach((limiter) => limiter.close());
      redis?.disconnect();
    });
    await app.register(userRoutes(context, tokens, limiters));
  };
}
