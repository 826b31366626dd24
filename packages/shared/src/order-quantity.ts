import { QUANTITY_MAX, QUANTITY_MIN } from './constants.js';

/**
 * A product's minimum order and pack size (issue 20, decision 048): a cart line or an order line
 * holds at least the minimum, in whole packs. The cart, the order and the storefront's steppers
 * keep to these rules, and the server answers these messages.
 */

/** A quantity outside QUANTITY_MIN..QUANTITY_MAX, in the cart's, the quote's and a row's words. */
export const QUANTITY_MESSAGE = `Quantity must be a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}`;

export interface OrderQuantityRules {
  minOrderQuantity: number;
  orderMultiple: number;
}

/** The smallest quantity a line may hold: the minimum, rounded up to a whole number of packs. */
export function smallestQuantity(rules: OrderQuantityRules): number {
  return Math.ceil(rules.minOrderQuantity / rules.orderMultiple) * rules.orderMultiple;
}

/** The largest quantity a line may hold: QUANTITY_MAX rounded down to a whole number of packs. */
export function largestQuantity(rules: OrderQuantityRules): number {
  return Math.floor(QUANTITY_MAX / rules.orderMultiple) * rules.orderMultiple;
}

/**
 * The quantity a buyer's typed number becomes: at least the smallest allowed, rounded up to a
 * whole number of packs (a pack is never split), at most the largest.
 */
export function allowedQuantity(quantity: number, rules: OrderQuantityRules): number {
  const packs = Math.ceil(Math.max(quantity, 1) / rules.orderMultiple) * rules.orderMultiple;
  return Math.min(Math.max(packs, smallestQuantity(rules)), largestQuantity(rules));
}

/** Whether a line may hold `quantity`: at least the minimum, in whole packs. */
export function isAllowedQuantity(quantity: number, rules: OrderQuantityRules): boolean {
  return quantity >= rules.minOrderQuantity && quantity % rules.orderMultiple === 0;
}
