/**
 * The catalog module: the public catalog reads, answered from an in-process cache that any
 * process's catalog change empties (decision 018), so every replica drops stale answers at once;
 * and the staff's catalog desk (desk-routes.ts, decision 050), whose "needs attention" is stored
 * with every save (attention.ts) and, for products saved before it was, filled in by a sweep in
 * the background of a process with workers.
 */
import { ResponseCache, responseCacheLimits } from '../../lib/response-cache.js';
import { addWorker, type ModuleContext, type ServerModule } from '../../module-context.js';
import { imageStorage } from '../images/storage.js';
import { AttentionSweep } from './attention-sweep.js';
import { catalogDeskRoutes } from './desk-routes.js';
import { catalogRoutes } from './routes.js';

export function catalogModule(context: ModuleContext): ServerModule {
  const { db, config, onCatalogChange } = context;
  return async (app) => {
    const cache = new ResponseCache(responseCacheLimits(config.responseCacheBytes));
    context.metrics.addCache('catalog', cache);
    const storage = imageStorage(config);
    const stopListening = await onCatalogChange(() => cache.clear());
    app.addHook('onClose', async () => stopListening());
    addWorker(app, config, () => {
      const sweep = new AttentionSweep(db, storage);
      sweep.run().catch((error: unknown) => app.log.error({ err: error }, 'attention sweep'));
      return () => sweep.close();
    });
    await app.register(catalogRoutes(db, cache, context.taxSetup));
    await app.register(catalogDeskRoutes(context, storage));
  };
}
