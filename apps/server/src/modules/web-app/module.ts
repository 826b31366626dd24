/**
 * The web-app module: the storefront's pages (the built React app, each page's HTML announcing
 * what it needs first, with its meta) and the staff console's page under /admin. Registered
 * last: its catch-all GET answers every path no other route claims. The server-rendered catalog
 * pages (decision 070) are kept by URL and dropped on any process's catalog change, as the
 * catalog's answers are (decision 018).
 */
import type { PageMetaMakers } from '../../lib/page-meta.js';
import { ResponseCache } from '../../lib/response-cache.js';
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { imageCheckAnswers } from '../images/check.js';
import { imageStorage } from '../images/storage.js';
import { consoleRoutes } from './console-routes.js';
import { webAppRoutes } from './routes.js';

/**
 * A rendered page is 57–73 KB, kept once a browser has asked for it as its Brotli copy (5–9 KB;
 * decision 089): 4 MB keeps the ~500 most visited (home, the categories' first pages, the
 * policies, the popular products) within the server's memory budget (decision 040).
 */
export const PAGE_CACHE_LIMITS = { maxEntries: 1_000, maxBytes: 4 * 1024 * 1024 };

export function webAppModule(context: ModuleContext, metaMakers: PageMetaMakers): ServerModule {
  const { config, db } = context;
  const storage = imageStorage(config);
  return async (app) => {
    const pages = new ResponseCache(PAGE_CACHE_LIMITS);
    context.metrics.addCache('pages', pages);
    const stopListening = await context.onCatalogChange(() => pages.clear());
    app.addHook('onClose', async () => stopListening());
    await app.register(consoleRoutes(config.webDist));
    await app.register(
      webAppRoutes({
        webDist: config.webDist,
        metaMakers,
        checkImages: (items) => imageCheckAnswers(db, storage, items),
        pages,
        renderTimeoutMs: config.renderTimeoutMs,
        searchesHere: config.search.provider !== 'algolia',
      }),
    );
  };
}
