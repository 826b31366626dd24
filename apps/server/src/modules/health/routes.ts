import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connect.js';

export function healthRoutes(db: Db) {
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
        await db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, database: 'up' };
      },
    );
  };
}
