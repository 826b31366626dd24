/**
 * An amount in words in the Indian system, as a tax invoice prints it (Rule 46; issue 21):
 * 1,23,45,678.90 → 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred and
 * Seventy-Eight and Ninety Paise Only'. One style, everywhere:
 *
 * - 'Rupees {rupees in words}', then ' and {paise in words} Paise' when there are paise
 *   ('One Paisa' for one), then ' Only'. 'Rupees' even for one rupee, as on a cheque.
 * - Groups from the top: crore (10^7), lakh (10^5), thousand, hundred, then the last two
 *   digits; a group that is zero is left out ('One Lakh Five'). The number of crores is itself
 *   said in the Indian system, so amounts above 99 crore read 'One Hundred Crore', 'One
 *   Thousand Two Hundred and Thirty-Four Crore', 'One Lakh Crore'.
 * - 'and' only between a hundred and the tens and units after it ('Six Hundred and
 *   Seventy-Eight', 'One Hundred and One Crore'), and between the rupees and the paise.
 * - Tens and units are hyphenated ('Twenty-Three'); every word is capitalised.
 * - Zero rupees read 'Rupees Zero' ('Rupees Zero and One Paisa Only').
 */

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;
const TENS = [
  '',
  '',
  'Twenty',
  'Thirty',
  'Forty',
  'Fifty',
  'Sixty',
  'Seventy',
  'Eighty',
  'Ninety',
] as const;

/** 1–99. */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[n / 10]! : `${TENS[Math.floor(n / 10)]!}-${UNITS[unit]!}`;
}

/** 1–999: 'Six Hundred and Seventy-Eight', 'Six Hundred', 'Seventy-Eight'. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest);
  const head = `${UNITS[hundreds]!} Hundred`;
  return rest === 0 ? head : `${head} and ${belowHundred(rest)}`;
}

/** A whole number ≥ 1 in words, Indian system. */
function indianWords(n: number): string {
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor(n / 100_000) % 100;
  const thousands = Math.floor(n / 1000) % 100;
  const rest = n % 1000;
  const parts: string[] = [];
  if (crores > 0) parts.push(`${indianWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** Whole paise ≥ 0 in words (see above); throws a RangeError for anything else. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new RangeError(`an amount in words needs whole paise ≥ 0, not ${paise}`);
  const rupees = Math.floor(paise / 100);
  const fraction = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : indianWords(rupees);
  const paiseWords =
    fraction === 0 ? '' : ` and ${belowHundred(fraction)} ${fraction === 1 ? 'Paisa' : 'Paise'}`;
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
