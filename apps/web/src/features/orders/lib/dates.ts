/** Order dates as buyers in India read them: '22 Nov 2025' and '3:45 pm', in local time. */

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

const calendarFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date as the server gives it ('2026-11-26', a document's date in India). */
export function formatCalendarDate(date: string): string {
  return calendarFormat.format(new Date(`${date}T00:00:00Z`));
}
