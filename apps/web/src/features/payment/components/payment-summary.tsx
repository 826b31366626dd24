/**
 * The payment step's order summary (spec §2 "Payment"; issue 21): the order's lines in a list
 * that scrolls above 10rem, each with its price excluding GST and its GST; the place of supply,
 * the taxable value and the GST's heads (superseding the spec's "tax shown as included,
 * displayed '-'"), shipping FREE (product decision #8) and the total. An order from before GST
 * was recorded has no figures to show: its tax reads "Not itemised".
 */
import type { Order } from '@storefront/shared/orders';
import { formatRupeeAmount } from '../../../lib/format';
import { LineTax } from '../../../components/order/line-tax';
import { OrderSummaryCard } from '../../../components/order/order-summary-card';
import { OrderTotals, PlaceOfSupply, TotalsRow } from '../../../components/order/order-totals';

export function PaymentSummary({ order }: { order: Order }) {
  return (
    <OrderSummaryCard id="payment-summary" className="p-5">
      <p className="mt-1 text-sm text-slate-600">Order {order.mkpOrderId}</p>
      <ul
        aria-label="Order items"
        data-testid="payment-items"
        className="mt-4 max-h-40 divide-y divide-slate-100 overflow-y-auto pr-1"
      >
        {order.orderDetails.map((line, index) => (
          <li key={`${line.sku}-${index}`} className="flex justify-between gap-3 py-2 text-sm">
            <div className="min-w-0">
              <span className="line-clamp-2 font-medium">{line.title}</span>
              <span className="text-slate-600">
                {line.quantity} × {formatRupeeAmount(line.consumerPrice)}
              </span>
              {line.gst ? <LineTax gst={line.gst} /> : null}
            </div>
            <span className="font-semibold">{formatRupeeAmount(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      {order.tax ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <PlaceOfSupply tax={order.tax} />
        </div>
      ) : null}
      {/* An order stores one amount, so it is both the subtotal and the total. */}
      <OrderTotals
        itemCount={order.itemCount}
        subtotal={order.total_amount}
        total={order.total_amount}
        tax={order.tax}
        totalTestId="payment-total"
      >
        {order.tax ? null : <TotalsRow label="GST (included)">Not itemised</TotalsRow>}
      </OrderTotals>
    </OrderSummaryCard>
  );
}
