/** The health module: the liveness answer, which also proves the database answers. */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { healthRoutes } from './routes.js';

export function healthModule({ db }: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(healthRoutes(db));
  };
}
