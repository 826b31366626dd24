/** Reads config, connects and migrates the database, seeds an empty one, builds the app, listens. */
import { buildApp } from './app.js';
import { loadConfig, productionRefusals, refuseUnsafeProduction } from './config.js';
import { connectDatabase, STATEMENT_TIMEOUT_MS } from './db/connect.js';
import { registrationGaps } from '@storefront/shared/store-settings';
import { readStoreSettings } from './modules/gst/settings.js';
import { demoAccountsPresent, seedIfEmpty } from './seed/seed.js';
import { startOperatorChannel } from './operator-channel.js';
import { closeOnSignals } from './shutdown.js';
import { listenWhileStarting } from './starting-listener.js';

const config = loadConfig();
refuseUnsafeProduction(productionRefusals(config));
// Port 0 (a test's) has nothing to hold: the app's own port is another.
const starting =
  config.port === 0 ? undefined : await listenWhileStarting(config.host, config.port);
// The log until the app's own exists (the database opens first).
let warn = (message: string) => console.error(message);
const database = await connectDatabase(config, {
  statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  // PGlite's thread restarted after a statement over the budget, or a crash (decision 042).
  onRestart: ({ reason, error }) =>
    warn(
      error
        ? `the database thread failed to restart after a ${reason}: ${error.message}`
        : `the database thread was restarted after a ${reason}`,
    ),
});
await database.migrate();
if (config.seedOnStart)
  await seedIfEmpty(database.db, {
    log: (line) => console.log(line),
    serverSecret: config.jwtSecret,
  });
refuseUnsafeProduction(
  productionRefusals(config, { demoAccounts: await demoAccountsPresent(database.db) }),
);

// Background work (email, payment reconciliation, search sync) runs only where WORKERS is on,
// so a fleet can dedicate replicas to it; each module starts its own workers when the app is
// ready and stops them when it closes.
const app = await buildApp({ config, database });
warn = (message) => app.log.warn(message);
// The `store` CLI's way in while the server runs (a Unix socket in DATA_DIR, mode 0600).
const operatorChannel = await startOperatorChannel(database, config, () => new Date());
app.addHook('onClose', async () => operatorChannel.close());
closeOnSignals(app, database);

await starting?.close();
await app.listen({ host: config.host, port: config.port });
app.log.info(`Storefront on ${config.publicUrl} (database: ${database.kind})`);
if (config.env === 'production' && config.allowDemo)
  app.log.warn('ALLOW_DEMO=true: a demo (sandbox payments, demo accounts); see docs/deploy.md');
// Issue 21: a production store takes no orders until the seller's registration is complete.
const gaps = registrationGaps(await readStoreSettings(database.db));
if (config.env === 'production' && gaps.length > 0)
  app.log.warn(
    `The store takes no orders until the owner completes its GST registration in the console's Settings (${config.publicUrl}/admin/settings): missing ${gaps.join(', ')}`,
  );
