/**
 * The returns module (issue 21, decision 055): the seller's tax documents as staff read them,
 * GSTR-1 for a month, and e-invoices (the INV-01 export and the registration recorded back).
 * It reads the documents the gst module issues, and the store settings through that module.
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { returnsRoutes } from './routes.js';

export function gstReturnsModule(context: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(returnsRoutes(context));
  };
}
