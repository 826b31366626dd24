/**
 * A product's issues as short badges for the list: what is wrong, at a glance; the editor shows
 * the full messages by field.
 */
import type { ProductIssue } from '@storefront/shared/catalog-product';

const SHORT: Record<string, string> = {
  image_missing: 'No image',
  image_not_found: 'Missing image',
  variant_missing: 'Missing variant',
  variant_unknown_combination: 'Unknown variant',
  variant_repeated: 'Variant twice',
  variant_sku_repeated: 'SKU twice',
  variants_without_options: 'Variants without options',
  price_above_mrp: 'Price above MRP',
  hsn_invalid: 'HSN',
  minimum_not_multiple: 'Minimum vs pack',
  tier_range: 'Tiers',
  tier_not_contiguous: 'Tiers',
  tier_price_rises: 'Tiers',
  tier_top_closed: 'Tiers',
  option_value_repeated: 'Options',
  option_value_comma: 'Options',
};

export function IssueBadges({
  issues,
  urgent,
}: {
  issues: readonly ProductIssue[];
  urgent: boolean;
}) {
  const labels = [...new Set(issues.map((issue) => SHORT[issue.code] ?? issue.code))];
  if (labels.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={urgent ? 'Needs attention' : 'Issues'}>
      {labels.map((label) => (
        <li
          key={label}
          className={
            urgent
              ? 'rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800'
              : 'rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900'
          }
        >
          {label}
        </li>
      ))}
    </ul>
  );
}
