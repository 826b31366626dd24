#!/usr/bin/env node
// `npm test`: install if needed, build, then run every suite: Vitest (shared rules, the API on
// PGlite and on PostgreSQL, web components) and Playwright (real server, Debian Chromium).
// Under CI=true a missing PostgreSQL or Chromium fails the run; locally it is reported and
// that suite is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilds, ensureInstalled } from './ensure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const postgresUrl = new URL(
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port: Number(port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function missing(what) {
  if (ci) {
    console.error(`CI: ${what} is required and missing.`);
    process.exit(1);
  }
  console.warn(`\n⚠ ${what} is missing: that suite is skipped in this local run.\n`);
}

ensureInstalled();
ensureBuilds();

const vitestArgs = ['vitest', 'run'];
if (!(await reachable(postgresUrl.hostname, postgresUrl.port || 5432))) {
  missing(`PostgreSQL at ${postgresUrl.host}`);
  vitestArgs.push(
    '--project',
    'shared',
    '--project',
    'e2e-helpers',
    '--project',
    'server-pglite',
    '--project',
    'web',
  );
}

const results = [];
const step = (name, command, args) => {
  console.log(`\n▶ ${name}\n`);
  const { status } = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  results.push([name, status === 0]);
};

step('Vitest: shared, server-pglite, server-postgres, web', 'npx', vitestArgs);
if (existsSync(chromium)) {
  // Run from the e2e workspace, where @playwright/test and its binary are installed.
  step('Playwright: browser journeys', 'npm', ['run', 'test', '-w', '@storefront/e2e']);
} else missing(`Chromium at ${chromium} (apt-get install chromium)`);

console.log('\nSummary');
for (const [name, ok] of results) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
