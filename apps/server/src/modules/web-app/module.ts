/**
 * The web-app module: the storefront's pages (the built React app, each page's HTML announcing
 * what it needs first, with its meta) and the staff console's page under /admin. Registered
 * last: its catch-all GET answers every path no other route claims.
 */
import type { PageMetaMakers } from '../../lib/page-meta.js';
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { imageCheckAnswers } from '../images/check.js';
import { imageStorage } from '../images/storage.js';
import { consoleRoutes } from './console-routes.js';
import { webAppRoutes } from './routes.js';

export function webAppModule(
  { config, db }: ModuleContext,
  metaMakers: PageMetaMakers,
): ServerModule {
  const storage = imageStorage(config);
  return async (app) => {
    await app.register(consoleRoutes(config.webDist));
    await app.register(
      webAppRoutes(config.webDist, metaMakers, (items) => imageCheckAnswers(db, storage, items)),
    );
  };
}
