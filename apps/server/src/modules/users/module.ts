/**
 * The users module: buyer accounts and sessions. Registers the account routes, which sign with
 * the app's token service and count attempts with the account limiters of lib/limits.ts
 * (decision 011); where WORKERS is on, the sweep of expired unverified accounts
 * (unverified-accounts.ts) starts with the app and finishes its round when the app closes.
 */
import { addWorker, type ModuleContext, type ServerModule } from '../../module-context.js';
import type { TokenService } from './access-tokens.js';
import { userRoutes } from './routes.js';
import { startUnverifiedAccountSweep } from './unverified-accounts.js';

export function usersModule(context: ModuleContext, tokens: TokenService): ServerModule {
  const { db, config, now } = context;
  return async (app) => {
    await app.register(userRoutes(context, tokens));
    addWorker(app, config, () => startUnverifiedAccountSweep(db, now, app.log));
  };
}
