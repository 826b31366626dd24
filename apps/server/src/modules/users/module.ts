/**
 * The users module: buyer accounts and sessions. Registers the account routes, which sign with
 * the app's token service and count attempts with the account limiters of lib/limits.ts
 * (decision 011).
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import type { TokenService } from './access-tokens.js';
import { userRoutes } from './routes.js';

export function usersModule(context: ModuleContext, tokens: TokenService): ServerModule {
  return async (app) => {
    await app.register(userRoutes(context, tokens, context.limiters));
  };
}
