/**
 * The product headline's price (issue 21, the contract's "prices on cards and headlines"): one
 * unit with the default shipping source, GST included, as the cart charges it; the spec's sale
 * price beside it as the list price, and the regular price (MRP) struck through when it is
 * higher than what the buyer pays.
 */
import { formatRupees } from '@storefront/shared/money';
import { DEFAULT_SOURCE, defaultUnitPaise } from '@storefront/shared/pricing';
import { sourceLabel } from '../../../lib/data/shipping-sources';
import { formatRupeeAmount } from '../../../lib/format';

export function HeadlinePrice({ sp, mrp }: { sp: number; mrp: number }) {
  const unitPaise = defaultUnitPaise(sp);
  return (
    <div className="mt-3">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span data-testid="headline-price" className="text-3xl font-bold">
          {formatRupees(unitPaise)}
        </span>
        <span className="text-sm font-medium text-slate-700">incl. GST</span>
        {Math.round(mrp * 100) > unitPaise ? (
          <span className="text-slate-500 line-through">
            <span className="sr-only">Regular price </span>
            {formatRupeeAmount(mrp)}
          </span>
        ) : null}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Per unit with {sourceLabel(DEFAULT_SOURCE)} shipping ·{' '}
        <span data-testid="headline-list-price">List price {formatRupeeAmount(sp)}</span>
      </p>
    </div>
  );
}
