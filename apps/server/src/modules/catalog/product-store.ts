/**
 * The one way a seller's product is written (issue 20, decision 047): the console's editor, the
 * import and the demo seed all save `ProductDocument`s through `saveProducts`, a batch at a
 * time, and read them back with `readProducts`. A product is keyed by its code (our SKU). Every
 * statement works on the whole batch, so an import of 100,000 products costs a few statements
 * per 500 rather than per product, and a batch runs inside its caller's transaction: a product
 * is written whole or not at all.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  blockingIssues,
  type ProductDocument,
  type ProductIssue,
} from '@storefront/shared/catalog-product';
import type { Db, DbOrTx, Tx } from '../../db/connect.js';
import { insertJsonRows, textArray } from '../../db/json-rows.js';
import { productPriceTiers, products, productVariants, stockLevels } from '../../db/schema.js';
import { newObjectId } from '../../lib/ids.js';
import { sanitizedHtmlText, sanitizeProductHtml } from '../../lib/sanitize.js';
import type { ImageStorage } from '../images/storage.js';
import { attentionRows, writeAttention } from './attention.js';

export type SaveResult = 'new' | 'changed' | 'unchanged';

export type SaveOutcome =
  | { code: string; result: SaveResult; id: string; status: ProductDocument['status'] }
  | { code: string; result: 'invalid'; issues: ProductIssue[] };

export interface SaveOptions {
  /** Compute the outcomes only (the import's dry run): nothing is written. */
  dryRun?: boolean;
  /**
   * Leave an existing product's stock as stored, whatever the document says: the console's editor
   * saves a product this way, and changes stock only by its own compare-and-set, so a save never
   * overwrites units an order took meanwhile. An import sets stock (`false`, the default).
   */
  keepStock?: boolean;
  /**
   * Let a product that breaks the buyer-side rules be active: only the demo seed, whose planted
   * defects keep the spec's error paths reachable (decision 047).
   */
  allowDefects?: boolean;
  /** The id a new product takes, by code: the demo seed's, generated from its seed. */
  ids?: ReadonlyMap<string, string>;
  /**
   * The batch's stored products, read by the caller in the same transaction (the import reads
   * them to complete its rows): not read a second time.
   */
  stored?: ReadonlyMap<string, StoredProduct>;
  /**
   * Where uploaded images are kept: each written product's images are looked up, and whether it
   * needs attention is stored with it (attention.ts, decision 050). Only the demo seed, whose
   * images are never uploads, saves without one.
   */
  imageStorage?: ImageStorage;
  /** Upload sources the caller has just stored (an import's images): not looked up again. */
  presentImages?: ReadonlySet<string>;
  /**
   * Leave the products out of the search index: the caller indexes the whole catalog once at the
   * end (`search_rebuild()`), as the demo seed does.
   */
  indexLater?: boolean;
}

/** A stored product as its document, with what the store keeps beside it. */
export interface StoredProduct {
  id: string;
  document: ProductDocument;
  /** The variant positions by option1: a variant keeps its position (the cart's variantIndex). */
  positions: Map<string, number>;
}

interface StoredRow {
  id: string;
  code: string;
  seller_sku: string | null;
  name: string;
  brand: string;
  category: string;
  subcategory: string;
  features: string[];
  description_html: string;
  hsn: string;
  gst_rate_bp: number | null;
  weight_grams: number;
  location: string;
  mrp_paise: string | number;
  sp_paise: string | number;
  options: { name: string; values: string[] }[];
  images: string[];
  status: ProductDocument['status'];
  min_order_quantity: number;
  order_multiple: number;
  stock: number | null;
  tiers: { minQuantity: number; maxQuantity: number; pricePaise: string | number }[] | null;
  variants:
    | {
        position: number;
        option1: string;
        sku: string;
        pricePaise: string | number | null;
        stock: number | null;
      }[]
    | null;
}

const storedColumns = sql`
  p.id, p.code, p.seller_sku, p.name, p.brand, c.slug AS category, s.slug AS subcategory,
  p.features, p.description_html, p.hsn, p.gst_rate_bp, p.weight_grams, p.location, p.mrp_paise,
  p.sp_paise,
  p.options, p.images, p.status, p.min_order_quantity, p.order_multiple,
  (SELECT on_hand FROM stock_levels l WHERE l.product_id = p.id AND l.variant_position IS NULL)
    AS stock,
  (SELECT json_agg(json_build_object('minQuantity', t.min_quantity, 'maxQuantity', t.max_quantity,
            'pricePaise', t.price_paise) ORDER BY t.min_quantity)
     FROM product_price_tiers t WHERE t.product_id = p.id) AS tiers,
  (SELECT json_agg(json_build_object('position', v.position, 'option1', v.option1, 'sku', v.sku,
            'pricePaise', v.price_paise, 'stock', l.on_hand) ORDER BY v.position)
     FROM product_variants v
     LEFT JOIN stock_levels l ON l.product_id = v.product_id AND l.variant_position = v.position
    WHERE v.product_id = p.id) AS variants`;

function toStored(row: StoredRow): StoredProduct {
  const variants = row.variants ?? [];
  return {
    id: row.id,
    positions: new Map(variants.map((v) => [v.option1, v.position])),
    document: {
      code: row.code,
      sellerSku: row.seller_sku,
      name: row.name,
      brand: row.brand,
      category: row.category,
      subcategory: row.subcategory,
      features: row.features,
      descriptionHtml: row.description_html,
      hsn: row.hsn,
      gstRateBp: row.gst_rate_bp,
      weightGrams: row.weight_grams,
      location: row.location,
      mrpPaise: Number(row.mrp_paise),
      spPaise: Number(row.sp_paise),
      tiers: (row.tiers ?? []).map((t) => ({ ...t, pricePaise: Number(t.pricePaise) })),
      options: row.options,
      variants: variants.map((v) => ({
        option1: v.option1,
        sku: v.sku,
        pricePaise: v.pricePaise === null ? null : Number(v.pricePaise),
        stock: v.stock,
      })),
      images: row.images,
      status: row.status,
      stock: row.stock,
      minOrderQuantity: row.min_order_quantity,
      orderMultiple: row.order_multiple,
    },
  };
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The stored products of these codes, by code; unknown codes are left out. */
export async function readProducts(
  db: DbOrTx,
  codes: readonly string[],
): Promise<Map<string, StoredProduct>> {
  if (codes.length === 0) return new Map();
  const result = await db.execute(
    sql`SELECT ${storedColumns} FROM products p
          JOIN categories c ON c.id = p.category_id JOIN subcategories s ON s.id = p.subcategory_id
         WHERE p.code IN (${inList(codes)})`,
  );
  return new Map((result.rows as unknown as StoredRow[]).map((row) => [row.code, toStored(row)]));
}

/** The stored product of an id, or null. */
export async function readProductById(db: DbOrTx, id: string): Promise<StoredProduct | null> {
  const result = await db.execute(
    sql`SELECT ${storedColumns} FROM products p
          JOIN categories c ON c.id = p.category_id JOIN subcategories s ON s.id = p.subcategory_id
         WHERE p.id = ${id}`,
  );
  const row = result.rows[0] as unknown as StoredRow | undefined;
  return row ? toStored(row) : null;
}

/** The document as it will be stored: its description sanitised (as every write is). */
export function normalise(doc: ProductDocument): ProductDocument {
  return { ...doc, descriptionHtml: sanitizeProductHtml(doc.descriptionHtml) };
}

/** Keys in a fixed order, so two equal documents compare equal whatever built them. */
function fingerprint(doc: ProductDocument): string {
  return JSON.stringify([
    doc.code,
    doc.sellerSku,
    doc.name,
    doc.brand,
    doc.category,
    doc.subcategory,
    doc.features,
    doc.descriptionHtml,
    doc.hsn,
    doc.gstRateBp,
    doc.weightGrams,
    doc.location,
    doc.mrpPaise,
    doc.spPaise,
    doc.tiers.map((t) => [t.minQuantity, t.maxQuantity, t.pricePaise]),
    doc.options.map((o) => [o.name, o.values]),
    doc.variants.map((v) => [v.option1, v.sku, v.pricePaise, v.stock]),
    doc.images,
    doc.status,
    doc.stock,
    doc.minOrderQuantity,
    doc.orderMultiple,
  ]);
}

interface Taxonomy {
  categories: Map<string, string>;
  /** By subcategory slug: its id and its category's id. */
  subcategories: Map<string, { id: string; categoryId: string }>;
}

async function readTaxonomy(db: DbOrTx): Promise<Taxonomy> {
  const result = await db.execute(
    sql`SELECT 'c' AS kind, id, slug, NULL AS category_id FROM categories
        UNION ALL SELECT 's', id, slug, category_id FROM subcategories`,
  );
  const taxonomy: Taxonomy = { categories: new Map(), subcategories: new Map() };
  for (const row of result.rows as {
    kind: string;
    id: string;
    slug: string;
    category_id: string;
  }[])
    if (row.kind === 'c') taxonomy.categories.set(row.slug, row.id);
    else taxonomy.subcategories.set(row.slug, { id: row.id, categoryId: row.category_id });
  return taxonomy;
}

function taxonomyIssues(doc: ProductDocument, taxonomy: Taxonomy): ProductIssue[] {
  const categoryId = taxonomy.categories.get(doc.category);
  if (!categoryId)
    return [
      { path: 'category', code: 'category_unknown', message: `No category "${doc.category}"` },
    ];
  const sub = taxonomy.subcategories.get(doc.subcategory);
  if (!sub || sub.categoryId !== categoryId)
    return [
      {
        path: 'subcategory',
        code: 'subcategory_unknown',
        message: `No subcategory "${doc.subcategory}" in ${doc.category}`,
      },
    ];
  return [];
}

/**
 * The buyer-side rules the database itself holds for every product, draft or not (its
 * products_prices_check): refused here by name rather than by a failed statement.
 */
function storageIssues(doc: ProductDocument): ProductIssue[] {
  return doc.spPaise > doc.mrpPaise
    ? [{ path: 'spPaise', code: 'price_above_mrp', message: 'The sale price is above the MRP' }]
    : [];
}

/**
 * Saves a batch of products by code (new ones are created), unless `dryRun`: each outcome says
 * whether it was new, changed, unchanged, or refused with its issues (an unknown category, or a
 * rule an active product breaks). Codes must be unique within the batch.
 */
export async function saveProducts(
  tx: Tx,
  docs: readonly ProductDocument[],
  options: SaveOptions = {},
): Promise<SaveOutcome[]> {
  const taxonomy = await readTaxonomy(tx);
  const stored =
    options.stored ??
    (await readProducts(
      tx,
      docs.map((doc) => doc.code),
    ));
  const outcomes: SaveOutcome[] = [];
  const writes: { id: string; doc: ProductDocument; before: StoredProduct | undefined }[] = [];
  for (const raw of docs) {
    const before = stored.get(raw.code);
    const doc = normalise(options.keepStock && before ? withStockOf(raw, before) : raw);
    // An unchanged product is not refused: nothing is written, and an exported catalog imported
    // again (the demo's planted defects among it) reports every product unchanged (decision 051).
    if (before && fingerprint(before.document) === fingerprint(doc)) {
      outcomes.push({ code: doc.code, result: 'unchanged', id: before.id, status: doc.status });
      continue;
    }
    const rules = options.allowDefects ? [] : blockingIssues(doc);
    const issues = [
      ...taxonomyIssues(doc, taxonomy),
      ...rules,
      ...storageIssues(doc).filter((issue) => !rules.some((rule) => rule.code === issue.code)),
    ];
    if (issues.length > 0) {
      outcomes.push({ code: doc.code, result: 'invalid', issues });
      continue;
    }
    const result: SaveResult = before ? 'changed' : 'new';
    const id = before?.id ?? options.ids?.get(doc.code) ?? newObjectId();
    outcomes.push({ code: doc.code, result, id, status: doc.status });
    writes.push({ id, doc, before });
  }
  if (!options.dryRun && writes.length > 0) {
    // Looked up before the write (a storage lookup needs no row), recorded with it.
    const attention = await attentionRows(tx, options.imageStorage, writes, options.presentImages);
    await writeProducts(tx, writes, taxonomy, options.indexLater ?? false);
    await writeAttention(tx, attention, { replace: true });
  }
  return outcomes;
}

/** `doc` with the stock `stored` has: the product's, and each variant's that existed before. */
function withStockOf(doc: ProductDocument, stored: StoredProduct): ProductDocument {
  const variantStock = new Map(stored.document.variants.map((v) => [v.option1, v.stock]));
  return {
    ...doc,
    stock: stored.document.stock,
    variants: doc.variants.map((v) =>
      variantStock.has(v.option1) ? { ...v, stock: variantStock.get(v.option1)! } : v,
    ),
  };
}

/** A variant keeps the position it had (carts name it by position); a new one takes the next. */
function variantPositions(doc: ProductDocument, before: StoredProduct | undefined): number[] {
  const kept = before?.positions ?? new Map<string, number>();
  let next = Math.max(-1, ...kept.values()) + 1;
  return doc.variants.map((v) => kept.get(v.option1) ?? next++);
}

/** Every column a save rewrites: all but the key, the code (fixed) and the timestamps. */
const UPDATED_COLUMNS = [
  'name',
  'categoryId',
  'subcategoryId',
  'descriptionHtml',
  'descriptionText',
  'brand',
  'weightGrams',
  'hsn',
  'gstRateBp',
  'location',
  'mrpPaise',
  'spPaise',
  'features',
  'options',
  'images',
  'sellerSku',
  'status',
  'minOrderQuantity',
  'orderMultiple',
] as const satisfies readonly (keyof typeof products.$inferInsert)[];

/**
 * The upsert's SET: each column from the row the INSERT proposed; updated_at is the product's
 * version (the console's optimistic check, decision 050).
 */
const UPDATED_SET = sql.raw(
  [
    ...UPDATED_COLUMNS.map((key) => `${products[key].name} = excluded.${products[key].name}`),
    'updated_at = now()',
  ].join(', '),
);

/**
 * Writes the batch: its products upserted, their tiers and variants replaced, their stock set
 * where it changed, each table in one statement of one parameter (db/json-rows.ts). The search
 * triggers leave these statements to the writer (storefront.search_deferred, migration 0030),
 * which indexes the batch once its variants are in: each product's index row written once, not
 * once for the product and again for its variants' SKUs (decision 084).
 */
async function writeProducts(
  tx: Tx,
  writes: { id: string; doc: ProductDocument; before: StoredProduct | undefined }[],
  taxonomy: Taxonomy,
  indexLater: boolean,
): Promise<void> {
  const ids = textArray(writes.map((w) => w.id));
  await tx.execute(sql`SELECT set_config('storefront.search_deferred', 'on', true)`);
  await tx.execute(
    sql`${insertJsonRows(
      products,
      writes.map(({ id, doc }) => ({
        id,
        code: doc.code,
        name: doc.name,
        categoryId: taxonomy.categories.get(doc.category)!,
        subcategoryId: taxonomy.subcategories.get(doc.subcategory)!.id,
        descriptionHtml: doc.descriptionHtml,
        descriptionText: sanitizedHtmlText(doc.descriptionHtml),
        brand: doc.brand,
        weightGrams: doc.weightGrams,
        hsn: doc.hsn,
        gstRateBp: doc.gstRateBp,
        location: doc.location,
        mrpPaise: doc.mrpPaise,
        spPaise: doc.spPaise,
        features: doc.features,
        options: doc.options,
        images: doc.images,
        sellerSku: doc.sellerSku,
        status: doc.status,
        minOrderQuantity: doc.minOrderQuantity,
        orderMultiple: doc.orderMultiple,
      })),
    )}
    ON CONFLICT (id) DO UPDATE SET ${UPDATED_SET}`,
  );
  // Tiers and variants are replaced whole: fewer statements than a diff, and a product has few.
  await tx.execute(sql`DELETE FROM product_price_tiers WHERE product_id = ANY (${ids})`);
  await tx.execute(sql`DELETE FROM product_variants WHERE product_id = ANY (${ids})`);
  const tiers = writes.flatMap(({ id, doc }) =>
    doc.tiers.map((t) => ({
      productId: id,
      minQuantity: t.minQuantity,
      maxQuantity: t.maxQuantity,
      pricePaise: t.pricePaise,
    })),
  );
  if (tiers.length > 0) await tx.execute(insertJsonRows(productPriceTiers, tiers));
  const variants: (typeof productVariants.$inferInsert)[] = [];
  const stock = { set: [] as (typeof stockLevels.$inferInsert)[], drop: [] as SQL[] };
  for (const { id, doc, before } of writes) {
    const positions = variantPositions(doc, before);
    doc.variants.forEach((v, i) =>
      variants.push({
        productId: id,
        position: positions[i]!,
        option1: v.option1,
        sku: v.sku,
        pricePaise: v.pricePaise,
      }),
    );
    diffStock(id, stockRows(doc, positions), before ? storedStockRows(before) : new Map(), stock);
  }
  if (variants.length > 0) await tx.execute(insertJsonRows(productVariants, variants));
  // Stock rows are written only where the count changes: orders change them concurrently, and
  // a row left alone keeps what they took.
  if (stock.drop.length > 0)
    await tx.execute(
      sql`DELETE FROM stock_levels
           WHERE (product_id, coalesce(variant_position, -1)) IN (${sql.join(stock.drop, sql`, `)})`,
    );
  if (stock.set.length > 0)
    await tx.execute(
      sql`${insertJsonRows(stockLevels, stock.set)}
          ON CONFLICT (product_id, variant_position) DO UPDATE
          SET on_hand = excluded.on_hand, updated_at = now()`,
    );
  await tx.execute(sql`SELECT set_config('storefront.search_deferred', 'off', true)`);
  if (!indexLater) await tx.execute(sql`SELECT search_index_products(${ids})`);
}

/** A product's stock rows by variant position (-1: the product's own). */
type StockRows = Map<number, number>;

function stockRows(doc: ProductDocument, positions: readonly number[]): StockRows {
  const rows: StockRows = new Map();
  if (doc.stock !== null) rows.set(-1, doc.stock);
  doc.variants.forEach((v, i) => {
    if (v.stock !== null) rows.set(positions[i]!, v.stock);
  });
  return rows;
}

function storedStockRows(stored: StoredProduct): StockRows {
  return stockRows(
    stored.document,
    stored.document.variants.map((v) => stored.positions.get(v.option1)!),
  );
}

function diffStock(
  productId: string,
  wanted: StockRows,
  had: StockRows,
  into: { set: (typeof stockLevels.$inferInsert)[]; drop: SQL[] },
): void {
  for (const [position, onHand] of wanted)
    if (had.get(position) !== onHand)
      into.set.push({ productId, variantPosition: position < 0 ? null : position, onHand });
  for (const position of had.keys())
    if (!wanted.has(position)) into.drop.push(sql`(${productId}, ${position})`);
}

/**
 * Keeps the plans of a save's statements fit for a catalog that grows in bulk (an import): each
 * time the products have doubled, every cached plan of the connection is dropped (DISCARD PLANS)
 * and made again on its next use, for the tables' sizes then. PostgreSQL keeps a plan per
 * statement for a connection's life, the search triggers' included (PL/pgSQL caches them; a
 * statement-level trigger's, which has no parameters, is never replanned), until something
 * invalidates it: on PostgreSQL autovacuum's ANALYZE as a table grows. PGlite has no autovacuum,
 * so its one connection kept the plans made when the catalog was the demo's 20 products (a
 * sequential scan of product_variants for each product saved): an import's INSERT of 500
 * products slowed from 1.3 to 7 s within 10,000, until one was cut at the statement budget
 * (decision 078). ANALYZE itself would take 5–7 s of PGlite's one connection at 100,000
 * products; replanned without it, the planner still scales the last statistics to each table's
 * current size.
 */
export class CatalogGrowth {
  private constructor(
    private readonly db: Db,
    /** Products when the plans were last dropped (or at the start), and added since. */
    private plannedAt: number,
    private added = 0,
  ) {}

  static async start(db: Db): Promise<CatalogGrowth> {
    const [row] = (await db.execute(sql`SELECT count(*)::int AS n FROM products`)).rows as {
      n: number;
    }[];
    return new CatalogGrowth(db, row?.n ?? 0);
  }

  /** Counts `count` new products, and drops the cached plans once the products have doubled. */
  async grew(count: number): Promise<void> {
    this.added += count;
    if (this.added < Math.max(this.plannedAt, MIN_GROWTH_REPLANNED)) return;
    await this.db.execute(sql`DISCARD PLANS`);
    this.plannedAt += this.added;
    this.added = 0;
  }
}

/** Fewer new products than this are not worth a replan. */
const MIN_GROWTH_REPLANNED = 500;
