/** The cart module: the signed-in buyer's cart (spec §7 cart calls). */
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../module-context.js';
import { cartRoutes } from './routes.js';

export function cartModule(context: ModuleContext) {
  return async (app: FastifyInstance) => {
    await app.register(cartRoutes(context));
  };
}
