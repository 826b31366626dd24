import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.js';

describe('amountInWords: rupees and paise in the Indian system', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees Zero and One Paisa Only'],
    [2, 'Rupees Zero and Two Paise Only'],
    [99, 'Rupees Zero and Ninety-Nine Paise Only'],
    [100, 'Rupees One Only'],
    [101, 'Rupees One and One Paisa Only'],
    [1_000, 'Rupees Ten Only'],
    [1_100, 'Rupees Eleven Only'],
    [1_900, 'Rupees Nineteen Only'],
    [2_000, 'Rupees Twenty Only'],
    [2_100, 'Rupees Twenty-One Only'],
    [9_999, 'Rupees Ninety-Nine and Ninety-Nine Paise Only'],
    [10_000, 'Rupees One Hundred Only'],
    [10_100, 'Rupees One Hundred and One Only'],
    [11_000, 'Rupees One Hundred and Ten Only'],
    [99_900, 'Rupees Nine Hundred and Ninety-Nine Only'],
    [1_00_000, 'Rupees One Thousand Only'],
    [1_00_500, 'Rupees One Thousand Five Only'],
    [1_10_000, 'Rupees One Thousand One Hundred Only'],
    [1_72_385, 'Rupees One Thousand Seven Hundred and Twenty-Three and Eighty-Five Paise Only'],
    [10_00_000, 'Rupees Ten Thousand Only'],
    [99_99_900, 'Rupees Ninety-Nine Thousand Nine Hundred and Ninety-Nine Only'],
    // Exact lakhs and crores.
    [1_00_000_00, 'Rupees One Lakh Only'],
    [1_00_005_00, 'Rupees One Lakh Five Only'],
    [1_20_000_50, 'Rupees One Lakh Twenty Thousand and Fifty Paise Only'],
    [12_00_000_00, 'Rupees Twelve Lakh Only'],
    [99_00_000_00, 'Rupees Ninety-Nine Lakh Only'],
    [1_00_00_000_00, 'Rupees One Crore Only'],
    [1_00_00_001_00, 'Rupees One Crore One Only'],
    [1_01_00_000_00, 'Rupees One Crore One Lakh Only'],
    [5_00_00_000_00, 'Rupees Five Crore Only'],
    [
      1_23_45_678_90,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred and Seventy-Eight and Ninety Paise Only',
    ],
    [
      99_99_99_999_99,
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred and Ninety-Nine and Ninety-Nine Paise Only',
    ],
    // Above 99 crore the number of crores is said in the same system.
    [1_00_00_00_000_00, 'Rupees One Hundred Crore Only'],
    [1_01_00_00_000_00, 'Rupees One Hundred and One Crore Only'],
    [
      1234_56_78_901_00,
      'Rupees One Thousand Two Hundred and Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Nine Hundred and One Only',
    ],
    [1_00_000_00_00_000_00, 'Rupees One Lakh Crore Only'],
    [10_00_000_00_00_000_00, 'Rupees Ten Lakh Crore Only'],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('reads the largest safe integer without losing a digit', () => {
    // 9,007,199,254,740,991 paise = ₹90,07,19,92,54,74,09.91: 90,07,199 crore, 25 lakh, 47
    // thousand, 409 rupees and 91 paise.
    expect(amountInWords(Number.MAX_SAFE_INTEGER)).toBe(
      'Rupees Ninety Lakh Seven Thousand One Hundred and Ninety-Nine Crore Twenty-Five Lakh Forty-Seven Thousand Four Hundred and Nine and Ninety-One Paise Only',
    );
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s', (paise) => {
    expect(() => amountInWords(paise)).toThrow(RangeError);
  });
});
