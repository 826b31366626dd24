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
import { stockShortMessage } from '@storefront/shared/stock';
import type { Db, Tx } from '../../db/connect.js';
import { conflict, notFound } from '../../lib/errors.js';
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

/** What a line of an order asks of stock. */
export interface StockWant {
  productId: string;
  variantIndex: number | null;
  quantity: number;
  /** How the refusal names it ('Steel Mug (Blue)'). */
  label: string;
}

/** What a line took: `reserved` units (null: not tracked) from the row of `variantPosition`. */
export interface Reservation {
  reserved: number | null;
  variantPosition: number | null;
}

const rowKey = (productId: string, position: number | null) => `${productId}:${position ?? ''}`;

/**
 * Takes the units `wants` ask for, inside the order's transaction: the stock rows of their
 * products are locked in one order (product, then position), so two orders never wait on each
 * other in a cycle; each row then loses what its lines ask, by one guarded UPDATE
 * (`on_hand >= asked`), so stock never goes below zero whatever runs at once. A row that has too
 * few refuses the whole order (409 out_of_stock, naming the line), and the caller's transaction
 * rolls back with nothing written. Lines drawing on one row (two sources of one variant, or
 * variants sharing their product's units) are counted together.
 */
export async function reserveStock(tx: Tx, wants: readonly StockWant[]): Promise<Reservation[]> {
  const productIds = [...new Set(wants.map((w) => w.productId))];
  if (productIds.length === 0) return [];
  const locked = await tx.execute(
    sql`SELECT product_id, variant_position, on_hand FROM stock_levels
         WHERE product_id IN (${sql.join(
           productIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         ORDER BY product_id, variant_position NULLS FIRST
         FOR NO KEY UPDATE`,
  );
  const rowsOf = new Map<string, StockRow[]>();
  for (const row of locked.rows as {
    product_id: string;
    variant_position: number | null;
    on_hand: number;
  }[]) {
    const list = rowsOf.get(row.product_id) ?? [];
    list.push({ variantPosition: row.variant_position, onHand: Number(row.on_hand) });
    rowsOf.set(row.product_id, list);
  }

  const asked = new Map<
    string,
    { productId: string; position: number | null; quantity: number; row: StockRow; label: string }
  >();
  const reservations = wants.map((want): Reservation => {
    const row = stockRowFor(rowsOf.get(want.productId) ?? [], want.variantIndex);
    if (!row) return { reserved: null, variantPosition: null };
    const key = rowKey(want.productId, row.variantPosition);
    const entry = asked.get(key) ?? {
      productId: want.productId,
      position: row.variantPosition,
      quantity: 0,
      row,
      label: want.label,
    };
    entry.quantity += want.quantity;
    asked.set(key, entry);
    return { reserved: want.quantity, variantPosition: row.variantPosition };
  });
  if (asked.size === 0) return reservations;

  const short = [...asked.values()].find((a) => a.row.onHand < a.quantity);
  if (short)
    throw conflict(
      'out_of_stock',
      stockShortMessage(short.label, short.row.onHand, short.quantity),
    );

  const entries = [...asked.values()];
  const taken = await tx.execute(
    sql`UPDATE stock_levels s SET on_hand = s.on_hand - w.quantity, updated_at = now()
          FROM unnest(
                 ARRAY[${sql.join(
                   entries.map((e) => sql`${e.productId}`),
                   sql`, `,
                 )}]::text[],
                 ARRAY[${sql.join(
                   entries.map((e) => sql`${e.position ?? -1}`),
                   sql`, `,
                 )}]::int[],
                 ARRAY[${sql.join(
                   entries.map((e) => sql`${e.quantity}`),
                   sql`, `,
                 )}]::int[]) AS w(product_id, position, quantity)
         WHERE s.product_id = w.product_id AND coalesce(s.variant_position, -1) = w.position
           AND s.on_hand >= w.quantity
        RETURNING s.product_id`,
  );
  // The rows are locked and were just read, so this holds; it is the rule that keeps stock from
  // going below zero even if the read above were ever wrong.
  if (taken.rows.length !== entries.length)
    throw conflict('out_of_stock', 'An item in your cart has just sold out; check your cart.');
  return reservations;
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
