/**
 * The gst module (issue 21, decision 052): the store's settings and HSN rate table, their
 * console API and the public GET /api/store, and the tax setup (tax-setup.ts) the cart, orders
 * and catalog tax with. It keeps the context's tax setup current: any process's change to the
 * settings, the rates or the catalog empties it, and its cached answers, on the notification.
 */
import { ResponseCache, responseCacheLimits } from '../../lib/response-cache.js';
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { gstRoutes } from './routes.js';

export function gstModule(context: ModuleContext): ServerModule {
  return async (app) => {
    const cache = new ResponseCache(responseCacheLimits(context.config.responseCacheBytes));
    context.metrics.addCache('store', cache);
    const stopListening = await context.onCatalogChange(() => {
      context.taxSetup.forget();
      cache.clear();
    });
    app.addHook('onClose', async () => stopListening());
    await app.register(gstRoutes(context, cache));
  };
}
