/** The address book module (issue 22, decision 066): the buyer's saved addresses and billing entities. */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { addressBookRoutes } from './routes.js';

export function addressBookModule(context: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(addressBookRoutes(context));
  };
}
