/**
 * The staff module (issue 19): the seller's people, their sign-in with a second factor, and the
 * audit log. Other modules guard their staff routes with the context's `requireStaff` (built
 * from authenticate.ts) and record what staff do with audit.ts's `recordAudit`.
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import { staffRoutes } from './routes.js';
import { staffSecrets } from './service.js';
import { staffCookie } from './sessions.js';

export function staffModule(context: ModuleContext): ServerModule {
  const { config } = context;
  return async (app) => {
    await app.register(
      staffRoutes(context, {
        guard: context.requireStaff,
        cookie: staffCookie(config.publicUrl),
        secrets: staffSecrets(config.jwtSecret),
      }),
    );
  };
}
