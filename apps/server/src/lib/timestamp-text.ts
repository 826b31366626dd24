/**
 * A timestamp as PostgreSQL writes a timestamptz in text (`2026-11-25 10:00:00.123456+00`),
 * kept exactly in a keyset cursor. A cursor comes back from the client, so before its text is
 * cast in SQL it must be a moment that exists: a right shape with month 13, 30 February, the
 * year 0 or an offset of 99 hours would make the cast fail (a 500) rather than a clear 400.
 */
import { invalid } from './errors.js';

const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;

export function isTimestampText(text: string): boolean {
  const parts = TIMESTAMP_TEXT.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = parts
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part.replace('.', '0.'))));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1970 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours! <= 15 &&
    offsetMinutes! < 60
  );
}

/**
 * A newest-first keyset cursor: the last row's created_at as PostgreSQL writes it (microseconds
 * kept, so no row is skipped or repeated) and its id. A cursor that is not one is a clear 400.
 */
export const encodeCreatedCursor = (createdAt: string, id: string) =>
  Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

export function decodeCreatedCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      isTimestampText(value[0]) &&
      typeof value[1] === 'string' &&
      /^[0-9a-f]{24}$/.test(value[1])
    )
      return [value[0], value[1]];
  } catch {
    // answered below
  }
  throw invalid('invalid_cursor', 'This page link is not valid; start from the first page');
}
