/**
 * Volume pricing table (spec §2, §9): 'min+' for the open-ended tier, one number when min
 * equals max, and a 'Save {n}%' badge when the tier saves anything. The row that holds the
 * chosen quantity is marked.
 */
import type { PriceTierOut } from '@storefront/shared/catalog';
import { tierRangeLabel } from '@storefront/shared/pricing';
import { cn } from '../../../lib/cn';
import { formatRupeeAmount } from '../../../lib/format';

export function TierTable({ tiers, quantity }: { tiers: PriceTierOut[]; quantity: number }) {
  if (tiers.length === 0) return null;
  const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  return (
    <section aria-labelledby="volume-pricing">
      <h2 id="volume-pricing" className="mb-2 text-base font-semibold">
        Volume Pricing
      </h2>
      <table className="w-full overflow-hidden rounded-lg border border-slate-200 text-sm">
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
                <td className="px-3 py-2">{formatRupeeAmount(tier.price)}</td>
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
