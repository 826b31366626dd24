/**
 * The catalog desk's products (issue 20, decision 050): the console's list with its attention
 * flags, one product as its document, and the edits — create, save, status, stock — each in one
 * transaction with its audit entry. Products are written only through product-store.ts; the
 * editor saves with `keepStock` and changes stock by compare-and-set, so it never writes over
 * units an order took. A product's `updated_at` is its version: a save names the version it
 * was read at, and a change in between answers 409 rather than being silently overwritten.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  LOW_STOCK_THRESHOLD,
  type ProductDocument,
  type ProductIssue,
} from '@storefront/shared/catalog-product';
import type {
  CatalogProductDetail,
  CatalogProductList,
  CatalogProductQuery,
  CatalogProductRow,
  CatalogStockBody,
  StockSummary,
} from '@storefront/shared/catalog-desk';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/connect.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { missingImagesOf } from '../images/check.js';
import type { ImageStorage } from '../images/storage.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';
import { deskIssues } from './attention.js';
import {
  readProductById,
  readProducts,
  saveProducts,
  type StoredProduct,
} from './product-store.js';

type ListQuery = z.output<typeof CatalogProductQuery>;
type StockRows = z.output<typeof CatalogStockBody>['rows'];

function stockSummary(doc: ProductDocument): StockSummary {
  const counts = [doc.stock, ...doc.variants.map((v) => v.stock)].filter(
    (count): count is number => count !== null,
  );
  return {
    onHand: counts.length === 0 ? null : counts.reduce((sum, n) => sum + n, 0),
    anyOut: counts.some((n) => n === 0),
    anyLow: counts.some((n) => n > 0 && n < LOW_STOCK_THRESHOLD),
  };
}

/** The microsecond of a product's last change, as text (a JS Date keeps only milliseconds). */
const versionColumn = sql`(extract(epoch FROM p.updated_at) * 1000000)::bigint::text`;

interface Meta {
  id: string;
  version: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function productMeta(db: DbOrTx, id: string, forUpdate = false): Promise<Meta | null> {
  const result = await db.execute(
    sql`SELECT p.id, ${versionColumn} AS version, p.created_at, p.updated_at FROM products p
         WHERE p.id = ${id} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return (result.rows[0] as Meta | undefined) ?? null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the catalog for the console, filtered; each row with its stock and its issues. Who
 * needs attention is read from `product_attention` (attention.ts), written with every save: the
 * list never checks documents or images itself. `counts.unchecked` says how many products the
 * background sweep has still to check (only after an upgrade).
 */
export async function listCatalogProducts(db: Db, query: ListQuery): Promise<CatalogProductList> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(sql`p.status = ${query.status}`);
  if (query.category) conditions.push(sql`c.slug = ${query.category}`);
  if (query.subcategory) conditions.push(sql`s.slug = ${query.subcategory}`);
  if (query.q) {
    const words = query.q.split(/\s+/).filter(Boolean);
    const prefix = `${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(p.code ILIKE ${prefix} OR p.seller_sku ILIKE ${prefix}
           OR (${sql.join(
             words.map((word) => sql`p.name ILIKE ${likePattern(word)}`),
             sql` AND `,
           )}))`,
    );
  }
  const flagged = sql`SELECT 1 FROM product_attention a WHERE a.product_id = p.id AND a.needs_attention`;
  if (query.attention !== undefined)
    conditions.push(query.attention ? sql`EXISTS (${flagged})` : sql`NOT EXISTS (${flagged})`);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  // The taxonomy is joined only to filter by it; the page is an index walk in code order, and
  // the total a count of its own (a window count would make every page read every product).
  const from =
    query.category || query.subcategory
      ? sql`FROM products p JOIN categories c ON c.id = p.category_id
              JOIN subcategories s ON s.id = p.subcategory_id`
      : sql`FROM products p`;
  const offset = (query.page - 1) * query.limit;
  const [page, statuses, attention] = await Promise.all([
    db.execute(
      sql`SELECT p.code, p.updated_at,
                 (SELECT a.missing_images FROM product_attention a WHERE a.product_id = p.id)
                   AS missing_images
          ${from} ${where} ORDER BY p.code LIMIT ${query.limit} OFFSET ${offset}`,
    ),
    db.execute(sql`SELECT status, count(*)::int AS n FROM products GROUP BY status`),
    db.execute(
      sql`SELECT count(*) FILTER (WHERE needs_attention)::int AS flagged, count(*)::int AS checked
            FROM product_attention`,
    ),
  ]);
  const rows = page.rows as {
    code: string;
    updated_at: Date | string;
    missing_images: string[] | null;
  }[];
  const stored = await readProducts(
    db,
    rows.map((row) => row.code),
  );
  const { flagged: flaggedCount, checked } = attention.rows[0] as {
    flagged: number;
    checked: number;
  };
  const counts = { draft: 0, active: 0, archived: 0, attention: flaggedCount, unchecked: 0 };
  for (const row of statuses.rows as { status: 'draft' | 'active' | 'archived'; n: number }[])
    counts[row.status] = row.n;
  const all = counts.draft + counts.active + counts.archived;
  // Every attention row is a product's (a product's removal removes it).
  counts.unchecked = Math.max(0, all - checked);
  let total = all;
  if (conditions.length > 0) {
    const counted = await db.execute(sql`SELECT count(*)::int AS n ${from} ${where}`);
    total = (counted.rows[0] as { n: number }).n;
  }
  return {
    items: rows.map((row) =>
      toRow(stored.get(row.code)!, row.updated_at, row.missing_images ?? []),
    ),
    page: query.page,
    limit: query.limit,
    total,
    counts,
  };
}

function toRow(
  stored: StoredProduct,
  updatedAt: Date | string,
  missing: readonly string[],
): CatalogProductRow {
  const doc = stored.document;
  const issues = deskIssues(doc, missing);
  return {
    id: stored.id,
    code: doc.code,
    sellerSku: doc.sellerSku,
    name: doc.name,
    brand: doc.brand,
    category: doc.category,
    subcategory: doc.subcategory,
    status: doc.status,
    spPaise: doc.spPaise,
    mrpPaise: doc.mrpPaise,
    image: doc.images[0] ?? null,
    variantCount: doc.variants.length,
    stock: stockSummary(doc),
    issues,
    needsAttention: doc.status === 'active' && issues.length > 0,
    updatedAt: iso(updatedAt),
  };
}

/**
 * One product as the editor opens it: its document, version and issues, its images looked up
 * now (the editor shows what is so, whatever the stored attention row says).
 */
export async function getCatalogProduct(
  db: DbOrTx,
  storage: ImageStorage,
  id: string,
): Promise<CatalogProductDetail> {
  const meta = await productMeta(db, id);
  const stored = meta && (await readProductById(db, id));
  if (!meta || !stored) throw notFound('product_not_found', 'No product has this id');
  const missing = await missingImagesOf(db, storage, stored.document);
  return {
    id,
    version: meta.version,
    product: stored.document,
    issues: deskIssues(stored.document, missing),
    createdAt: iso(meta.created_at),
    updatedAt: iso(meta.updated_at),
  };
}

const refused = (issues: ProductIssue[], detail: string) =>
  new AppError('unprocessable', 'product_invalid', detail, {}, undefined, issues);

function refusal(issues: ProductIssue[], status: ProductDocument['status']): AppError {
  const first = issues[0]!;
  return refused(
    issues,
    status === 'active' && !issues.every((i) => i.code.endsWith('_unknown'))
      ? `An active product must keep every rule; ${issues.length === 1 ? 'one is' : `${issues.length} are`} broken (first: ${first.message}). Fix ${issues.length === 1 ? 'it' : 'them'} or save as a draft.`
      : first.message,
  );
}

/** The fields of two documents that differ, before and after: what the audit log keeps. */
function difference(before: ProductDocument, after: ProductDocument) {
  const keys = (Object.keys(after) as (keyof ProductDocument)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** Saves `doc` in `tx`: refused with its issues (422), or the outcome. */
async function save(tx: Tx, storage: ImageStorage, doc: ProductDocument) {
  const [outcome] = await saveProducts(tx, [doc], { keepStock: true, imageStorage: storage });
  if (outcome!.result === 'invalid') throw refusal(outcome!.issues, doc.status);
  return outcome!;
}

export async function createCatalogProduct(
  db: Db,
  storage: ImageStorage,
  actor: StaffActor,
  doc: ProductDocument,
): Promise<CatalogProductDetail> {
  return db.transaction(async (tx) => {
    // The code is the product's key: a second product of the same code would be a save of the first.
    const existing = await tx.execute(sql`SELECT 1 FROM products WHERE code = ${doc.code}`);
    if (existing.rows.length > 0)
      throw refused(
        [{ path: 'code', code: 'code_taken', message: `Another product has the code ${doc.code}` }],
        `Another product has the code ${doc.code}`,
      );
    const outcome = await save(tx, storage, doc);
    const created = await getCatalogProduct(tx, storage, outcome.id);
    await recordAudit(tx, actor, {
      action: 'product.create',
      targetType: 'product',
      targetId: doc.code,
      after: created.product,
    });
    return created;
  });
}

/** Locks the product and checks the version the editor read is still the product's. */
async function lockAtVersion(tx: Tx, id: string, version: string): Promise<StoredProduct> {
  const meta = await productMeta(tx, id, true);
  if (!meta) throw notFound('product_not_found', 'No product has this id');
  if (meta.version !== version)
    throw conflict(
      'product_changed',
      'This product was changed by someone else since you opened it; reload it to see their change, then make yours again.',
    );
  return (await readProductById(tx, id))!;
}

export async function updateCatalogProduct(
  db: Db,
  storage: ImageStorage,
  actor: StaffActor,
  id: string,
  version: string,
  doc: ProductDocument,
): Promise<CatalogProductDetail> {
  return db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, id, version);
    if (doc.code !== before.document.code)
      throw refused(
        [
          {
            path: 'code',
            code: 'code_fixed',
            message: `The code is fixed once the product exists (it is ${before.document.code}): carts, orders and image keys name it`,
          },
        ],
        'The code is fixed once the product exists',
      );
    const outcome = await save(tx, storage, doc);
    const after = await getCatalogProduct(tx, storage, id);
    if (outcome.result === 'changed')
      await recordAudit(tx, actor, {
        action: 'product.update',
        targetType: 'product',
        targetId: before.document.code,
        ...difference(before.document, after.product),
      });
    return after;
  });
}

/** Moves a product to draft, active or archived; going active is refused with its issues. */
export async function setCatalogStatus(
  db: Db,
  storage: ImageStorage,
  actor: StaffActor,
  id: string,
  version: string,
  status: ProductDocument['status'],
): Promise<CatalogProductDetail> {
  return db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, id, version);
    const outcome = await save(tx, storage, { ...before.document, status });
    if (outcome.result === 'changed')
      await recordAudit(tx, actor, {
        action: 'product.status',
        targetType: 'product',
        targetId: before.document.code,
        before: { status: before.document.status },
        after: { status },
      });
    return getCatalogProduct(tx, storage, id);
  });
}

const stockChanged = (variant: string | null) =>
  conflict(
    'stock_changed',
    `${variant === null ? "The product's stock" : `Variant "${variant}"'s stock`} was changed by an order or another editor; reload and set it again.`,
  );

interface StockRow {
  variant_position: number | null;
  on_hand: number;
}

/**
 * Sets stock rows by compare-and-set, all or none: each row must still hold what the editor
 * saw (an order may have taken units since), else 409 naming the row and its count now.
 */
export async function setCatalogStock(
  db: Db,
  storage: ImageStorage,
  actor: StaffActor,
  id: string,
  rows: StockRows,
): Promise<CatalogProductDetail> {
  return db.transaction(async (tx) => {
    const stored = await readProductById(tx, id);
    if (!stored) throw notFound('product_not_found', 'No product has this id');
    const positions = new Map<string | null, number>([[null, -1], ...stored.positions]);
    const seen = new Set<string | null>();
    for (const row of rows) {
      if (!positions.has(row.variant))
        throw refused(
          [
            {
              path: 'variants',
              code: 'variant_unknown',
              message: `The product has no variant "${row.variant}"`,
            },
          ],
          `The product has no variant "${row.variant}"`,
        );
      if (seen.has(row.variant))
        throw new AppError(
          'invalid_data',
          'stock_row_repeated',
          `${row.variant === null ? "The product's own row" : `Variant "${row.variant}"`} is named twice`,
        );
      seen.add(row.variant);
    }
    // Locked in one statement, in one order, so two changes of the same rows cannot deadlock.
    const current = new Map(
      (
        (
          await tx.execute(
            sql`SELECT variant_position, on_hand FROM stock_levels WHERE product_id = ${id}
                 ORDER BY variant_position NULLS FIRST FOR UPDATE`,
          )
        ).rows as unknown as StockRow[]
      ).map((row) => [row.variant_position ?? -1, row.on_hand]),
    );
    const before: Record<string, number | null> = {};
    const after: Record<string, number | null> = {};
    for (const row of rows) {
      const position = positions.get(row.variant)!;
      const now = current.get(position) ?? null;
      const label = row.variant ?? 'product';
      if (now !== row.expected)
        throw conflict(
          'stock_changed',
          `${row.variant === null ? "The product's stock" : `Variant "${row.variant}"'s stock`} is now ${now === null ? 'not tracked' : now}, not ${row.expected === null ? 'not tracked' : row.expected}: an order or another editor changed it. Reload and set it again.`,
        );
      if (now === row.onHand) continue;
      before[label] = now;
      after[label] = row.onHand;
      const variantPosition = position < 0 ? null : position;
      if (row.onHand === null)
        await tx.execute(
          sql`DELETE FROM stock_levels WHERE product_id = ${id}
               AND variant_position IS NOT DISTINCT FROM ${variantPosition}::smallint`,
        );
      else if (now === null) {
        // No row to lock: another editor may insert one meanwhile, and then this one loses.
        const inserted = await tx.execute(
          sql`INSERT INTO stock_levels (product_id, variant_position, on_hand)
              VALUES (${id}, ${variantPosition}::smallint, ${row.onHand})
              ON CONFLICT (product_id, variant_position) DO NOTHING RETURNING on_hand`,
        );
        if (inserted.rows.length === 0) throw stockChanged(row.variant);
      } else
        await tx.execute(
          sql`UPDATE stock_levels SET on_hand = ${row.onHand}, updated_at = now()
               WHERE product_id = ${id}
                 AND variant_position IS NOT DISTINCT FROM ${variantPosition}::smallint`,
        );
    }
    if (Object.keys(after).length > 0)
      await recordAudit(tx, actor, {
        action: 'product.stock',
        targetType: 'product',
        targetId: stored.document.code,
        before,
        after,
      });
    return getCatalogProduct(tx, storage, id);
  });
}
