/**
 * The shared lineTax as the storefront shows a line (decision 052): its taxable value and GST in
 * rupees. A chunk of its own, loaded after the first paint (`useLineTaxRule`): the GST module
 * carries the state list and GSTIN codes, which the product and cart pages do not otherwise need
 * (decision 057, the 120 KB budget).
 */
import { lineTax } from '@storefront/shared/gst';
import { paiseToRupees } from '@storefront/shared/money';
import type { LineTaxFigures } from './tax';

/** A line's figures from its GST-inclusive total in paise and its rate in basis points. */
export function lineTaxFigures(grossPaise: number, rateBp: number): LineTaxFigures {
  const tax = lineTax(grossPaise, rateBp);
  return {
    taxable: paiseToRupees(tax.taxablePaise),
    tax: paiseToRupees(grossPaise - tax.taxablePaise),
    rate: rateBp / 100,
  };
}

export type LineTaxRule = typeof lineTaxFigures;
