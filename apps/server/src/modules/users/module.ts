/**
 * The users module: buyer accounts and sessions. Registers the account routes, which sign with
 * the app's token service and count attempts with the account limiters of lib/limits.ts
 * (decision 011); where WORKERS is on, the sweep of expired unverified accounts
 * (unverified-accounts.ts) starts with the app and finishes its round when the app closes.
 */
import type { ModuleContext, ServerModule } from '../../module-context.js';
import type { TokenService } from './access-tokens.js';
import { userRoutes } from './routes.js';
import { startUnverifiedAccountSweep } from './unverified-accounts.js';

export function usersModule(context: ModuleContext, tokens: TokenService): ServerModule {
  const { db, config, now } = context;
  return async (app) => {
    await app.register(userRoutes(context, tokens));
    if (!config.workers) return;
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startUnverifiedAccountSweep(db, now, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  };
}
