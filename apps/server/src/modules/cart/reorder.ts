/**
 * A past order's lines back into the cart (issue 22 "Reorder", decision 065), in one
 * transaction. Unlike a quick order, which reports what the buyer typed wrong, a reorder fits
 * each line to today's catalog as far as it can: raised to today's minimum or to whole packs,
 * cut to the stock left (in whole packs), and left out when the product or its option is no
 * longer sold, nothing is in stock, or the cart has no room. The answer lists each line under
 * what happened to it. Prices are never carried over: the cart prices its lines afresh.
 */
import { CART_TOO_MANY_LINES_MESSAGE, LINE_TOO_LARGE_MESSAGE } from '@storefront/shared/cart';
import { allowedQuantity, largestQuantity } from '@storefront/shared/order-quantity';
import {
  REORDER_NOT_SOLD,
  REORDER_OUT_OF_STOCK,
  REORDER_VARIANT_GONE,
  reorderMinimumReason,
  reorderPackReason,
  reorderStockReason,
  type ReorderLine,
} from '@storefront/shared/quick-order';
import type { Db } from '../../db/connect.js';
import { productsForPricing, type ProductForPricing } from '../catalog/service.js';
import { CartPlan } from './cart-plan.js';
import { variantOf, type PricedLine } from './service.js';

/** An order line as the order recorded it. */
export interface PastLine {
  position: number;
  productId: string;
  variantIndex: number | null;
  source: string;
  quantity: number;
  title: string;
  sku: string;
}

export interface PutBack {
  added: ReorderLine[];
  adjusted: ReorderLine[];
  unavailable: ReorderLine[];
  /** The cart's lines after, with their products (for `cartOf`). */
  cartLines: PricedLine[];
}

/**
 * The units the line should hold in total once this order line is added: the sum raised to
 * today's minimum and whole packs (capped at the largest a line may hold), then cut to what
 * stock leaves it, in whole packs; with why it differs from the sum. Null total: none fit.
 */
function fit(
  plan: CartPlan,
  product: ProductForPricing,
  line: PastLine,
): { total: number | null; reason: string | null } {
  const held = plan.held(product.id, line.variantIndex, line.source);
  const wanted = held + line.quantity;
  let total = allowedQuantity(wanted, product);
  let reason: string | null = null;
  if (wanted > largestQuantity(product)) reason = LINE_TOO_LARGE_MESSAGE;
  else if (wanted < product.minOrderQuantity)
    reason = reorderMinimumReason(product.minOrderQuantity);
  else if (total !== wanted) reason = reorderPackReason(product.orderMultiple);
  const room = plan.stockRoom(product, line.variantIndex, line.source);
  if (room !== null && total > room) {
    total = Math.floor(room / product.orderMultiple) * product.orderMultiple;
    if (total < product.minOrderQuantity || total <= held)
      return { total: null, reason: REORDER_OUT_OF_STOCK };
    reason = reorderStockReason(room);
  }
  return total <= held ? { total: null, reason } : { total, reason };
}

/** Puts `lines` in the buyer's cart as far as today's catalog allows; one transaction. */
export async function putBackLines(
  db: Db,
  userId: string,
  lines: readonly PastLine[],
): Promise<PutBack> {
  return db.transaction(async (tx) => {
    const plan = await CartPlan.lock(tx, userId);
    const products = await productsForPricing(
      tx,
      lines.map((l) => l.productId),
    );
    const result: Omit<PutBack, 'cartLines'> = { added: [], adjusted: [], unavailable: [] };
    for (const line of lines) {
      const entry = { position: line.position, title: line.title, sku: line.sku };
      const leave = (reason: string) =>
        result.unavailable.push({ ...entry, ordered: line.quantity, added: 0, reason });
      const product = products.get(line.productId);
      if (!product || product.status !== 'active') {
        leave(REORDER_NOT_SOLD);
        continue;
      }
      if (variantOf(product, line.variantIndex) === undefined) {
        leave(REORDER_VARIANT_GONE);
        continue;
      }
      if (plan.full(product.id, line.variantIndex, line.source)) {
        leave(CART_TOO_MANY_LINES_MESSAGE);
        continue;
      }
      const { total, reason } = fit(plan, product, line);
      if (total === null) {
        leave(reason ?? LINE_TOO_LARGE_MESSAGE);
        continue;
      }
      const add = total - plan.held(product.id, line.variantIndex, line.source);
      // The cart's own rules have the last word on what was fitted.
      const problem = plan.problem(product, line.variantIndex, line.source, add);
      if (problem) {
        leave(problem.message);
        continue;
      }
      plan.add(product, line.variantIndex, line.source, add);
      const done = { ...entry, ordered: line.quantity, added: add, reason };
      (add === line.quantity && reason === null ? result.added : result.adjusted).push(done);
    }
    return { ...result, cartLines: await plan.commit(tx, userId) };
  });
}
