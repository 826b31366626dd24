/**
 * The checkout's order summary (spec §2 "Checkout", §9): the cart's lines as the server priced
 * them, shipping FREE (docs/product-decisions.md #8) and the total, which equals the subtotal.
 */
import type { CartResponse } from '@storefront/shared/cart';
import { ProductImage } from '../../../components/product/product-image';
import { formatRupeeAmount } from '../../../lib/format';
import { sourceLabel } from '../../../lib/data/shipping-sources';
import { OrderSummaryCard } from '../../../components/order/order-summary-card';
import { OrderTotals } from '../../../components/order/order-totals';

export function CheckoutSummary({ cart }: { cart: CartResponse }) {
  return (
    <OrderSummaryCard id="checkout-summary" className="p-5">
      <ul className="mt-4 max-h-80 divide-y divide-slate-100 overflow-y-auto">
        {cart.lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3">
            <div className="size-14 shrink-0 overflow-hidden rounded border border-slate-200 bg-white">
              <ProductImage src={line.product.images[0]} alt="" sizes="56px" width={160} />
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="line-clamp-2 font-medium">{line.product.name}</p>
              {line.option1 ? <p className="text-slate-600">{line.option1}</p> : null}
              <p className="text-slate-600">{sourceLabel(line.source)}</p>
              <p className="text-slate-600">
                {line.quantity} × {formatRupeeAmount(line.unitPrice)}
              </p>
            </div>
            <p className="text-sm font-semibold">{formatRupeeAmount(line.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <OrderTotals
        itemCount={cart.itemCount}
        subtotal={cart.subtotal}
        total={cart.total}
        totalTestId="checkout-total"
      />
    </OrderSummaryCard>
  );
}
