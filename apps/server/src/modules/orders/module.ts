/**
 * The orders module: the buyer's orders API, the staff's order desk (desk-routes.ts) and the
 * console's dashboard of orders and revenue (dashboard-routes.ts). Ship and deliver are its
 * services, called by the desk and through the operator channel (cli/commands.ts).
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { deskRoutes } from './desk-routes.js';
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
    await app.register(deskRoutes(context));
    await app.register(dashboardRoutes(context));
  };
}
