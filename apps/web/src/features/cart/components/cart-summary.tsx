/**
 * The cart's totals (spec §2 "Cart", §9): subtotal equals the order total (no tax or shipping
 * added: prices include GST), a collapsible 'Shipping details' with the order total and shipping
 * FREE (docs/product-decisions.md #8), Proceed to Checkout, and Request a quote for every line
 * (issue 22). Above the subtotal, its taxable
 * value and 'GST (included)' (issue 21): the heads follow from the delivery state, at checkout.
 */
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import { href } from '@storefront/shared/routes';
import type { TaxSummary } from '@storefront/shared/tax-summary';
import { OrderSummaryCard } from '../../../components/order/order-summary-card';
import { FreeShippingRow, TaxRows, TotalsRow } from '../../../components/order/order-totals';
import { buttonClasses } from '../../../components/ui/button';

export function CartSummary({
  itemCount,
  totalPaise,
  tax,
}: {
  itemCount: number;
  totalPaise: number;
  /** Null while a pending edit's tax waits for its rule to load. */
  tax: TaxSummary | null;
}) {
  const total = formatRupees(totalPaise);
  return (
    <OrderSummaryCard id="cart-summary" className="space-y-4 p-5">
      {tax ? (
        <dl className="space-y-2 text-sm">
          <TaxRows tax={tax} />
        </dl>
      ) : (
        <div aria-busy="true" className="h-12 animate-pulse rounded bg-slate-100" />
      )}
      <p className="flex justify-between border-t border-slate-200 pt-3 text-base">
        <span>
          Subtotal ({itemCount} {itemCount === 1 ? 'item' : 'items'})
        </span>
        <span data-testid="cart-subtotal" className="font-bold">
          {total}
        </span>
      </p>
      <p className="text-xs text-slate-600">
        Prices include GST. Checkout shows it as CGST + SGST or IGST, from your delivery state.
      </p>
      <ShippingDetails>
        <dl className="space-y-2 border-t border-slate-200 px-3 py-3 text-sm">
          <FreeShippingRow />
          <TotalsRow label="Order total" className="font-semibold">
            {total}
          </TotalsRow>
        </dl>
      </ShippingDetails>
      <Link to={href.checkout()} className={buttonClasses('secondary', 'lg', 'w-full')}>
        Proceed to Checkout
      </Link>
      <Link to={href.quoteNew()} className={buttonClasses('outline', 'md', 'w-full')}>
        Request a quote
      </Link>
      <p className="text-center text-xs text-slate-600">
        Buying in volume? Ask us for a price on these lines.
      </p>
    </OrderSummaryCard>
  );
}

/**
 * The 'Shipping details' disclosure, closed at first: a button that shows and hides the rows
 * under it, with the attributes Radix Collapsible gave it (aria-expanded, aria-controls while
 * open, data-state for the chevron). Written here, not Radix's, whose shared modules were 4 KB
 * of the cart's initial JavaScript (the 120 KB budget).
 */
function ShippingDetails({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const state = open ? 'open' : 'closed';
  return (
    <div data-state={state} className="rounded-md border border-slate-200">
      <button
        type="button"
        aria-controls={open ? contentId : undefined}
        aria-expanded={open}
        data-state={state}
        onClick={() => setOpen(!open)}
        className="group flex w-full items-center justify-between px-3 py-2 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        Shipping details
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform group-data-[state=open]:rotate-180"
        />
      </button>
      <div id={contentId} data-state={state} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
