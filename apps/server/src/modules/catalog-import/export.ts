/**
 * The catalog export (issue 20): the whole catalog or a filter (status, category, text), one row
 * per product in the import's own columns (catalog-transfer.ts), so an exported file imported
 * again reports every product unchanged. Streamed a page of products at a time by keyset on the
 * code, never the catalog in memory; between two pages the database serves others.
 *
 * The header is sized to the catalog's largest product (most features, images, tiers, options,
 * variants), measured by one statement first. Cells are quoted, formulas disarmed with an
 * apostrophe that the import removes again (spreadsheetSafe), after a UTF-8 byte-order mark.
 * The export is audited (`catalog.export`, with its filter and count) before its first byte.
 */
import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import {
  columnsFor,
  csvRow,
  documentCells,
  type CatalogExportQuery,
  type ColumnShape,
} from '@storefront/shared/catalog-transfer';
import { indiaDate } from '@storefront/shared/india-date';
import type { Db } from '../../db/connect.js';
import { readProducts } from '../catalog/product-store.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';

export const EXPORT_PAGE = 500;

function filterOf(query: CatalogExportQuery): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (query.status) conditions.push(sql`p.status = ${query.status}`);
  if (query.category)
    conditions.push(
      sql`p.category_id = (SELECT id FROM categories WHERE slug = ${query.category})`,
    );
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(p.name ILIKE ${like} OR p.code ILIKE ${like} OR p.seller_sku ILIKE ${like} OR p.brand ILIKE ${like})`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

async function measure(db: Db, where: SQL): Promise<{ rows: number; shape: ColumnShape }> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS rows,
           coalesce(max(jsonb_array_length(p.features)), 0)::int AS features,
           coalesce(max(jsonb_array_length(p.images)), 0)::int AS images,
           coalesce(max(jsonb_array_length(p.options)), 0)::int AS options,
           coalesce(max((SELECT count(*) FROM product_price_tiers t WHERE t.product_id = p.id)), 0)::int AS tiers,
           coalesce(max((SELECT count(*) FROM product_variants v WHERE v.product_id = p.id)), 0)::int AS variants
      FROM products p WHERE ${where}`);
  const { rows, ...shape } = result.rows[0] as unknown as { rows: number } & ColumnShape;
  return { rows, shape };
}

export interface CatalogExport {
  filename: string;
  rows: number;
  body: Readable;
}

/** GET /api/staff/catalog/export.csv (and `catalog:export`): audited, then streamed. */
export async function exportCatalog(
  db: Db,
  who: StaffActor,
  query: CatalogExportQuery,
  now: Date,
): Promise<CatalogExport> {
  const where = filterOf(query);
  const { rows, shape } = await measure(db, where);
  await recordAudit(db, who, {
    action: 'catalog.export',
    targetType: 'catalog',
    after: { filters: query, rows, format: 'csv' },
  });

  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvRow(columnsFor(shape))}`;
    let after = '';
    for (;;) {
      const page = await db.execute(
        sql`SELECT p.code FROM products p WHERE ${where} AND p.code > ${after}
             ORDER BY p.code LIMIT ${EXPORT_PAGE}`,
      );
      const codes = (page.rows as { code: string }[]).map((row) => row.code);
      if (codes.length === 0) return;
      const stored = await readProducts(db, codes);
      yield codes
        .flatMap((code) => {
          const product = stored.get(code);
          return product ? [csvRow(documentCells(product.document, shape))] : [];
        })
        .join('');
      if (codes.length < EXPORT_PAGE) return;
      after = codes.at(-1)!;
    }
  }

  return {
    filename: `catalog-${indiaDate(now).replace(/-/g, '')}.csv`,
    rows,
    body: Readable.from(lines(), { objectMode: false }),
  };
}
