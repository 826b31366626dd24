/**
 * A quote's expiry as staff choose it: a calendar day in India's time, the price holding to the
 * end of it (23:59:59 IST), so "valid until 4 Dec" means all of 4 December for the buyer.
 */
import { endOfDay } from '../../../lib/dates';

/** A week, the usual validity of a B2B price; staff change it per quote. */
export const DEFAULT_VALIDITY_DAYS = 7;

const IST_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/** The day `days` from today in IST, as a date input writes it ('2026-12-04'). */
export function inDays(days: number, now = new Date()): string {
  return IST_DAY.format(new Date(now.getTime() + days * 86_400_000));
}

/** The last second of `day` in IST, as the answer's expiresAt. */
export function expiryOfDay(day: string): string {
  return new Date(Date.parse(endOfDay(day)) - 1000).toISOString();
}
