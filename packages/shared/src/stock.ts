import type { ProductAvailability } from './catalog.js';
import { LOW_STOCK_THRESHOLD } from './constants.js';
import type { OrderQuantityRules } from './order-quantity.js';

/**
 * Stock and order quantities on the buyer side (issue 20, decision 048). Stock is never part of a
 * cached catalog answer: the product page reads it from its own uncached call
 * (`GET /api/products/{id}/availability`), so an order, which changes stock, empties no cache.
 * The cart and the server's order creation refuse with the same messages the storefront shows.
 * No schemas here (they are in ./catalog.ts), and the quantity rules' numbers are in
 * ./order-quantity.ts: the product page loads these words after its first paint, those with it.
 */

/** What the buyer is told of a stock count: null (not tracked) is always in stock. */
export type StockState = { kind: 'in_stock' } | { kind: 'low'; left: number } | { kind: 'out' };

export function stockState(stock: number | null): StockState {
  if (stock === null || stock >= LOW_STOCK_THRESHOLD) return { kind: 'in_stock' };
  if (stock <= 0) return { kind: 'out' };
  return { kind: 'low', left: stock };
}

export const OUT_OF_STOCK_TEXT = 'Out of stock';
export const lowStockText = (left: number) => `Only ${left} left`;

/** The units a variant (or a product without options) can draw on, from its product's answer. */
export function availableFor(
  availability: Pick<ProductAvailability, 'stock' | 'variants'>,
  variantIndex: number | undefined,
): number | null {
  if (variantIndex === undefined) return availability.stock;
  return availability.variants.find((v) => v.variantIndex === variantIndex)?.stock ?? null;
}

/** How the product page states the rules, or null when any quantity will do. */
export function quantityRulesText(rules: OrderQuantityRules): string | null {
  const parts: string[] = [];
  if (rules.minOrderQuantity > 1) parts.push(`Minimum order ${rules.minOrderQuantity} units`);
  if (rules.orderMultiple > 1) parts.push(`sold in packs of ${rules.orderMultiple}`);
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Why `quantity` of `name` cannot be a cart line or an order line, or null when it can: below
 * the minimum order, or not a whole number of packs. The server answers these messages; the
 * storefront shows them too.
 */
export function quantityProblem(
  name: string,
  quantity: number,
  rules: OrderQuantityRules,
): string | null {
  if (quantity < rules.minOrderQuantity)
    return `${name} has a minimum order of ${rules.minOrderQuantity} units; you chose ${quantity}.`;
  if (quantity % rules.orderMultiple !== 0) {
    const below = Math.floor(quantity / rules.orderMultiple) * rules.orderMultiple;
    const above = below + rules.orderMultiple;
    const choices = below >= rules.minOrderQuantity ? `${below} or ${above}` : String(above);
    return `${name} is sold in packs of ${rules.orderMultiple}: choose a multiple of ${rules.orderMultiple}, such as ${choices}.`;
  }
  return null;
}

/** Why `wanted` units of `name` cannot be had when `available` are on hand. */
export function stockShortMessage(name: string, available: number, wanted: number): string {
  if (available <= 0) return `${name} is out of stock.`;
  return `Only ${available} of ${name} left in stock; you asked for ${wanted}.`;
}

/** A cart line of a product that is no longer sold (draft or archived). */
export const productUnavailableMessage = (name: string) =>
  `${name} is no longer available. Remove it from your cart.`;
