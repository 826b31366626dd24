import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** `checkDatabase` throws when the database cannot take work: the error handler answers 503. */
export function healthRoutes(checkDatabase: () => Promise<void>) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
        },
      },
      async () => {
        await checkDatabase();
        return { status: 'ok' as const, database: 'up' };
      },
    );
  };
}
