/**
 * The buyers module (issue 19): the staff's buyers desk — accounts searched and paged, a buyer's
 * page, and the owner's disable and enable (routes.ts). It owns no table; service.ts composes the
 * users, orders and staff modules' services.
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { buyerRoutes } from './routes.js';

export function buyersModule(context: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(buyerRoutes(context));
  };
}
