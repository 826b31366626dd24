/**
 * GSTIN checks (shared/reference/india-gst-and-payments.md §3.1): uppercase and trim → length 15
 * → format → state code → Luhn mod 36 check character.
 */

export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (old)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_FORMAT = /^\d{2}[A-Z]{3}[ABCFGHLJPTK][A-Z]\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export type GstinProblem = 'length' | 'format' | 'state' | 'checksum';

/** The check character for the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14.charAt(i));
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (sum % 36)) % 36);
}

export function normaliseGstin(input: string): string {
  return input.trim().toUpperCase();
}

/** The first problem found with a GSTIN, or null when it is well-formed and its check digit holds. */
export function gstinProblem(input: string): GstinProblem | null {
  const gstin = normaliseGstin(input);
  if (gstin.length !== 15) return 'length';
  if (!GSTIN_FORMAT.test(gstin) || gstin.slice(7, 11) === '0000') return 'format';
  if (!(gstin.slice(0, 2) in GST_STATE_CODES)) return 'state';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return 'checksum';
  return null;
}

export function isValidGstin(input: string): boolean {
  return gstinProblem(input) === null;
}

export const GSTIN_PROBLEM_MESSAGES: Readonly<Record<GstinProblem, string>> = {
  length: 'GST number must be 15 characters',
  format: 'GST number format is not valid',
  state: 'GST number has an unknown state code',
  checksum: 'GST number check digit does not match',
};
