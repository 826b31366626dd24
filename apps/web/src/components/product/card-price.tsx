/**
 * The price a card shows (issue 21, superseding spec §2 "Product card"'s bare sp): what one unit
 * costs with the default shipping source, GST included, which is what the cart charges for one
 * unit; the spec's sale price stays beside it as the list price.
 */
import { formatRupees } from '@storefront/shared/money';
import { defaultUnitPaise } from '@storefront/shared/pricing';
import { cn } from '../../lib/cn';
import { formatRupeeAmount } from '../../lib/format';

export function CardPrice({
  sp,
  size = 'default',
  className,
}: {
  /** The spec's sale price, rupees. */
  sp: number;
  size?: 'default' | 'small';
  className?: string;
}) {
  const small = size === 'small';
  return (
    <div className={className}>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span
          data-testid="card-price"
          className={cn('font-semibold text-slate-900', small ? 'text-sm' : 'text-lg')}
        >
          {formatRupees(defaultUnitPaise(sp))}
        </span>
        <span className="text-xs text-slate-600">incl. GST</span>
      </p>
      <p data-testid="list-price" className="text-xs text-slate-500">
        List price {formatRupeeAmount(sp)}
      </p>
    </div>
  );
}
