/**
 * One cart line (spec §2 "Cart", §3 "Cart line"): image, name, chosen options, shipping source,
 * the unit price of the tier the quantity reaches (product decision #5), the stepper, Remove and the
 * line total. While a quantity edit waits for its 500 ms pause, the line is priced for the new
 * quantity with the shared priceLine rule the server applies; the server's answer then wins.
 * A line that cannot be ordered as it stands (issue 20: no longer sold, too few in stock, below
 * the minimum, not whole packs) says why, in the server's words. Each line shows its price
 * without GST and its GST (issue 21): the server's, or for a pending quantity the shared
 * lineTax's at the line's rate.
 */
import { AlertCircle, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { CartLineView } from '@storefront/shared/cart';
import { formatRupees, rupeesToPaise } from '@storefront/shared/money';
import { priceLine } from '@storefront/shared/pricing';
import { href } from '@storefront/shared/routes';
import { LineTax } from '../../../components/order/line-tax';
import { ProductImage } from '../../../components/product/product-image';
import { Button } from '../../../components/ui/button';
import { quantityRulesText } from '@storefront/shared/stock';
import { sourceLabel } from '../../../lib/data/shipping-sources';
import type { LineTaxRule } from '../../../lib/line-tax-rule';
import type { LineTaxFigures } from '../../../lib/tax';
import { CartQuantityStepper } from './cart-quantity-stepper';

/**
 * A line's prices and tax at a quantity: the server's at its own, the shared rules' at another
 * (the tax once its rule has loaded, else undefined).
 */
export function linePricePaise(
  line: CartLineView,
  quantity: number,
  taxRule: LineTaxRule | undefined,
): { unitPaise: number; lineTotalPaise: number; gst: LineTaxFigures | undefined } {
  if (quantity === line.quantity) {
    return {
      unitPaise: rupeesToPaise(line.unitPrice),
      lineTotalPaise: rupeesToPaise(line.lineTotal),
      gst: line.gst,
    };
  }
  const price = priceLine(line.pricing, quantity, line.source);
  return {
    unitPaise: price.unitPaise,
    lineTotalPaise: price.lineTotalPaise,
    gst: taxRule?.(price.lineTotalPaise, line.pricing.gstRateBp),
  };
}

export interface CartLineItemProps {
  line: CartLineView;
  taxRule: LineTaxRule | undefined;
  pendingQuantity: number | undefined;
  onPendingChange: (quantity: number | undefined) => void;
  onCommit: (quantity: number) => Promise<void>;
  onRemove: () => void;
  isRemoving: boolean;
}

export function CartLineItem({
  line,
  taxRule,
  pendingQuantity,
  onPendingChange,
  onCommit,
  onRemove,
  isRemoving,
}: CartLineItemProps) {
  const quantity = pendingQuantity ?? line.quantity;
  const { unitPaise, lineTotalPaise, gst } = linePricePaise(line, quantity, taxRule);
  const name = line.product.name;
  return (
    <li data-testid="cart-line" className="flex gap-4 py-5">
      <Link
        to={href.product(line.productId)}
        className="size-24 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-white sm:size-28"
      >
        <ProductImage src={line.product.images[0]} alt={name} sizes="112px" width={160} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:justify-between">
        <div className="min-w-0 space-y-1">
          <Link
            to={href.product(line.productId)}
            className="line-clamp-2 font-semibold text-blue-700 hover:underline"
          >
            {name}
          </Link>
          {line.option1 ? <p className="text-sm text-slate-600">{line.option1}</p> : null}
          <p className="text-sm text-slate-600">Shipping: {sourceLabel(line.source, name)}</p>
          {quantityRulesText(line) ? (
            <p className="text-sm text-slate-600">{quantityRulesText(line)}</p>
          ) : null}
          <p className="text-sm">
            <span data-testid="unit-price" className="font-medium">
              {formatRupees(unitPaise)}
            </span>{' '}
            <span className="text-slate-600">per unit</span>
          </p>
          <div className="flex flex-wrap items-center gap-3 pt-1">
            <CartQuantityStepper
              quantity={line.quantity}
              label={name}
              onPendingChange={onPendingChange}
              onCommit={onCommit}
              rules={line}
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={onRemove}
              disabled={isRemoving}
              aria-label={`Remove ${name}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </Button>
          </div>
          {line.problem ? (
            <p
              data-testid="line-problem"
              className="flex items-start gap-2 pt-1 text-sm font-medium text-red-700"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {line.problem}
            </p>
          ) : null}
        </div>
        <div className="sm:text-right">
          <p data-testid="line-total" className="text-lg font-bold">
            {formatRupees(lineTotalPaise)}
          </p>
          {gst ? (
            <LineTax gst={gst} />
          ) : (
            <p aria-busy="true" className="ml-auto h-4 w-40 animate-pulse rounded bg-slate-200" />
          )}
        </div>
      </div>
    </li>
  );
}
