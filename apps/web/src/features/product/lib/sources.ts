/**
 * Shipping sources as the product page offers them (spec §2, §9): only Ex-India Customs (INR)
 * is offered and it is the default; the tooltip explains all three.
 */
import { DEFAULT_SOURCE, type ShippingSource } from '@storefront/shared/pricing';
import { SOURCE_LABELS } from '../../../lib/data/shipping-sources';

export const OFFERED_SOURCES: { value: ShippingSource; label: string }[] = [
  { value: DEFAULT_SOURCE, label: SOURCE_LABELS[DEFAULT_SOURCE] },
];

export const SOURCE_EXPLANATIONS: { label: string; text: string }[] = [
  { label: 'Ex-China', text: 'You handle shipping and customs.' },
  { label: 'Ex-India Customs', text: 'We ship to India; you handle customs.' },
  { label: 'Doorstep', text: 'We handle all shipping and customs.' },
];
