/**
 * How the storefront shows GST (issue 21, decisions 052 and 057): catalog prices include it, so
 * a line's figures are its taxable value, its tax and the total it already was; a total's tax is
 * one 'GST (included)' figure until the place of supply is known, then its heads. The server
 * computes every figure; the web app computes only what a price not yet asked of the server
 * shows (the product page's quantity, a pending cart edit), with the same `lineTax`
 * (lib/line-tax-rule.ts, loaded after the first paint).
 */
import { paiseToRupees } from '@storefront/shared/money';
import type { TaxSummary } from '@storefront/shared/tax-summary';

/** What one line's tax shows: rupees, and the rate in percent. */
export interface LineTaxFigures {
  taxable: number;
  tax: number;
  rate: number;
}

/** A total's GST before the place of supply is known: one figure, all of it in `igst`. */
export function unsplitTax(lines: readonly LineTaxFigures[]): TaxSummary {
  let taxablePaise = 0;
  let taxPaise = 0;
  for (const line of lines) {
    taxablePaise += Math.round(line.taxable * 100);
    taxPaise += Math.round(line.tax * 100);
  }
  const tax = paiseToRupees(taxPaise);
  return {
    taxable: paiseToRupees(taxablePaise),
    cgst: 0,
    sgst: 0,
    igst: tax,
    tax,
    heads: ['GST'],
    supplyType: null,
    placeOfSupply: null,
  };
}

export interface TaxHeadRow {
  head: string;
  label: string;
  amount: number;
}

/**
 * The rows a total's tax shows: 'GST (included)' while the supply type is unknown; else each
 * head (CGST and SGST, CGST and UTGST, or IGST) with its amount.
 */
export function taxHeadRows(tax: TaxSummary): TaxHeadRow[] {
  if (tax.supplyType === null) return [{ head: 'GST', label: 'GST (included)', amount: tax.tax }];
  return tax.heads.map((head) => ({
    head,
    label: head,
    amount: head === 'CGST' ? tax.cgst : head === 'IGST' ? tax.igst : tax.sgst,
  }));
}

/** 'Karnataka (29)', or null while the place of supply is not known. */
export function placeOfSupplyText(tax: TaxSummary): string | null {
  return tax.placeOfSupply ? `${tax.placeOfSupply.name} (${tax.placeOfSupply.code})` : null;
}
