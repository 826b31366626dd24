/** The health module: the liveness answer, which also says whether the database can take work. */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { healthRoutes } from './routes.js';

export function healthModule({ checkDatabase }: ModuleContext): ServerModule {
  return async (app) => {
    await app.register(healthRoutes(checkDatabase));
  };
}
