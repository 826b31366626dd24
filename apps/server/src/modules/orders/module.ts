/** The orders module: the buyer's orders API and, in its own scope, the operator commands. */
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../module-context.js';
import { operatorRoutes } from './operator.js';
import { buyerOrderRoutes } from './routes.js';

export interface OrdersModuleOptions {
  /** How long a checkout waits for a duplicate still in flight before 409 (default 5 s). */
  lockTimeoutMs?: number;
}

export function ordersModule(context: ModuleContext, options: OrdersModuleOptions = {}) {
  return async (app: FastifyInstance) => {
    await app.register(buyerOrderRoutes(context, options));
    await app.register(operatorRoutes(context));
  };
}
