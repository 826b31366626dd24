/** The cart module: the signed-in buyer's cart (spec §7 cart calls). */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { cartRoutes, quickOrderTemplateRoute } from './routes.js';

export function cartModule(context: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(cartRoutes(context));
    await app.register(quickOrderTemplateRoute());
  };
}
