#!/usr/bin/env node
// `npm run test:crash`: the crash tests (apps/server/src/**/crash*.test.ts: SIGKILL during
// checkout, seeding, payment callbacks, refunds and a catalog import's apply; with CI set, the
// import's file is smaller) for CRASH_ROUNDS rounds (default 20) per database, PGlite then
// PostgreSQL. Every round's seed is chosen and printed here first, and the closing
// summary names the seeds of failed rounds with the command that replays them. `npm test` runs
// the same project for 3 rounds per database.
// First, before any other import runs: stop on a Node.js older than engines.node.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilds, ensureInstalled } from './ensure.mjs';
import { postgresReachable, postgresUrl } from './postgres.mjs';
import { OUTSIDE_REPORTER, outsideErrorLine, readOutsideErrors } from './vitest-outside-errors.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const rounds = Number(process.env.CRASH_ROUNDS ?? 20);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(
    `CRASH_ROUNDS must be a whole number of at least 1, not "${process.env.CRASH_ROUNDS}"`,
  );
  process.exit(1);
}

ensureInstalled();
ensureBuilds();

const databases = ['pglite'];
if (await postgresReachable()) databases.push('postgres');
else if (ci) {
  console.error(`CI: PostgreSQL at ${postgresUrl.host} is required and missing.`);
  process.exit(1);
} else console.warn(`\n⚠ PostgreSQL at ${postgresUrl.host} is missing: only PGlite is tested.\n`);

const reportDir = mkdtempSync(join(tmpdir(), 'storefront-crash-report-'));
const results = [];
for (const database of databases) {
  const seeds = Array.from({ length: rounds }, () => randomInt(1, 1_000_000));
  console.log(`\n▶ Crash tests on ${database}: ${rounds} rounds, seeds ${seeds.join(',')}\n`);
  const report = join(reportDir, `${database}.json`);
  const started = Date.now();
  const { status } = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'crash',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      `--reporter=${OUTSIDE_REPORTER}`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        FORCE_COLOR: '1',
        TEST_DB: database,
        CRASH_SEED: seeds.join(','),
        OUTSIDE_ERRORS_FILE: `${report}.outside`,
      },
    },
  );
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  let tests = [];
  try {
    tests = JSON.parse(readFileSync(report, 'utf8')).testResults.flatMap((file) =>
      file.assertionResults.map((test) => ({ file: file.name, ...test })),
    );
  } catch {
    // No report: the runner failed before testing anything; the exit status says so.
  }
  // Errors outside any test (a hook, an unhandled rejection) fail the run without failing a test.
  const outside = readOutsideErrors(`${report}.outside`);
  results.push({ database, status, minutes, tests, outside });
}
rmSync(reportDir, { recursive: true, force: true });

console.log('\nCrash summary');
let ok = true;
for (const { database, status, minutes, tests, outside } of results) {
  const passed = tests.filter((t) => t.status === 'passed').length;
  const failed = tests.filter((t) => t.status === 'failed');
  const good = status === 0 && tests.length > 0 && failed.length === 0;
  ok &&= good;
  console.log(
    `  ${good ? 'PASS' : 'FAIL'}  ${database.padEnd(9)} ${passed} passed, ${failed.length} failed in ${minutes} min`,
  );
  for (const test of failed) {
    const seed = /\(seed (\d+)\)/.exec(test.title)?.[1];
    console.log(`        ✗ ${test.fullName}`);
    console.log(
      `          replay: TEST_DB=${database} CRASH_SEED=${seed} npx vitest run --project crash ${test.file.replace(`${root}/`, '')}`,
    );
  }
  for (const error of outside) console.log(`        ✗ ${outsideErrorLine(error)}`);
}
process.exit(ok ? 0 : 1);
