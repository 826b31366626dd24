/**
 * A timestamp as PostgreSQL writes a timestamptz in text (`2026-11-25 10:00:00.123456+00`),
 * kept exactly in a keyset cursor. A cursor comes back from the client, so before its text is
 * cast in SQL it must be a moment that exists: a right shape with month 13, 30 February, the
 * year 0 or an offset of 99 hours would make the cast fail (a 500) rather than a clear 400.
 */
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
