#!/usr/bin/env node
// Makes a fresh or stale checkout runnable: `--install` installs dependencies when they are
// missing or older than package-lock.json; `--build` rebuilds the web app and the server when
// any of their sources is newer than the last build. Uses only Node's standard library.
// First, before any other import runs: stop on a Node.js older than engines.node.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

function run(command, commandArgs, cwd = root) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n${command} ${commandArgs.join(' ')} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time under the given paths (files or folders), skipping build output. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(join(path, entry));
      }
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return latest;
}

const mtime = (path) => (existsSync(join(root, path)) ? statSync(join(root, path)).mtimeMs : 0);

export function ensureInstalled() {
  const marker = 'node_modules/.package-lock.json';
  if (mtime(marker) === 0 || mtime('package-lock.json') > mtime(marker)) {
    console.log('Installing dependencies (npm ci)...');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
}

function ensureBuilt(name, stamp, sources, command) {
  if (mtime(stamp) >= newest(sources) && mtime(stamp) >= mtime('package-lock.json')) return;
  console.log(`Building ${name}...`);
  run('npm', command);
  writeFileSync(join(root, stamp), new Date().toISOString());
}

export function ensureBuilds() {
  ensureBuilt(
    'the web app',
    'apps/web/dist/.build-stamp',
    ['apps/web', 'packages/shared/src'],
    ['run', 'build', '-w', '@storefront/web'],
  );
  ensureBuilt(
    'the server',
    'apps/server/dist/.build-stamp',
    ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
    ['run', 'build', '-w', '@storefront/server'],
  );
}

if (args.has('--install')) ensureInstalled();
if (args.has('--build')) ensureBuilds();
