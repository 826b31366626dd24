/**
 * A document's total in words, in the Indian system (Rule 46 invoices print it): crore, lakh,
 * thousand, hundred; 'Rupees One Lakh Twenty Thousand and Fifty Paise Only'. Integer paise in.
 */
const ONES = [
  '',
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
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]!} ${ONES[unit]!}` : TENS[n / 10]!;
}

/** 1 and up; a number of crores is itself said in lakhs and thousands ('One Lakh Crore'). */
function words(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crore) parts.push(`${words(crore)} Crore`);
  const scales: [number, string][] = [
    [100_000, 'Lakh'],
    [1_000, 'Thousand'],
    [100, 'Hundred'],
  ];
  for (const [size, name] of scales) {
    const count = Math.floor(rest / size);
    rest %= size;
    if (count) parts.push(`${belowHundred(count)} ${name}`);
  }
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new RangeError(`an amount in words needs whole paise ≥ 0, not ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees ? words(rupees) : 'Zero';
  return rest
    ? `Rupees ${rupeeWords} and ${belowHundred(rest)} Paise Only`
    : `Rupees ${rupeeWords} Only`;
}
