/** The cart module: the signed-in buyer's cart (spec §7 cart calls). */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { cartRoutes } from './routes.js';

export function cartModule(context: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(cartRoutes(context));
  };
}
