/**
 * The invoices module (issue 21, decision 056): the tax documents' PDF downloads. Documents are
 * issued by the payments module's transactions through this module's service (service.ts), and
 * attached to emails by the email worker (attachments.ts).
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { taxDocumentRoutes } from './routes.js';

export function invoicesModule(context: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(taxDocumentRoutes(context));
  };
}
