/**
 * The orders module: the buyer's orders API. The operator's ship and deliver are its services,
 * called through the operator channel (cli/commands.ts).
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
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
  };
}
