/**
 * Volume pricing table (spec §2, §9): 'min+' for the open-ended tier, one number when min
 * equals max, and a 'Save {n}%' badge when the tier saves anything. The row that holds the
 * chosen quantity is marked. Each price is one unit's with the chosen shipping source's
 * multiplier, GST included (issue 21): the unit price the cart charges at that quantity
 * (`priceLine`), so no tier promises less than the cart asks.
 */
import type { PriceTierOut } from '@storefront/shared/catalog';
import { formatRupees, rupeesToPaise } from '@storefront/shared/money';
import { applySourceMultiplier, tierRangeLabel } from '@storefront/shared/pricing';
import { cn } from '../../../lib/cn';
import { sourceLabel } from '../../../lib/data/shipping-sources';

export function TierTable({
  tiers,
  quantity,
  source,
}: {
  tiers: PriceTierOut[];
  quantity: number;
  /** The chosen shipping source, whose multiplier every price carries. */
  source: string;
}) {
  if (tiers.length === 0) return null;
  const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  return (
    <section aria-labelledby="volume-pricing">
      <h2 id="volume-pricing" className="text-base font-semibold">
        Volume Pricing
      </h2>
      <p id="volume-pricing-note" className="mb-2 text-xs text-slate-600">
        Per unit with {sourceLabel(source)} shipping, GST included: what your cart charges.
      </p>
      <table
        aria-describedby="volume-pricing-note"
        className="w-full overflow-hidden rounded-lg border border-slate-200 text-sm"
      >
        <thead className="bg-slate-100 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Quantity
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Price per unit
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Savings</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((tier) => {
            const active = quantity >= tier.minQuantity && quantity <= tier.maxQuantity;
            return (
              <tr
                key={tier.minQuantity}
                data-testid="tier-row"
                aria-current={active ? 'true' : undefined}
                className={cn('border-t border-slate-200', active && 'bg-blue-50 font-medium')}
              >
                <td className="px-3 py-2">{tierRangeLabel(tier)}</td>
                <td className="px-3 py-2" data-testid="tier-price">
                  {formatRupees(applySourceMultiplier(rupeesToPaise(tier.price), source))}
                </td>
                <td className="px-3 py-2 text-right">
                  {tier.savingsPercentage > 0 ? (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                      Save {tier.savingsPercentage}%
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
