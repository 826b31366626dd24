/**
 * Products by the SKUs a buyer types (issue 22 "Ordering faster", decision 065): a product code
 * (our SKU), a variant's SKU or the seller's SKU, in any case. Every status is found, so that the
 * caller can tell a product no longer sold from one that never was; the search index
 * (decision 059) holds active products only, so this reads the catalog's own rows, through the
 * lower-case indexes of migration 0025: one statement for all of a list's SKUs, an index probe
 * each, whatever the catalog's size.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import {
  pricingColumns,
  toProductForPricing,
  type PricingRow,
  type ProductForPricing,
} from './service.js';

/**
 * Each lookup is a LATERAL subquery with a LIMIT, which the planner keeps as an index probe per
 * SKU: as plain joins, at 100,000 products it hashed the whole products table for the final
 * join and for the seller SKUs (2–4 s a list on PGlite, decision 065). Two matches already make
 * a SKU ambiguous; twenty leave room for the same SKU in other statuses and cases.
 */
const MATCHES_PER_KIND = 20;

/** How a SKU named its product: by its code, one variant's SKU, or the seller's SKU. */
export type SkuKind = 'code' | 'variant' | 'seller';

export interface SkuMatch {
  kind: SkuKind;
  /** The SKU as stored (its case may differ from the one typed). */
  stored: string;
  /** The variant a variant SKU names; null otherwise. */
  variantIndex: number | null;
  product: ProductForPricing;
}

/**
 * Every product (any status) whose code, variant SKU or seller SKU equals one of `skus` without
 * regard to case, keyed by the lower-cased SKU; a SKU that names nothing has no entry.
 */
export async function productsBySku(
  db: Pick<Db, 'execute'>,
  skus: readonly string[],
): Promise<Map<string, SkuMatch[]>> {
  const keys = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  const found = new Map<string, SkuMatch[]>();
  if (keys.length === 0) return found;
  const result = await db.execute(
    sql`WITH k(key) AS (SELECT unnest(ARRAY[${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}]::text[])),
        m AS (
          SELECT k.key, 'code' AS kind, c.id AS product_id, NULL::smallint AS position,
                 c.code AS stored
            FROM k CROSS JOIN LATERAL (
              SELECT p.id, p.code FROM products p WHERE lower(p.code) = k.key
               LIMIT ${MATCHES_PER_KIND}) c
          UNION ALL
          SELECT k.key, 'variant', v.product_id, v.position, v.sku
            FROM k CROSS JOIN LATERAL (
              SELECT v.product_id, v.position, v.sku FROM product_variants v
               WHERE lower(v.sku) = k.key
               LIMIT ${MATCHES_PER_KIND}) v
          UNION ALL
          SELECT k.key, 'seller', s.id, NULL, s.seller_sku
            FROM k CROSS JOIN LATERAL (
              SELECT p.id, p.seller_sku FROM products p
               WHERE lower(p.seller_sku) = k.key AND p.seller_sku IS NOT NULL
               LIMIT ${MATCHES_PER_KIND}) s)
        SELECT m.key, m.kind, m.position, m.stored, found.*
          FROM m CROSS JOIN LATERAL (
            SELECT ${pricingColumns} FROM products p WHERE p.id = m.product_id LIMIT 1) found`,
  );
  for (const row of result.rows as unknown as (PricingRow & {
    key: string;
    kind: SkuKind;
    position: number | null;
    stored: string;
  })[]) {
    const list = found.get(row.key) ?? [];
    list.push({
      kind: row.kind,
      stored: row.stored,
      variantIndex: row.position === null ? null : Number(row.position),
      product: toProductForPricing(row),
    });
    found.set(row.key, list);
  }
  return found;
}
