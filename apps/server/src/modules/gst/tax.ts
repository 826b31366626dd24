/**
 * The tax of carts and orders as the API shows it (issue 21, decision 052): a product's effective
 * rate, the place of supply of a ship-to address and a billed GSTIN, and the shared rule's paise
 * (`@storefront/shared/gst`) turned into the contract's rupees (tax-summary.ts).
 */
import {
  findIndianState,
  indianStateByCode,
  isIndia,
  OUTSIDE_INDIA_CODE,
  placeOfSupply,
  rateForHsn,
  supplyType,
  taxHeads,
  type LineTax,
  type SupplyType,
  type TaxTotals,
} from '@storefront/shared/gst';
import { isValidGstin, normaliseGstin } from '@storefront/shared/gstin';
import { paiseToRupees } from '@storefront/shared/money';
import type { LineGst, TaxSummary } from '@storefront/shared/tax-summary';
import type { TaxSetup } from '../../module-context.js';

/** A product's GST rate in basis points: its own, else the rate table's for its HSN, else 18 %. */
export function effectiveRate(
  product: { gstRateBp: number | null; hsn: string },
  rates: TaxSetup['rates'],
): number {
  return product.gstRateBp ?? rateForHsn(product.hsn, rates);
}

/** Where a supply is and what it is: the place of supply's code and the supply type. */
export interface Supply {
  placeOfSupply: string;
  supplyType: SupplyType;
}

/**
 * The supply of goods shipped to `country` (a name or the checkout's code) and `stateCode` (an
 * Indian address's GST state code), billed to `billedGstin` (a valid GSTIN, or null), by a
 * seller registered in `sellerStateCode`.
 */
export function supplyOf(
  sellerStateCode: string,
  shipTo: { country: string; stateCode: string | null },
  billedGstin: string | null,
): Supply {
  const place = placeOfSupply(shipTo, billedGstin);
  return { placeOfSupply: place, supplyType: supplyType(sellerStateCode, place) };
}

/**
 * The supply a cart's optional query describes, or null when the place of supply is not known:
 * an Indian ship-to without a known state. A GSTIN counts only when valid (GET /api/cart/).
 */
export function supplyOfQuery(
  sellerStateCode: string,
  query: { shipCountry?: string; shipState?: string; billGstin?: string },
): Supply | null {
  if (!query.shipCountry) return null;
  const gstin = query.billGstin ? normaliseGstin(query.billGstin) : '';
  const billed = isValidGstin(gstin) ? gstin : null;
  if (!isIndia(query.shipCountry))
    return supplyOf(sellerStateCode, { country: query.shipCountry, stateCode: null }, billed);
  const state = query.shipState ? findIndianState(query.shipState) : undefined;
  if (!state) return null;
  return supplyOf(sellerStateCode, { country: query.shipCountry, stateCode: state.code }, billed);
}

/** A place of supply's code and name: '29' Karnataka, '96' Other Countries. */
export function placeName(code: string): { code: string; name: string } {
  if (code === OUTSIDE_INDIA_CODE) return { code, name: 'Other Countries' };
  return { code, name: indianStateByCode(code)?.name ?? code };
}

/** A line's tax as the contract shows it (rupees, the rate in percent). */
export function lineGstView(hsn: string, tax: LineTax): LineGst {
  return {
    hsn,
    rate: tax.rateBp / 100,
    taxable: paiseToRupees(tax.taxablePaise),
    tax: paiseToRupees(tax.centralPaise + tax.statePaise + tax.integratedPaise),
    cgst: paiseToRupees(tax.centralPaise),
    sgst: paiseToRupees(tax.statePaise),
    igst: paiseToRupees(tax.integratedPaise),
  };
}

/** The tax of a cart or order in total; `supply` null: not known yet, all shown as GST. */
export function taxSummaryView(totals: TaxTotals, supply: Supply | null): TaxSummary {
  return {
    taxable: paiseToRupees(totals.taxablePaise),
    cgst: paiseToRupees(totals.centralPaise),
    sgst: paiseToRupees(totals.statePaise),
    igst: paiseToRupees(totals.integratedPaise),
    tax: paiseToRupees(totals.taxPaise),
    heads: supply ? [...taxHeads(supply.supplyType)] : ['GST'],
    supplyType: supply?.supplyType ?? null,
    placeOfSupply: supply ? placeName(supply.placeOfSupply) : null,
  };
}
