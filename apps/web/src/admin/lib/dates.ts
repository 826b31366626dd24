/**
 * Dates as the store's staff read them: in India's time (IST, UTC+05:30, no daylight saving),
 * whatever the browser's zone, so two colleagues see the same day for an order. Date filters are
 * whole days in IST: from the first day's start to the last day's end.
 */
const IST = 'Asia/Kolkata';
const IST_OFFSET = '+05:30';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: IST,
});
const dateOnly = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: IST,
});
const dayOfMonth = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** '22 Nov 2026, 3:45 pm' */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** '22 Nov 2026' */
export function formatDay(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** A calendar day 'YYYY-MM-DD' as '22 Nov' (the day itself, no zone shift). */
export function formatCalendarDay(day: string): string {
  return dayOfMonth.format(new Date(`${day}T00:00:00Z`));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A valid calendar day as a date input writes it, or undefined. */
export function calendarDay(value: string | null | undefined): string | undefined {
  if (!value || !DAY.test(value)) return undefined;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : value;
}

/** The instant a day begins in IST. */
export function startOfDay(day: string): string {
  return `${day}T00:00:00${IST_OFFSET}`;
}

/** The instant after a day ends in IST (the next day's start), for an exclusive upper bound. */
export function endOfDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return startOfDay(next.toISOString().slice(0, 10));
}
