/** Reads config, connects and migrates the database, seeds an empty one, builds the app, listens. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { createMailTransport } from './modules/email/transport.js';
import { createOutboxWorker } from './modules/email/worker.js';
import { seedIfEmpty } from './seed/seed.js';

const config = loadConfig();
const database = await connectDatabase(config);
await database.migrate();
if (config.seedOnStart) await seedIfEmpty(database.db, { log: (line) => console.log(line) });

const app = await buildApp({ config, database });
// Background work runs only where WORKERS is on, so a fleet can dedicate replicas to it.
const emailWorker = config.workers
  ? createOutboxWorker({
      db: database.db,
      transport: createMailTransport(config, app.log),
      log: app.log,
    })
  : undefined;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await emailWorker?.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
emailWorker?.start();
app.log.info(`Storefront on ${config.publicUrl} (database: ${database.kind})`);
