/**
 * How a shipping source is named to buyers (spec §2 tooltip, §9): the product page, the cart
 * and the order summaries show the same labels. A source with no label of its own is named
 * '{product} B2B' where the product is known (spec §9's default source label).
 */
import type { ShippingSource } from '@storefront/shared/pricing';

export const SOURCE_LABELS: Record<ShippingSource, string> = {
  'Ex-china': 'Ex-China',
  'Ex-india custom': 'Ex-India Customs (INR)',
  'doorstep delivery': 'Doorstep Delivery',
};

export function sourceLabel(source: string, productName?: string): string {
  const label = SOURCE_LABELS[source as ShippingSource];
  if (label !== undefined) return label;
  return productName === undefined ? source : `${productName} B2B`;
}
