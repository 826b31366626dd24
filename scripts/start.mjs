#!/usr/bin/env node
// `npm start`: install if needed, build if stale, then run the production build as the demo
// (ALLOW_DEMO=true unless set: sandbox payments, the demo buyer), which migrates the database,
// seeds an empty one and serves on PORT (default 3000). The production start is docs/deploy.md's.
// First, before any other import runs: stop on a Node.js older than engines.node.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';
import { ensureBuilds, ensureInstalled } from './ensure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureInstalled();
ensureBuilds();

const allowDemo = process.env.ALLOW_DEMO ?? 'true';
if (allowDemo === 'true') {
  console.log(
    'npm start runs the demo (ALLOW_DEMO=true): sandbox payments that take no money, the demo buyer\n' +
      'buyer@example.com / Buyer@2026, secrets generated into DATA_DIR. To run in production, see\n' +
      'docs/deploy.md.',
  );
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', ...SERVER_NODE_FLAGS, join(root, 'apps/server/dist/main.mjs')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...SERVER_ENV, ...process.env, ALLOW_DEMO: allowDemo },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
