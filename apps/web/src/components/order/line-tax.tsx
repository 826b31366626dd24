/**
 * One line's GST (issue 21): the line's price without GST, the GST at its rate, which add up to
 * the line total shown beside it (catalog prices include GST, decision 052). Each half keeps to
 * one line; a narrow column wraps between them.
 */
import { cn } from '../../lib/cn';
import { formatRupeeAmount } from '../../lib/format';
import type { LineTaxFigures } from '../../lib/tax';

export function LineTax({ gst, className }: { gst: LineTaxFigures; className?: string }) {
  return (
    <p data-testid="line-tax" className={cn('text-xs text-slate-600', className)}>
      <span className="whitespace-nowrap">
        <span data-testid="line-taxable">{formatRupeeAmount(gst.taxable)}</span> excl. GST
      </span>{' '}
      <span className="whitespace-nowrap">
        + <span data-testid="line-gst">{formatRupeeAmount(gst.tax)}</span> GST ({gst.rate}%)
      </span>
    </p>
  );
}
