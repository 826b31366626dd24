/**
 * Rupees as people write them in files and forms: the catalog's spreadsheets, a target price on a
 * quote. Apart from ./money.ts (what every price on screen needs) and from the catalog transfer's
 * schemas, so a form that reads a price loads neither more than it needs nor zod (decision 033).
 */

/**
 * Paise as rupees with two decimals, in integer arithmetic: 123450 → "1234.50"; a negative sum
 * (a credit note in a tax return) keeps its sign: -123456 → "-1234.56".
 */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(paise);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** Rupees as written: digits, Western or Indian grouping, at most 2 decimals, an optional ₹. */
const RUPEES = /^(\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.(\d{1,2}))?$/;

/** "₹1,499.5" → 149950; undefined when the text is not rupees with at most 2 decimals. */
export function parseRupees(text: string): number | undefined {
  // ₹ escaped: the server's bundle stays ASCII (apps/server/src/build.test.ts).
  const match = RUPEES.exec(text.trim().replace(/^\u20b9\s*/, ''));
  if (!match) return undefined;
  const paise = Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : undefined;
}
