// Starts the built server for the browser journeys on a fresh data directory (PGlite, seeded
// on start), so every run begins from the same catalog and an empty outbox.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = process.env.E2E_DATA_DIR ?? join(here, '.data');
rmSync(dataDir, { recursive: true, force: true });

const server = spawn(
  process.execPath,
  // As npm start runs it: the production's heap and malloc settings (node-flags.mjs).
  ['--enable-source-maps', ...SERVER_NODE_FLAGS, join(here, '..', 'apps/server/dist/main.mjs')],
  {
    stdio: 'inherit',
    env: {
      ...SERVER_ENV,
      ...process.env,
      NODE_ENV: 'production',
      // The demo's settings (sandbox payments, the seeded demo buyer), with every rate limit ten
      // times higher: the journeys all come from one address, so they share its limits.
      ALLOW_DEMO: 'true',
      RATE_LIMIT_SCALE: '10',
      DATA_DIR: dataDir,
      PORT: process.env.E2E_PORT ?? '3310',
      PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3310'}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
