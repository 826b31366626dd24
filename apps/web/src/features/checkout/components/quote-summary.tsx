/**
 * The checkout's summary when it accepts a quote (decision 063): the quote's lines at the
 * version's unit prices and its total, GST included; the invoice splits the GST by the place
 * of supply, as for any order.
 */
import { formatRupees } from '@storefront/shared/money';
import { quoteReference } from '@storefront/shared/quote-labels';
import type { Quote, QuoteVersion } from '@storefront/shared/quotes';
import { OrderSummaryCard } from '../../../components/order/order-summary-card';
import { sourceLabel } from '../../../lib/data/shipping-sources';

export function QuoteSummary({ quote, version }: { quote: Quote; version: QuoteVersion }) {
  return (
    <OrderSummaryCard id="checkout-summary" className="p-5">
      <p className="mt-1 text-sm text-slate-600">
        Quote {quoteReference(quote.id)}, price version {version.version}
      </p>
      <ul className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto">
        {quote.lines.map((line, i) => {
          const unit = version.unitPricesPaise[i] ?? 0;
          return (
            <li key={line.position} data-testid="summary-line" className="py-3 text-sm">
              <p className="font-medium">{line.title}</p>
              <p className="text-slate-600">{sourceLabel(line.source, line.title)}</p>
              <div className="mt-1 flex justify-between gap-2">
                <span className="text-slate-600">
                  {formatRupees(unit)} × {line.quantity}
                </span>
                <span className="font-medium">{formatRupees(unit * line.quantity)}</span>
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd className="font-medium text-green-700">FREE</dd>
        </div>
        <div className="flex justify-between text-base font-bold">
          <dt>Total (GST included)</dt>
          <dd data-testid="checkout-total">{formatRupees(version.totalPaise)}</dd>
        </div>
      </dl>
    </OrderSummaryCard>
  );
}
