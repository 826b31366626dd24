/**
 * What one unit costs with the default shipping source (issue 21): the price a card, a search
 * suggestion and the product headline lead with, which the cart charges for one unit
 * (spec §9, `priceLine`). GST is included, as in every catalog price.
 */
import { rupeesToPaise } from '@storefront/shared/money';
import { applySourceMultiplier, DEFAULT_SOURCE } from '@storefront/shared/pricing';

/** One unit's price with the default source (Ex-India Customs), in paise, from sp in rupees. */
export function defaultUnitPaise(sp: number): number {
  return applySourceMultiplier(rupeesToPaise(sp), DEFAULT_SOURCE);
}
