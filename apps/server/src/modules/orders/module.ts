/** The orders module: the buyer's orders API and, in its own scope, the operator commands. */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { operatorRoutes } from './operator.js';
import { buyerOrderRoutes } from './routes.js';

export interface OrdersModuleOptions {
  /** How long a checkout waits for a duplicate still in flight before 409 (default 5 s). */
  lockTimeoutMs?: number;
}

export function ordersModule(
  context: ModuleContext,
  options: OrdersModuleOptions = {},
): ServerModule {
  return async (app) => {
    await app.register(buyerOrderRoutes(context, options));
    await app.register(operatorRoutes(context));
  };
}
