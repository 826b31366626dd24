/**
 * The checkout's order summary (spec §2 "Checkout", §9; issue 21): the cart's lines as the server
 * priced them, each with its price excluding GST and its GST; the taxable value, the GST ('GST
 * (included)' until the delivery state is chosen, then CGST + SGST, CGST + UTGST or IGST, with
 * the place of supply), shipping FREE (docs/product-decisions.md #8) and the total, which equals
 * the subtotal: prices include GST.
 */
import type { CartResponse } from '@storefront/shared/cart';
import { supplyType, taxHeads } from '@storefront/shared/gst';
import type { StorePublic } from '@storefront/shared/store-settings';
import { LineTax } from '../../../components/order/line-tax';
import { OrderSummaryCard } from '../../../components/order/order-summary-card';
import { OrderTotals, PlaceOfSupply } from '../../../components/order/order-totals';
import { ProductImage } from '../../../components/product/product-image';
import { formatRupeeAmount } from '../../../lib/format';
import { sourceLabel } from '../../../lib/data/shipping-sources';

export function CheckoutSummary({
  cart,
  store,
  updating = false,
}: {
  cart: CartResponse;
  store?: StorePublic | undefined;
  /** The summary is being taxed for a new ship-to: the figures shown are the last ones. */
  updating?: boolean;
}) {
  return (
    <OrderSummaryCard id="checkout-summary" className="p-5">
      <div aria-busy={updating} aria-live="polite" className={updating ? 'opacity-70' : undefined}>
        <ul className="mt-4 max-h-80 divide-y divide-slate-100 overflow-y-auto">
          {cart.lines.map((line) => (
            <li key={line.id} data-testid="summary-line" className="flex gap-3 py-3">
              <div className="size-14 shrink-0 overflow-hidden rounded border border-slate-200 bg-white">
                <ProductImage src={line.product.images[0]} alt="" sizes="56px" width={160} />
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="line-clamp-2 font-medium">{line.product.name}</p>
                {line.option1 ? <p className="text-slate-600">{line.option1}</p> : null}
                <p className="text-slate-600">{sourceLabel(line.source, line.product.name)}</p>
                <p className="text-slate-600">
                  {line.quantity} × {formatRupeeAmount(line.unitPrice)}
                </p>
                <LineTax gst={line.gst} />
              </div>
              <p className="text-sm font-semibold">{formatRupeeAmount(line.lineTotal)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-4 space-y-1 border-t border-slate-200 pt-4">
          {cart.tax.placeOfSupply ? (
            <PlaceOfSupply tax={cart.tax} />
          ) : (
            <p className="text-sm text-slate-600">
              Choose the billing and delivery state to see the GST as CGST + SGST or IGST.
            </p>
          )}
          {store ? (
            <p data-testid="seller-state" className="text-xs text-slate-600">
              Sold from {store.stateName} ({store.stateCode}):{' '}
              {taxHeads(supplyType(store.stateCode, store.stateCode)).join(' + ')} when the place of
              supply is {store.stateName}, IGST otherwise. The place of supply is your billed
              GSTIN&apos;s state.
            </p>
          ) : null}
        </div>
        <OrderTotals
          itemCount={cart.itemCount}
          subtotal={cart.subtotal}
          total={cart.total}
          tax={cart.tax}
          totalTestId="checkout-total"
        />
      </div>
    </OrderSummaryCard>
  );
}
