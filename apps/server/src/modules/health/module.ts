/** The health module: the liveness answer, which also proves the database answers. */
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../module-context.js';
import { healthRoutes } from './routes.js';

export function healthModule({ db }: ModuleContext) {
  return async (app: FastifyInstance) => {
    await app.register(healthRoutes(db));
  };
}
