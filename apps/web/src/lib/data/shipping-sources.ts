/**
 * How a shipping source is named to buyers (spec §2 tooltip, §9): the product page, the cart
 * and the order summaries show the same labels.
 */
import type { ShippingSource } from '@storefront/shared/pricing';

export const SOURCE_LABELS: Record<ShippingSource, string> = {
  'Ex-china': 'Ex-China',
  'Ex-india custom': 'Ex-India Customs (INR)',
  'doorstep delivery': 'Doorstep Delivery',
};

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source as ShippingSource] ?? source;
}
