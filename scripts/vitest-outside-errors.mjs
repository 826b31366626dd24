// A Vitest reporter for the runners' summaries (scripts/test.mjs, scripts/test-crash.mjs): the
// errors raised outside any test (a failed beforeAll/afterAll, a module that failed to load, an
// unhandled rejection after a test ended, a test process that died), which fail the run but which
// Vitest's JSON report leaves out. Written as JSON lines of {where, message} to the file named by
// OUTSIDE_ERRORS_FILE; the runners pass OUTSIDE_REPORTER to Vitest and read the file back with
// readOutsideErrors.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This reporter's path, for Vitest's --reporter. */
export const OUTSIDE_REPORTER = fileURLToPath(import.meta.url);

/** The errors the reporter wrote to `file`, as {where, message}; none when it wrote nothing. */
export const readOutsideErrors = (file) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

/** A message's first non-blank line, without the terminal's colour codes, at most 240 characters. */
export const firstLine = (message = '') =>
  message
    // eslint-disable-next-line no-control-regex -- strips the terminal's colour codes
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .find((text) => text.trim())
    ?.trim()
    .slice(0, 240) ?? '';
/** An error that failed a run outside any test, as the runners' summaries list it. */
export const outsideErrorLine = ({ where, message }) =>
  `outside a test, ${where}: ${firstLine(message)}`;

const NEVER_FINISHED = 'never finished (its test process ended)';
/** Whether an error names a test file that never finished because its test process died. */
const diedMidFile = ({ message }) => message.startsWith(NEVER_FINISHED);
/** Whether an error is Vitest's word that a test process died (it names no file). */
const processDied = ({ where, message }) =>
  where === 'unhandled' && /^\[vitest-pool\]: Worker \w+ emitted error\./.test(message);

/**
 * The errors of a run with the deaths set aside: the test files whose process died (to be run
 * again), what Vitest said of the death, and the errors that fail the run whatever a re-run shows.
 */
export const setAsideDeaths = (errors) => ({
  died: errors.filter(diedMidFile).map(({ where }) => where),
  cause: errors.find(processDied)?.message ?? 'no cause given',
  standing: errors.filter((error) => !diedMidFile(error) && !processDied(error)),
});

/** An error with its causes, on one line: Vitest's "Worker forks emitted error" says why only in its cause. */
const withCauses = (error) => {
  const messages = [];
  for (let at = error; at; at = at.cause) messages.push(at?.message ?? String(at));
  return messages.join(', caused by: ');
};

export default class OutsideErrorsReporter {
  /**
   * The modules started and not yet ended. A test process that dies mid-file ends its module
   * never, and Vitest then leaves the module out of onTestRunEnd's list altogether.
   */
  running = new Map();

  onTestModuleStart(testModule) {
    this.running.set(testModule.moduleId, testModule);
  }

  onTestModuleEnd(testModule) {
    this.running.delete(testModule.moduleId);
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.OUTSIDE_ERRORS_FILE;
    if (!file) return;
    const errors = [];
    for (const testModule of testModules) {
      const where = relative(process.cwd(), testModule.moduleId);
      for (const error of testModule.errors()) errors.push({ where, message: error.message });
      for (const suite of testModule.children.allSuites())
        for (const error of suite.errors())
          errors.push({ where: `${where} › ${suite.fullName}`, message: error.message });
    }
    for (const testModule of this.running.values()) {
      // Results reach this process in batches, so a test that passed just before may be here too.
      const withoutResult = [...testModule.children.allTests()]
        .filter((test) => test.result().state === 'pending')
        .map((test) => test.fullName);
      errors.push({
        where: relative(process.cwd(), testModule.moduleId),
        message: `${NEVER_FINISHED}; without a result: ${withoutResult.join('; ') || 'none'}`,
      });
    }
    for (const error of unhandledErrors)
      errors.push({ where: 'unhandled', message: withCauses(error) });
    writeFileSync(file, errors.map((error) => JSON.stringify(error)).join('\n'));
  }
}
