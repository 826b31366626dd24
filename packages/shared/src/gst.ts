/**
 * GST on a line, place of supply and the tax heads (issue 21, decision 052;
 * shared/reference/india-gst-and-payments.md §3.2, §3.2a). The one rule the server prices every
 * order with and the web app shows; the server's answer wins.
 *
 * - Catalog prices include GST. A line's gross is its unit price × quantity (pricing.ts); its
 *   taxable value is gross × 100 / (100 + rate), rounded half up to the paisa; its tax is the
 *   rest, so taxable + tax = gross exactly and the buyer pays what the product showed.
 * - Same state (seller's and place of supply): CGST + SGST, or CGST + UTGST in a union
 *   territory without a legislature, each half the tax, the odd paisa to the central head.
 *   Different states, or outside India: IGST, the whole tax.
 * - Rates are in basis points (1800 = 18 %) so that 0.25 % stays an integer.
 */
import { GST_STATE_CODES } from './gstin.js';

/** A state or union territory an Indian address can be in, with its GST state code. */
export interface IndianState {
  code: string;
  name: string;
  /** A union territory without a legislature charges UTGST in place of SGST. */
  utgst: boolean;
}

/**
 * Codes with an address today: 25 (Daman and Diu, merged into 26 in 2020), 28 (Andhra Pradesh
 * before 2014), 97 (Other Territory) and 99 (Centre Jurisdiction) are GSTIN codes, not places.
 */
const NOT_PLACES = new Set(['25', '28', '97', '99']);
/** Union territories without a legislature (reference §3.2a). */
const UTGST_CODES = new Set(['04', '26', '31', '35', '38']);

/** Every state and union territory, by name: the one list every Indian address is entered with. */
export const INDIAN_STATES: readonly IndianState[] = Object.entries(GST_STATE_CODES)
  .filter(([code]) => !NOT_PLACES.has(code))
  .map(([code, name]) => ({ code, name, utgst: UTGST_CODES.has(code) }))
  .sort((a, b) => a.name.localeCompare(b.name));

const STATE_BY_CODE = new Map(INDIAN_STATES.map((state) => [state.code, state]));
const STATE_BY_KEY = new Map(INDIAN_STATES.map((state) => [stateKey(state.name), state]));

function stateKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');
}

/** The state an address names, by its code ('29') or its name in any case ('karnataka'). */
export function findIndianState(codeOrName: string): IndianState | undefined {
  const trimmed = codeOrName.trim();
  return STATE_BY_CODE.get(trimmed.padStart(2, '0')) ?? STATE_BY_KEY.get(stateKey(trimmed));
}

export function indianStateByCode(code: string): IndianState | undefined {
  return STATE_BY_CODE.get(code);
}

/**
 * The state a GSTIN is registered in (its first two digits) when `state` names another one, or
 * none it can be read as: a GSTIN is issued per state, so the business address it stands for
 * lies in that state (issue 22, decision 067). undefined when they agree, and for the GSTIN
 * codes that are no place (97 Other Territory, 99 Centre Jurisdiction).
 */
export function gstinStateMismatch(gstin: string, state: string): IndianState | undefined {
  const registered = indianStateByCode(gstin.trim().slice(0, 2));
  if (!registered) return undefined;
  return findIndianState(state)?.code === registered.code ? undefined : registered;
}

export const gstinStateMessage = (registered: IndianState) =>
  `The business state must be the GSTIN's state (${registered.name})`;

/** The country name every Indian address carries (the spec's default country). */
export const INDIA = 'India';

/** Whether an address's country is India: by name, or by the code the checkout sends ('in'). */
export function isIndia(country: string): boolean {
  const key = country.trim().toLowerCase();
  return key === 'india' || key === 'in';
}

/** The GST portal's code for a place of supply outside India (exports). */
export const OUTSIDE_INDIA_CODE = '96';

// ── Rates ───────────────────────────────────────────────────────────────────

/**
 * The rates in force since 22 September 2025, in basis points: the 0, 5, 18 and 40 % slabs and
 * the special rates (0.1, 0.25, 0.5 and 3 %).
 */
export const GST_RATES_BP = [0, 10, 25, 50, 300, 500, 1800, 4000] as const;
export type GstRateBp = (typeof GST_RATES_BP)[number];
/** The standard slab, for goods whose HSN code the rate table does not know. */
export const STANDARD_RATE_BP: GstRateBp = 1800;

export function isGstRate(value: number): value is GstRateBp {
  return (GST_RATES_BP as readonly number[]).includes(value);
}

/** '18%', '0.25%'. */
export function formatRate(rateBp: number): string {
  return `${rateBp / 100}%`;
}

/**
 * The rate of an HSN code from a table of HSN prefixes (2 to 8 digits): the longest prefix
 * that matches wins, else the standard slab.
 */
export function rateForHsn(hsn: string, table: ReadonlyMap<string, number>): number {
  for (let length = Math.min(hsn.length, 8); length >= 2; length--) {
    const rate = table.get(hsn.slice(0, length));
    if (rate !== undefined) return rate;
  }
  return STANDARD_RATE_BP;
}

// ── Place of supply and the tax heads ──────────────────────────────────────

/**
 * intra: CGST + SGST; intra-ut: CGST + UTGST; inter: IGST (another state, or outside India).
 */
export type SupplyType = 'intra' | 'intra-ut' | 'inter';

/**
 * Where the supply is, by GST state code (IGST Act §10(1)): where the goods' movement ends
 * (the ship-to state), except when the buyer bills a GSTIN of another state and has the goods
 * delivered elsewhere: then §10(1)(b) makes the billed registration's state the place of supply
 * (bill-to/ship-to), which is also what lets the buyer claim the credit under that GSTIN.
 * Goods shipped out of India are an export (§11): OUTSIDE_INDIA_CODE, whatever is billed.
 */
export function placeOfSupply(
  shipTo: { country: string; stateCode: string | null },
  billedGstin: string | null,
): string {
  if (!isIndia(shipTo.country) || !shipTo.stateCode) return OUTSIDE_INDIA_CODE;
  return billedGstin ? billedGstin.slice(0, 2) : shipTo.stateCode;
}

export function supplyType(sellerStateCode: string, placeOfSupplyCode: string): SupplyType {
  if (sellerStateCode !== placeOfSupplyCode) return 'inter';
  return UTGST_CODES.has(placeOfSupplyCode) ? 'intra-ut' : 'intra';
}

/** The tax of one line, in paise: taxable + central + state + integrated = gross. */
export interface LineTax {
  rateBp: number;
  taxablePaise: number;
  /** CGST. */
  centralPaise: number;
  /** SGST, or UTGST for an 'intra-ut' supply. */
  statePaise: number;
  /** IGST. */
  integratedPaise: number;
}

/** Half up, for non-negative integers over a positive integer divisor. */
function divideHalfUp(numerator: number, divisor: number): number {
  return Math.floor((2 * numerator + divisor) / (2 * divisor));
}

/**
 * The tax inside a GST-inclusive line total (decision 052). When the supply type is not known
 * yet (no place of supply), the tax is reported as integrated: the heads' split is all that a
 * place of supply changes, never the taxable value or the total tax.
 */
export function lineTax(grossPaise: number, rateBp: number, supply: SupplyType = 'inter'): LineTax {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0)
    throw new RangeError(`gross must be whole paise ≥ 0, not ${grossPaise}`);
  const taxablePaise = divideHalfUp(grossPaise * 10_000, 10_000 + rateBp);
  const tax = grossPaise - taxablePaise;
  if (supply === 'inter')
    return { rateBp, taxablePaise, centralPaise: 0, statePaise: 0, integratedPaise: tax };
  const centralPaise = Math.ceil(tax / 2);
  return { rateBp, taxablePaise, centralPaise, statePaise: tax - centralPaise, integratedPaise: 0 };
}

export interface TaxTotals {
  taxablePaise: number;
  centralPaise: number;
  statePaise: number;
  integratedPaise: number;
  /** central + state + integrated. */
  taxPaise: number;
}

/** The sums of lines' taxes (each line rounded on its own, then added: no rounding here). */
export function taxTotals(lines: readonly LineTax[]): TaxTotals {
  const totals = {
    taxablePaise: 0,
    centralPaise: 0,
    statePaise: 0,
    integratedPaise: 0,
    taxPaise: 0,
  };
  for (const line of lines) {
    totals.taxablePaise += line.taxablePaise;
    totals.centralPaise += line.centralPaise;
    totals.statePaise += line.statePaise;
    totals.integratedPaise += line.integratedPaise;
  }
  totals.taxPaise = totals.centralPaise + totals.statePaise + totals.integratedPaise;
  return totals;
}

/** The heads' names a supply shows: ['CGST', 'SGST'], ['CGST', 'UTGST'] or ['IGST']. */
export function taxHeads(supply: SupplyType): readonly string[] {
  if (supply === 'inter') return ['IGST'];
  return supply === 'intra-ut' ? ['CGST', 'UTGST'] : ['CGST', 'SGST'];
}

// ── Financial years and document numbers ──────────────────────────────────

/**
 * The Indian financial year (April to March) an India date (`YYYY-MM-DD`) falls in, as
 * '2026-27'.
 */
export function financialYear(indiaDate: string): string {
  const year = Number(indiaDate.slice(0, 4));
  const month = Number(indiaDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Rule 46(b): at most 16 characters, letters, digits, '-' and '/'. */
export const DOCUMENT_NUMBER_MAX = 16;
const DOCUMENT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/-]{0,15}$/;

/**
 * A document's number in its series: the prefix, the financial year's short form and the
 * sequence, zero-padded to 5 digits: ('SF', '2026-27', 42) → 'SF/2627/00042' (13 characters).
 * An e-invoice's number may not start with '0', '/' or '-': the prefix starts with a letter.
 */
export function documentNumber(prefix: string, fy: string, sequence: number): string {
  const number = `${prefix}/${fy.slice(2, 4)}${fy.slice(5, 7)}/${String(sequence).padStart(5, '0')}`;
  if (!DOCUMENT_NUMBER.test(number))
    throw new RangeError(`${number} is not a valid document number (Rule 46(b))`);
  return number;
}

/** A series prefix the seller may choose: 1 to 4 letters or digits, starting with a letter. */
export const SERIES_PREFIX = /^[A-Z][A-Z0-9]{0,3}$/;
