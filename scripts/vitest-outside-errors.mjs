// A Vitest reporter for the runners' summaries (scripts/test.mjs, scripts/test-crash.mjs): the
// errors raised outside any test (a failed beforeAll/afterAll, a module that failed to load, an
// unhandled rejection after a test ended), which fail the run but which Vitest's JSON report
// leaves out. Written as JSON lines of {where, message} to the file named by OUTSIDE_ERRORS_FILE;
// the runners pass OUTSIDE_REPORTER to Vitest and read the file back with readOutsideErrors.
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

export default class OutsideErrorsReporter {
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
    for (const error of unhandledErrors)
      errors.push({ where: 'unhandled', message: error?.message ?? String(error) });
    writeFileSync(file, errors.map((error) => JSON.stringify(error)).join('\n'));
  }
}
