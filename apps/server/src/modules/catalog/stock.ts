/**
 * Stock on the buyer side (issue 20, decisions 047 and 048). Units on hand live in stock_levels:
 * a row per product (variant_position null) or per variant; a variant without a row of its own
 * draws on its product's, and a product with neither is not tracked (always available).
 *
 * Nothing here touches a catalog row, so nothing here fires the catalog's change notification
 * (decision 018) or a search trigger: orders take and give back units all day long while the
 * cached catalog answers stay warm. The product page reads units through `readAvailability`,
 * uncached.
 */
import { sql } from 'drizzle-orm';
import type { ProductAvailability } from '@storefront/shared/catalog';
import type { Db, Tx } from '../../db/connect.js';
import { notFound } from '../../lib/errors.js';
import type { StockRow } from './service.js';

/** The row a line of `variantIndex` draws on: the variant's own, else the product's, else none. */
export function stockRowFor(
  rows: readonly StockRow[],
  variantIndex: number | null,
): StockRow | null {
  return (
    (variantIndex === null ? undefined : rows.find((r) => r.variantPosition === variantIndex)) ??
    rows.find((r) => r.variantPosition === null) ??
    null
  );
}

/** The units of an active product and of each of its variants, read now (never cached). */
export async function readAvailability(db: Db, productId: string): Promise<ProductAvailability> {
  const result = await db.execute(
    sql`SELECT p.id,
          (SELECT json_agg(json_build_object('variantPosition', l.variant_position,
                    'onHand', l.on_hand))
             FROM stock_levels l WHERE l.product_id = p.id) AS stock,
          (SELECT json_agg(v.position ORDER BY v.position)
             FROM product_variants v WHERE v.product_id = p.id) AS positions
         FROM products p WHERE p.id = ${productId} AND p.status = 'active'`,
  );
  const row = result.rows[0] as
    { id: string; stock: StockRow[] | null; positions: number[] | null } | undefined;
  if (!row) throw notFound('product_not_found', 'Product not found');
  const rows = row.stock ?? [];
  return {
    productId: row.id,
    stock: rows.find((r) => r.variantPosition === null)?.onHand ?? null,
    variants: (row.positions ?? []).map((position) => ({
      variantIndex: position,
      stock: stockRowFor(rows, position)?.onHand ?? null,
    })),
  };
}

/** Units to give back to a row (a cancelled or lapsed order's lines). */
export interface StockReturn {
  productId: string;
  variantPosition: number | null;
  quantity: number;
}

/**
 * Gives units back to their rows, inside the caller's transaction. A row that no longer exists
 * (the seller stopped tracking the product since) takes nothing back: an untracked product is
 * always available anyway.
 */
export async function returnStock(tx: Tx, returns: readonly StockReturn[]): Promise<void> {
  if (returns.length === 0) return;
  await tx.execute(
    sql`UPDATE stock_levels s SET on_hand = s.on_hand + w.quantity, updated_at = now()
          FROM (SELECT product_id, position, sum(quantity)::int AS quantity
                  FROM unnest(
                         ARRAY[${sql.join(
                           returns.map((r) => sql`${r.productId}`),
                           sql`, `,
                         )}]::text[],
                         ARRAY[${sql.join(
                           returns.map((r) => sql`${r.variantPosition ?? -1}`),
                           sql`, `,
                         )}]::int[],
                         ARRAY[${sql.join(
                           returns.map((r) => sql`${r.quantity}`),
                           sql`, `,
                         )}]::int[]) AS r(product_id, position, quantity)
                 GROUP BY product_id, position) w
         WHERE s.product_id = w.product_id AND coalesce(s.variant_position, -1) = w.position`,
  );
}
