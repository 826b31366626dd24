import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, several projects: the shared rules, the server's API suites on PGlite and on
 * PostgreSQL (the same files, the database chosen by TEST_DB), and the web components.
 */
const serverTests = ['apps/server/src/**/*.test.ts'];
/** Files named *.postgres.test.ts exercise PostgreSQL itself (a killed server process). */
const postgresOnlyTests = ['apps/server/src/**/*.postgres.test.ts'];
/** Files named *.pglite.test.ts exercise PGlite itself (its thread, decision 042). */
const pgliteOnlyTests = ['apps/server/src/**/*.pglite.test.ts'];
/**
 * Files named *.security.test.ts are the threat suite (`npm run test:security`, docs/security.md):
 * attacks on the default setup (PGlite), run once in their own project.
 */
const securityTests = ['apps/server/src/**/*.security.test.ts'];
/**
 * Files named crash*.test.ts kill the real server process, round after round (`npm run
 * test:crash`; `npm test` runs 3 rounds): their own project, on the database TEST_DB names.
 */
const crashTests = ['apps/server/src/**/crash*.test.ts'];
/**
 * The API projects' database migrated once per run, which each test file copies instead of
 * migrating its own (decision 041).
 */
const databaseTemplate = './apps/server/src/test/database-template.ts';
/** The server bundled once per run, for the tests that start it as a process (decision 041). */
const serverBundle = './apps/server/src/test/server-bundle.ts';

export default defineConfig({
  test: {
    // A worker per core: Vitest's default keeps a core for its own process, which mostly waits,
    // and so ran one file at a time on the CI's two cores (decision 041).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Pure helpers of the Playwright journeys (the journeys themselves run in e2e/).
        test: {
          name: 'e2e-helpers',
          include: ['e2e/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The repository's own tooling (the import rules of `npm run lint`).
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        // The bench's own helpers (the benchmarks themselves run with `npm run bench`).
        test: {
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          exclude: [...postgresOnlyTests, ...securityTests, ...crashTests],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: [databaseTemplate, serverBundle],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          exclude: [...pgliteOnlyTests, ...securityTests, ...crashTests],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: [databaseTemplate, serverBundle],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'security',
          include: securityTests,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: databaseTemplate,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // One file at a time: each runs servers of its own, on a machine of two cores.
        test: {
          name: 'crash',
          include: crashTests,
          environment: 'node',
          fileParallelism: false,
          globalSetup: serverBundle,
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
