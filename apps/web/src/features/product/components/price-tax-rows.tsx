/**
 * The price summary's GST rows (issue 21): the line's price without GST and its GST, from the
 * shared lineTax (decision 052). A chunk of its own, loaded as the summary renders: the GST rule
 * and the state list it shares a module with stay out of the product page's first load
 * (decision 057, the 120 KB budget).
 */
import { formatRupeeAmount } from '../../../lib/format';
import { lineTaxFigures } from '../../../lib/tax';

export function PriceTaxRows({ grossPaise, rateBp }: { grossPaise: number; rateBp: number }) {
  const gst = lineTaxFigures(grossPaise, rateBp);
  return (
    <>
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-2">
        <dt className="text-slate-600">Price excl. GST</dt>
        <dd data-testid="summary-taxable">{formatRupeeAmount(gst.taxable)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">GST ({gst.rate}%)</dt>
        <dd data-testid="summary-gst">{formatRupeeAmount(gst.tax)}</dd>
      </div>
    </>
  );
}
