import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerToken } from '../../lib/bearer-token.js';
import { AppError } from '../../lib/errors.js';
import type { Metrics } from '../../lib/metrics.js';

/**
 * What an orchestrator and an operator ask (issue 23): liveness (the process answers), readiness
 * (it can take work: its database answers, it is not draining (lib/every-response.ts); while it migrates, main.ts's
 * starting listener says not yet), and the metrics.
 * `checkDatabase` throws when the database cannot take work: the error handler answers 503.
 */
export function healthRoutes(
  checkDatabase: () => Promise<void>,
  metrics: Metrics,
  metricsToken: string | undefined,
) {
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const ready = {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    };
    const checkReady = async () => {
      await checkDatabase();
      return { status: 'ok' as const, database: 'up' };
    };
    // The spec's health call: the same as readiness.
    typed.get('/api/health', ready, checkReady);
    typed.get('/api/health/ready', ready, checkReady);
    typed.get(
      '/api/health/live',
      { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
      async () => ({ status: 'ok' as const }),
    );

    if (!metricsToken) return;
    const expected = Buffer.from(metricsToken);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(bearerToken(request) ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError(
          'unauthorized',
          'metrics_token',
          'The metrics need the scraper’s bearer token',
        );
      reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
}
