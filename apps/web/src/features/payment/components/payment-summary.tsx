/**
 * The payment step's order summary (spec §2 "Payment"): the order's lines in a list that scrolls
 * above 10rem, shipping FREE (product decision #8), tax included and shown as '-', and the total.
 */
import type { Order } from '@storefront/shared/orders';
import { formatRupeeAmount } from '../../../lib/format';
import { OrderSummaryCard } from '../../../components/order/order-summary-card';
import { OrderTotals, TotalsRow } from '../../../components/order/order-totals';

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
            <span className="min-w-0">
              <span className="line-clamp-2 font-medium">{line.title}</span>
              <span className="text-slate-600">
                {line.quantity} × {formatRupeeAmount(line.consumerPrice)}
              </span>
            </span>
            <span className="font-semibold">{formatRupeeAmount(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      {/* An order stores one amount, so it is both the subtotal and the total. */}
      <OrderTotals
        itemCount={order.itemCount}
        subtotal={order.total_amount}
        total={order.total_amount}
        totalTestId="payment-total"
      >
        <TotalsRow label="Tax (included)">-</TotalsRow>
      </OrderTotals>
    </OrderSummaryCard>
  );
}
