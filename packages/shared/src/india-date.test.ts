import { describe, expect, it } from 'vitest';
import { addDays, indiaDate, indiaMidnight } from './india-date.js';

describe('India dates', () => {
  it.each([
    ['2026-11-26T18:29:59.999Z', '2026-11-26'],
    ['2026-11-26T18:30:00.000Z', '2026-11-27'],
    ['2026-12-31T18:30:00.000Z', '2027-01-01'],
    ['2028-02-28T20:00:00.000Z', '2028-02-29'],
  ])('%s is %s in India', (instant, date) => {
    expect(indiaDate(new Date(instant))).toBe(date);
  });

  it('an India day begins at 18:30 UTC the day before', () => {
    expect(indiaMidnight('2026-11-27').toISOString()).toBe('2026-11-26T18:30:00.000Z');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-11-27', -29)).toBe('2026-10-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
