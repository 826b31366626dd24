/**
 * The store's calendar is India's (Asia/Kolkata): a "day" on the dashboard, the date of an
 * order in an export and an export's file name are India dates. India Standard Time is UTC+05:30
 * all year (no daylight saving since 1945), so a fixed offset is exact and needs no time-zone
 * database; PostgreSQL's `AT TIME ZONE 'Asia/Kolkata'` agrees with it.
 */

export const STORE_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The India date of an instant, `YYYY-MM-DD`. */
export function indiaDate(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an India day (`YYYY-MM-DD`) begins: its midnight in India. */
export function indiaMidnight(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The India date `days` after (or, negative, before) `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
