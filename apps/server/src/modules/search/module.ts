/**
 * The search module: the Algolia-compatible endpoint on PostgreSQL, always served, and in
 * hosted-Algolia mode the push of catalog changes to Algolia (the browser then queries Algolia
 * directly, GET /api/search/config tells it so).
 */
import { SEARCH_INDEX } from '@storefront/shared/constants';
import { sql } from 'drizzle-orm';
import { backlogOf } from '../../lib/metrics.js';
import type { ModuleContext, ServerModule } from '../../module-context.js';
import type { Config } from '../../config.js';
import { createAlgoliaSync } from './algolia-sync.js';
import { searchRoutes } from './routes.js';

/** The hosts the browser's Algolia client talks to, for the CSP's connect-src. */
export function algoliaConnectSrc(config: Pick<Config, 'search'>): string[] {
  const { provider, algoliaAppId } = config.search;
  if (provider !== 'algolia' || !algoliaAppId) return [];
  return [
    `https://${algoliaAppId}-dsn.algolia.net`,
    `https://${algoliaAppId}.algolia.net`,
    'https://*.algolianet.com',
  ];
}

export function searchModule(context: ModuleContext): ServerModule {
  const { db, config } = context;
  return async (app) => {
    await app.register(searchRoutes(context));

    const { provider, algoliaAppId, algoliaAdminKey } = config.search;
    const sync = createAlgoliaSync(db, {
      appId: algoliaAppId ?? '',
      adminKey: algoliaAdminKey ?? '',
      indexName: SEARCH_INDEX,
      log: (message, error) => app.log.error({ err: error }, message),
    });
    app.addHook('onReady', async () => {
      if (provider !== 'algolia') {
        await sync.disable();
        return;
      }
      await sync.enable();
      if (config.workers) sync.start();
    });
    app.addHook('onClose', () => sync.stop());
    // Product changes not yet pushed to Algolia.
    if (provider === 'algolia')
      context.metrics.addQueue('search_sync', () =>
        backlogOf(db, sql`FROM search_outbox`, sql`changed_at`, context.now()),
      );
  };
}
