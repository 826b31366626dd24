/**
 * The summary's reporter of errors outside any test (vitest-outside-errors.mjs), run on a real
 * Vitest over fixture files: a hook that fails, and a test process that dies mid-file, which
 * Vitest reports only as "Worker forks emitted error" and leaves out of its module list.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { OUTSIDE_REPORTER, readOutsideErrors, setAsideDeaths } from './vitest-outside-errors.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = mkdtempSync(join(tmpdir(), 'outside-errors-'));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

const fixture = (name, text) => writeFileSync(join(fixtures, name), text);
fixture('fine.test.mjs', `import { it } from 'vitest';\nit('passes', () => {});\n`);
fixture(
  'hook.test.mjs',
  `import { beforeAll, it } from 'vitest';\nbeforeAll(() => { throw new Error('no database'); });\nit('needs it', () => {});\n`,
);
fixture(
  'dies.test.mjs',
  `import { it } from 'vitest';
it('runs first', () => {});
it('kills its process', () => { process.kill(process.pid, 'SIGKILL'); });
it('never runs', () => {});
`,
);

it('names a failed hook, and the file whose test process died with its tests without a result', () => {
  const file = join(fixtures, 'outside.jsonl');
  const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', '--root', fixtures, `--reporter=${OUTSIDE_REPORTER}`],
    { cwd: fixtures, env: { ...process.env, OUTSIDE_ERRORS_FILE: file }, encoding: 'utf8' },
  );
  expect(run.status).toBe(1);
  const errors = readOutsideErrors(file);
  expect(errors).toContainEqual({ where: 'hook.test.mjs', message: 'no database' });
  const dead = errors.find(({ where }) => where === 'dies.test.mjs');
  expect(dead?.message).toMatch(
    /^never finished \(its test process ended\); without a result: .*kills its process; never runs$/,
  );
  expect(errors).toContainEqual({
    where: 'unhandled',
    message: '[vitest-pool]: Worker forks emitted error., caused by: Worker exited unexpectedly',
  });
  expect(errors.map(({ where }) => where)).not.toContain('fine.test.mjs');

  // npm test runs the dead process's file again; the failed hook fails the run whatever that shows.
  const { died, cause, standing } = setAsideDeaths(errors);
  expect(died).toEqual(['dies.test.mjs']);
  expect(cause).toMatch(/emitted error\., caused by: Worker exited unexpectedly$/);
  expect(standing).toEqual([{ where: 'hook.test.mjs', message: 'no database' }]);
});
