#!/usr/bin/env node
// `npm start`: install if needed, build if stale, then run the production server, which
// migrates the database, seeds an empty one and serves on PORT (default 3000).
// First, before any other import runs: stop on a Node.js older than engines.node.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';
import { ensureBuilds, ensureInstalled } from './ensure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureInstalled();
ensureBuilds();

const server = spawn(
  process.execPath,
  ['--enable-source-maps', ...SERVER_NODE_FLAGS, join(root, 'apps/server/dist/main.mjs')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
