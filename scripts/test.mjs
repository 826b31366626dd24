#!/usr/bin/env node
// `npm test`: install if needed, build, then run every suite: Vitest project by project (shared
// rules, the API on PGlite and on PostgreSQL, web components), 3 rounds of the crash tests per
// database (`npm run test:crash` runs 20), a one-minute soak (`npm run bench -- soak` runs 10)
// Playwright (real server, Debian Chromium), and the journeys through the production shape
// (nginx in front of two replicas on PostgreSQL and Redis), and
// close with each suite's counts and seconds and a 'Total: N passed, N failed in N s' line. A
// Vitest file whose test process died is run once more on its own (decision 087).
// Under CI=true a missing PostgreSQL or Chromium fails the run; locally it is reported and
// that suite is skipped.
// First, before any other import runs: stop on a Node.js older than engines.node.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilds, ensureInstalled } from './ensure.mjs';
import { postgresReachable, postgresUrl } from './postgres.mjs';
import {
  OUTSIDE_REPORTER,
  firstLine,
  outsideErrorLine,
  readOutsideErrors,
  setAsideDeaths,
} from './vitest-outside-errors.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
function missing(what) {
  if (ci) {
    console.error(`CI: ${what} is required and missing.`);
    process.exit(1);
  }
  console.warn(`\n⚠ ${what} is missing: that suite is skipped in this local run.\n`);
}

const testsStarted = Date.now();
ensureInstalled();
ensureBuilds();

// One Vitest step per project, so the summary gives each its own counts: the API suites on
// PGlite and on PostgreSQL are the same files, told apart only by their project.
const projects = [
  'shared',
  'e2e-helpers',
  'tooling',
  'bench',
  'server-pglite',
  'server-postgres',
  'security',
  'web',
];
const postgresUp = await postgresReachable();
if (!postgresUp) missing(`PostgreSQL at ${postgresUrl.host}`);

const reportDir = mkdtempSync(join(tmpdir(), 'storefront-test-report-'));
const results = [];

/**
 * Runs one suite and reads what it left: its exit status, its parsed JSON report (null when it
 * wrote none: the runner failed before testing anything, as the status says), the errors outside
 * any test, and its time. Records nothing (`record` does).
 */
const runSuite = (name, command, args, env) => {
  console.log(`\n▶ ${name}\n`);
  const started = Date.now();
  // Each run is recorded before the next starts: the results so far number the report files.
  const reportFile = join(reportDir, `${results.length}.json`);
  const outsideFile = `${reportFile}.outside`;
  const { status } = spawnSync(command, args(reportFile), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1', OUTSIDE_ERRORS_FILE: outsideFile, ...env },
  });
  let report = null;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    // No report: judged by the exit status below.
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  return { status, report, outside: readOutsideErrors(outsideFile), seconds };
};

/**
 * Records a run for the summary: `counts(report)` reads its report into {passed, failed, skipped}
 * and `failures(report)` into the failed tests' names and first error lines, which the summary
 * repeats because a long log is often read from its tail only; the errors outside any test are
 * listed with them. `exitOk` and `outside` judge the run on other terms (vitestStep's).
 */
const record = (
  name,
  run,
  { counts, failures = () => [], exitOk = run.status === 0, outside = run.outside, notes = [] },
) => {
  let tally = null;
  let failed = [];
  try {
    tally = counts(run.report);
    failed = failures(run.report);
  } catch {
    // No report, or not of the shape expected: the run is not ok.
    tally = null;
  }
  failed.push(...outside.map(outsideErrorLine));
  const ok = exitOk && tally !== null && tally.failed === 0;
  results.push({ name, ok, tally, seconds: run.seconds, failed, notes });
};

/** Runs one step and records it (`record`'s options, and `env` for its process). */
const step = (name, command, args, { env = {}, ...options }) =>
  record(name, runSuite(name, command, args, env), options);

/** Counts by test, without the files in `leaving` (files run again, counted in their re-run). */
const vitestCounts = (report, leaving = new Set()) => {
  const tally = { passed: 0, failed: 0, skipped: 0 };
  for (const file of report.testResults) {
    if (leaving.has(relative(root, file.name))) continue;
    for (const { status } of file.assertionResults)
      tally[status === 'passed' || status === 'failed' ? status : 'skipped'] += 1;
  }
  return tally;
};
const vitestFailures = (report, leaving = new Set()) =>
  report.testResults.flatMap((file) => {
    const where = relative(root, file.name);
    if (leaving.has(where)) return [];
    // A file that failed to load, or a failed hook, is listed by outsideErrorLine.
    return file.assertionResults
      .filter(({ status }) => status === 'failed')
      .map(
        ({ fullName, failureMessages }) =>
          `${where} › ${fullName}: ${firstLine(failureMessages[0])}`,
      );
  });
/** Expected failures (test.fail) count as passed, as Playwright counts them. */
const playwrightCounts = (report) => ({
  passed: report.stats.expected + report.stats.flaky,
  failed: report.stats.unexpected,
  skipped: report.stats.skipped,
});

/** Whether `name` is a command on PATH. */
const commandExists = (name) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

/** Playwright's report nests suites; a test failed when its last retry did not pass. */
const playwrightFailures = (report) => {
  const failed = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected')
          failed.push(
            `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(test.results.at(-1)?.error?.message)}`,
          );
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return failed;
};
const vitestArgs = (project, files) => (report) => [
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  `--reporter=${OUTSIDE_REPORTER}`,
  ...files,
];
/**
 * A Vitest project as one step. A test file whose test process died (a crash of Node itself: the
 * process is gone, no test failed) is run once more on its own, as a step of its own, and the first
 * step is judged without it; the summary says so, so a crash that comes back is seen. Anything
 * else that failed stands.
 */
const vitestStep = (name, project, env = {}) => {
  const options = { counts: vitestCounts, failures: vitestFailures };
  const run = runSuite(name, 'npx', vitestArgs(project, []), env);
  const { died, cause, standing } = setAsideDeaths(run.outside);
  if (died.length === 0 || run.report === null) return record(name, run, options);
  // Judged without the files whose process died (their exit status is theirs), which run again.
  const leaving = new Set(died);
  record(name, run, {
    counts: (report) => vitestCounts(report, leaving),
    failures: (report) => vitestFailures(report, leaving),
    exitOk: standing.length === 0,
    outside: standing,
    notes: died.map((where) => `${where}: its test process died (${cause}); run again below`),
  });
  step(`${name}, re-run`, 'npx', vitestArgs(project, died), { env, ...options });
};
for (const project of projects) {
  if (project === 'server-postgres' && !postgresUp) continue;
  vitestStep(`Vitest ${project}`, project);
}
// The crash tests (a killed server, restarted) as CI runs them: a few rounds, fresh seeds, each
// round's test named by its seed.
for (const database of postgresUp ? ['pglite', 'postgres'] : ['pglite'])
  vitestStep(`Crash ${database} (3 rounds)`, 'crash', { TEST_DB: database, CRASH_ROUNDS: '3' });

// The soak as CI runs it (`npm run bench -- soak` runs 10 minutes on 100,000 products): one
// minute of the same mixed traffic on a small catalog, a login burst every 20 s, judged on its
// peak (≤ 300 MB); growth needs 4 minutes after warm-up to judge (bench/lib/soak-verdict.ts), so
// only the long soak judges it. Each verdict given counts as one of this step's tests.
if (postgresUp) {
  step(
    'Soak postgres (1 min)',
    'npm',
    (report) => [
      'run',
      'bench',
      '--',
      'soak',
      '--db',
      'postgres',
      '--minutes',
      '1',
      '--products',
      '2000',
      '--fill-mb',
      '5',
      '--fill-products',
      '500',
      '--fill-images',
      '100',
      '--burst-every',
      '20',
      '--report',
      report,
    ],
    {
      counts: ({ verdict }) => {
        const checks = [verdict.flat, verdict.withinLimit].filter((v) => v !== undefined);
        return {
          passed: checks.filter(Boolean).length,
          failed: checks.filter((ok) => !ok).length,
          skipped: 0,
        };
      },
    },
  );
}

if (existsSync(chromium)) {
  // Run from the e2e workspace, where @playwright/test and its binary are installed.
  step(
    'Playwright journeys (Chromium)',
    'npm',
    () => ['run', 'test', '-w', '@storefront/e2e', '--', '--reporter=list,json'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reportDir, `${results.length}.json`) },
      counts: playwrightCounts,
      failures: playwrightFailures,
    },
  );
} else missing(`Chromium at ${chromium} (apt-get install chromium)`);

// The production shape (issue 23, docs/deploy.md): nginx with TLS and HTTP/2 in front of two
// replicas on one PostgreSQL and one Redis, and buyer journeys through it, a replica killed
// mid-run among them (e2e/production.config.ts).
const nginxReady =
  commandExists('nginx') && existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so');
if (!nginxReady)
  missing('nginx with its brotli module (apt-get install nginx libnginx-mod-http-brotli-static)');
else if (postgresUp && existsSync(chromium)) {
  step(
    'Playwright production shape',
    'npm',
    () => [
      'run',
      'test',
      '-w',
      '@storefront/e2e',
      '--',
      '-c',
      'production.config.ts',
      '--reporter=list,json',
    ],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reportDir, `${results.length}.json`) },
      counts: playwrightCounts,
      failures: playwrightFailures,
    },
  );
}
rmSync(reportDir, { recursive: true, force: true });

const line = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
console.log('\nSummary');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const { name, ok, tally, seconds, failed, notes } of results) {
  const counts = (tally ? line(tally) : 'no report').padEnd(32);
  console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(32)} ${counts} ${seconds} s`);
  for (const failure of failed) console.log(`          ✗ ${failure}`);
  for (const note of notes) console.log(`          ! ${note}`);
  if (tally) for (const key of Object.keys(total)) total[key] += tally[key];
}
const allOk = results.every(({ ok }) => ok);
if (!allOk && total.failed === 0) total.failed = 1; // a step that failed without a report
const wall = Math.round((Date.now() - testsStarted) / 1000);
console.log(`Total: ${line(total)} in ${wall} s`);
process.exit(allOk ? 0 : 1);
