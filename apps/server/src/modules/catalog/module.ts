/**
 * The catalog module: the public catalog reads, answered from an in-process cache that any
 * process's catalog change empties (decision 018), so every replica drops stale answers at once.
 */
import { ResponseCache } from '../../lib/response-cache.js';
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { catalogRoutes } from './routes.js';

export function catalogModule({ db, onCatalogChange }: ModuleContext): ServerModule {
  return async (app) => {
    const cache = new ResponseCache();
    const stopListening = await onCatalogChange(() => cache.clear());
    app.addHook('onClose', async () => stopListening());
    await app.register(catalogRoutes(db, cache));
  };
}
