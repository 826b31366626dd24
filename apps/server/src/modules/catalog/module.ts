/**
 * The catalog module: the public catalog reads, answered from an in-process cache that any
 * process's catalog change empties (decision 018), so every replica drops stale answers at once;
 * and the staff's catalog desk (desk-routes.ts, decision 050), whose attention index is checked
 * again on the same signal.
 */
import { ResponseCache } from '../../lib/response-cache.js';
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { AttentionIndex } from './desk.js';
import { catalogDeskRoutes } from './desk-routes.js';
import { catalogRoutes } from './routes.js';

export function catalogModule(context: ModuleContext): ServerModule {
  const { db, onCatalogChange } = context;
  return async (app) => {
    const cache = new ResponseCache();
    const attention = new AttentionIndex(db);
    const stopListening = await onCatalogChange(() => {
      cache.clear();
      attention.changed();
    });
    app.addHook('onClose', async () => stopListening());
    await app.register(catalogRoutes(db, cache));
    await app.register(catalogDeskRoutes(context, attention));
  };
}
