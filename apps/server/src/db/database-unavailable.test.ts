/**
 * Which database errors a request answers 503 for (the error handler's and search's rule): a
 * statement cut at its timeout, PostgreSQL's other class-57 errors (a restart, a crash, a
 * database starting), a connection node-postgres lost — also when drizzle wraps them — and
 * nothing else.
 */
import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './connect.js';

const withCode = (code: string | undefined, message = 'database error') =>
  Object.assign(new Error(message), code === undefined ? {} : { code });
const wrapped = (cause: Error) => new Error('Failed query: SELECT 1', { cause });

describe('databaseUnavailable', () => {
  it('says timeout for a cancelled statement, unavailable for the rest of class 57', () => {
    expect(databaseUnavailable(withCode('57014'))).toBe('timeout');
    for (const code of ['57P01', '57P02', '57P03']) {
      expect(databaseUnavailable(wrapped(withCode(code)))).toBe('unavailable');
    }
  });

  it("says unavailable for node-postgres's lost connections, which carry no code", () => {
    expect(
      databaseUnavailable(wrapped(withCode(undefined, 'Connection terminated unexpectedly'))),
    ).toBe('unavailable');
    expect(
      databaseUnavailable(
        withCode(undefined, 'Client has encountered a connection error and is not queryable'),
      ),
    ).toBe('unavailable');
  });

  it('leaves every other error alone', () => {
    expect(databaseUnavailable(wrapped(withCode('23505')))).toBeUndefined();
    expect(databaseUnavailable(withCode(undefined, 'Connection terminated'))).toBeUndefined();
    expect(databaseUnavailable(new Error('something else'))).toBeUndefined();
    expect(databaseUnavailable('57014')).toBeUndefined();
  });
});
