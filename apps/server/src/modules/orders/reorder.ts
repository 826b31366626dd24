/**
 * Reorder (issue 22, decision 065): one of the buyer's own past orders, any status, back into
 * the cart at today's prices; the cart module fits each line to today's catalog
 * (cart/reorder.ts). Another buyer's order is unknown (404), as everywhere in this module.
 */
import { sql } from 'drizzle-orm';
import type { ReorderResponse } from '@storefront/shared/quick-order';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../lib/errors.js';
import type { TaxSetup } from '../../module-context.js';
import { putBackLines, type PastLine } from '../cart/reorder.js';
import { cartOf } from '../cart/service.js';

export async function reorder(
  db: Db,
  userId: string,
  orderId: string,
  setup: TaxSetup,
): Promise<ReorderResponse> {
  const result = await db.execute(
    sql`SELECT l.position, l.product_id, l.variant_index, l.source, l.quantity, l.title, l.sku
          FROM orders o JOIN order_lines l ON l.order_id = o.id
         WHERE o.id = ${orderId} AND o.user_id = ${userId}
         ORDER BY l.position`,
  );
  // An order always has lines: none means no order of this buyer's.
  if (result.rows.length === 0) throw notFound('order_not_found', 'Order not found');
  const lines = (
    result.rows as {
      position: number;
      product_id: string;
      variant_index: number | null;
      source: string;
      quantity: number;
      title: string;
      sku: string;
    }[]
  ).map((row): PastLine => ({
    position: Number(row.position),
    productId: row.product_id,
    variantIndex: row.variant_index === null ? null : Number(row.variant_index),
    source: row.source,
    quantity: Number(row.quantity),
    title: row.title,
    sku: row.sku,
  }));
  const { cartLines, ...outcome } = await putBackLines(db, userId, lines);
  return { ...outcome, cart: cartOf(cartLines, setup) };
}
