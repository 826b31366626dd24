/**
 * Live price summary (product decision #5): the unit price of the tier that holds the quantity (else
 * sp), the source multiplier on its own line, the unit price with it, and the total, all from
 * the shared priceLine rule that the server also prices orders with. The total includes GST
 * (issue 21): its price without GST and its GST at the product's rate are the shared lineTax's,
 * the rule the cart and the order's invoice use.
 */
import type { PriceTierOut } from '@storefront/shared/catalog';
import { formatRupees, rupeesToPaise } from '@storefront/shared/money';
import { priceLine, tierFor, tierRangeLabel } from '@storefront/shared/pricing';
import { sourceLabel } from '../../../lib/data/shipping-sources';
import { formatRupeeAmount } from '../../../lib/format';
import { useLineTaxRule } from '../../../lib/hooks/use-line-tax-rule';

export interface PriceSummaryProps {
  sp: number;
  tiers: PriceTierOut[];
  quantity: number;
  source: string;
  /** The product's GST rate in percent (the detail's `gstRate`). */
  gstRate: number;
}

export function PriceSummary({ sp, tiers, quantity, source, gstRate }: PriceSummaryProps) {
  const paiseTiers = tiers.map((t) => ({
    minQuantity: t.minQuantity,
    maxQuantity: t.maxQuantity,
    pricePaise: rupeesToPaise(t.price),
  }));
  const line = priceLine({ tiers: paiseTiers, spPaise: rupeesToPaise(sp) }, quantity, source);
  const tier = tierFor(paiseTiers, quantity);
  // The rule loads after the page has painted; its rows hold their height meanwhile.
  const gst = useLineTaxRule()?.(line.lineTotalPaise, Math.round(gstRate * 100));
  return (
    <section
      aria-labelledby="price-summary"
      data-testid="price-summary"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h2 id="price-summary" className="sr-only">
        Price summary
      </h2>
      <dl className="space-y-1.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">
            {tier ? `Unit price (${tierRangeLabel(tier)} units)` : 'Unit price'}
          </dt>
          <dd data-testid="base-unit-price">{formatRupees(line.basePaise)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{sourceLabel(source)} multiplier</dt>
          <dd data-testid="source-multiplier">× {line.multiplier.toFixed(2)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Price per unit</dt>
          <dd data-testid="unit-price" className="font-medium">
            {formatRupees(line.unitPaise)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Quantity</dt>
          <dd data-testid="summary-quantity">{quantity}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2">
          <dt className="text-slate-600">Price excl. GST</dt>
          <TaxFigure testId="summary-taxable" rupees={gst?.taxable} />
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">GST ({gstRate}%)</dt>
          <TaxFigure testId="summary-gst" rupees={gst?.tax} />
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold">Total incl. GST</dt>
          <dd data-testid="line-total" className="font-bold text-slate-900">
            {formatRupees(line.lineTotalPaise)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function TaxFigure({ testId, rupees }: { testId: string; rupees: number | undefined }) {
  return rupees === undefined ? (
    <dd aria-busy="true" className="h-5 w-20 animate-pulse rounded bg-slate-200" />
  ) : (
    <dd data-testid={testId}>{formatRupeeAmount(rupees)}</dd>
  );
}
