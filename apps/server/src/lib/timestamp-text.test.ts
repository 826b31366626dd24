import { describe, expect, it } from 'vitest';
import { isTimestampText } from './timestamp-text.js';

describe('a cursor’s timestamp text', () => {
  it.each([
    '2026-11-25 10:00:00+00',
    '2026-11-25 10:00:00.123456+05:30',
    '2024-02-29 23:59:59.1-03',
  ])('takes %s', (text) => expect(isTimestampText(text)).toBe(true));

  it.each([
    '2026-13-45 10:00:00+00',
    '2026-02-30 10:00:00+00',
    '2025-02-29 10:00:00+00',
    '0000-01-01 00:00:00+00',
    '1969-12-31 23:59:59+00',
    '2026-11-25 24:00:00+00',
    '2026-11-25 10:60:00+00',
    '2026-11-25 10:00:00+99',
    '2026-11-25T10:00:00Z',
    '',
  ])('refuses %j', (text) => expect(isTimestampText(text)).toBe(false));
});
