// Where the production-shape stack (stack.mjs) runs, shared with its journeys.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.PRODUCTION_PORT ?? 3443);

export const productionStack = {
  /** nginx's HTTPS port on 127.0.0.1. */
  port,
  /** The two replicas' ports on 127.0.0.1, behind nginx. */
  replicaPorts: [port + 18, port + 19],
  publicUrl: `https://127.0.0.1:${port}`,
  /** The run's folder: nginx's configuration, certificate and logs, the replicas' pids. */
  dir: join(tmpdir(), `storefront-production-${port}`),
  /** The replicas' shared DATA_DIR (the outbox the journeys read). */
  dataDir: join(tmpdir(), `storefront-production-${port}`, 'data'),
  databaseName: `storefront_production_${port}`,
};
