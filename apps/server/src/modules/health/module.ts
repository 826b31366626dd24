/** The health module: liveness, readiness and the metrics an operator scrapes (issue 23). */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { healthRoutes } from './routes.js';

export function healthModule({ checkDatabase, metrics, config }: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(healthRoutes(checkDatabase, metrics, config.metricsToken));
  };
}
