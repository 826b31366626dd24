import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.js';

describe('amounts in words, Indian system', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [1_999_00, 'Rupees One Thousand Nine Hundred Ninety Nine Only'],
    [12_000_050, 'Rupees One Lakh Twenty Thousand and Fifty Paise Only'],
    [172_385, 'Rupees One Thousand Seven Hundred Twenty Three and Eighty Five Paise Only'],
    [10_00_00_000_00, 'Rupees Ten Crore Only'],
    [
      12_34_56_789_01,
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and One Paise Only',
    ],
    [1_00_000_00_00_000_00, 'Rupees One Lakh Crore Only'],
  ])('%i paise: %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('refuses a fraction of a paisa', () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
