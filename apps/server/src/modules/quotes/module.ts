/** The quotes module (issue 22, decision 060): the buyer's quotes and the staff's quote queue. */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { buyerQuoteRoutes, staffQuoteRoutes } from './routes.js';

export function quotesModule(context: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(buyerQuoteRoutes(context));
    await app.register(staffQuoteRoutes(context));
  };
}
