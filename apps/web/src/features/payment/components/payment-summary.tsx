/**
 * The payment step's order summary (spec §2 "Payment"): the order's lines in a list that scrolls
 * above 10rem, shipping FREE (product decision #8), tax included and shown as '-', and the total.
 */
import type { Order } from '@storefront/shared/orders';
import { formatRupeeAmount } from '../../../lib/format';
import { Card } from '../../../components/ui/card';

export function PaymentSummary({ order }: { order: Order }) {
  return (
    <Card as="section" aria-labelledby="payment-summary" className="p-5">
      <h2 id="payment-summary" className="text-lg font-bold">
        Order Summary
      </h2>
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
      <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Subtotal ({order.itemCount} items)</dt>
          <dd>{formatRupeeAmount(order.total_amount)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Shipping</dt>
          <dd className="font-semibold text-green-700">FREE</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Tax (included)</dt>
          <dd>-</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="payment-total">{formatRupeeAmount(order.total_amount)}</dd>
        </div>
      </dl>
    </Card>
  );
}
