import { describe, expect, it } from 'vitest';
import { rupeesText } from './rupees-text.js';

describe('paise written as rupees', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [5, '0.05'],
    [50, '0.50'],
    [100, '1.00'],
    [149950, '1499.50'],
    [123456, '1234.56'],
    [999_999_999_99, '999999999.99'],
    // A credit note's sums in a tax return are negative; the sign stands before the rupees.
    [-5, '-0.05'],
    [-100, '-1.00'],
    [-123456, '-1234.56'],
  ])('%i paise are %s', (paise, text) => {
    expect(rupeesText(paise)).toBe(text);
  });
});
