/**
 * Catalog reads (spec §7 product calls). Each read is one SQL statement: PostgreSQL joins the
 * names, tiers and variants, so a product page or a listing never costs N+1 round trips. Buyers
 * see active products only (issue 20): every read here names `p.status = 'active'`, which the
 * listings' partial indexes (migration 0015) are built on. Stock is not read here: these answers
 * are cached, and orders change stock all the time (./stock.ts, decision 048).
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  Category,
  HomeCollection,
  ProductDetail,
  ProductListItem,
  ProductSummary,
} from '@storefront/shared/catalog';
import { catalogMatchKey } from '@storefront/shared/slugs';
import { paiseToRupees } from '@storefront/shared/money';
import { tierKey, tierViews, type PriceTier } from '@storefront/shared/pricing';
import type { Db } from '../../db/connect.js';
import { BoundedCache, stringBytes } from '../../lib/bounded-cache.js';
import { notFound } from '../../lib/errors.js';
import { sanitizeProductHtml } from '../../lib/sanitize.js';
import type { TaxSetup } from '../../module-context.js';
import { effectiveRate } from '../gst/tax.js';

/** How many related products the product page shows. */
const RELATED_LIMIT = 12;
const SUMMARY_LENGTH = 300;

interface BaseRow {
  id: string;
  name: string;
  category: string;
  subcategory: string;
  brand: string;
  mrp_paise: string | number;
  sp_paise: string | number;
  images: string[];
}

interface SummaryRow extends BaseRow {
  summary: string;
}

interface ListRow extends BaseRow {
  description: string;
}

interface DetailRow extends SummaryRow {
  code: string;
  description_html: string;
  features: string[];
  weight_grams: number;
  hsn: string;
  gst_rate_bp: number | null;
  location: string;
  options: { name: string; values: string[] }[];
  tiers: { minQuantity: number; maxQuantity: number; pricePaise: number }[] | null;
  variants:
    | { option1: string; sku: string; variantIndex: number; pricePaise: number | string | null }[]
    | null;
  min_order_quantity: number;
  order_multiple: number;
}

const baseColumns = sql`
  p.id, p.name, c.name AS category, s.name AS subcategory, p.brand,
  p.mrp_paise, p.sp_paise, p.images`;

const summaryColumns = sql`${baseColumns}, left(p.description_text, ${SUMMARY_LENGTH}) AS summary`;

/** A listing carries the whole plain text: its search box matches the description (spec §5). */
const listColumns = sql`${baseColumns}, p.description_text AS description`;

const detailColumns = sql`
  ${summaryColumns}, p.code, p.description_html, p.features, p.weight_grams, p.hsn,
  p.gst_rate_bp, p.location,
  p.options, p.min_order_quantity, p.order_multiple,
  (SELECT json_agg(json_build_object('minQuantity', t.min_quantity, 'maxQuantity', t.max_quantity,
                                     'pricePaise', t.price_paise) ORDER BY t.min_quantity)
     FROM product_price_tiers t WHERE t.product_id = p.id) AS tiers,
  (SELECT json_agg(json_build_object('option1', v.option1, 'sku', v.sku,
                                     'variantIndex', v.position, 'pricePaise', v.price_paise)
                   ORDER BY v.position)
     FROM product_variants v WHERE v.product_id = p.id) AS variants`;

const productJoins = sql`
  JOIN categories c ON c.id = p.category_id
  JOIN subcategories s ON s.id = p.subcategory_id`;

function toBase(row: BaseRow): Omit<ProductSummary, 'summary'> {
  const mrp = paiseToRupees(Number(row.mrp_paise));
  const sp = paiseToRupees(Number(row.sp_paise));
  return {
    _id: row.id,
    objectID: row.id,
    name: row.name,
    category: row.category,
    subcategory: row.subcategory,
    mrp,
    sp,
    regularPrice: mrp,
    salePrice: sp,
    imgUrl: row.images.map((src) => ({ src })),
    images: row.images,
    pd_brand: row.brand,
  };
}

const toSummary = (row: SummaryRow): ProductSummary => ({ ...toBase(row), summary: row.summary });
const toListItem = (row: ListRow): ProductListItem => ({
  ...toBase(row),
  description: row.description,
});

/**
 * Descriptions are sanitised at import and again on the way out, so a row written by anything
 * but the seed reaches no browser unsanitised (spec issue 3). Sanitising costs ~0.2 ms, so the
 * answers are kept by their stored HTML, bounded in bytes too since an imported description may
 * be of any length: product reads do it once per description.
 */
const cleanDescriptions = new BoundedCache<string>(
  { maxEntries: 5000, maxBytes: 8 * 1024 * 1024 },
  stringBytes,
);

function cleanDescription(html: string): string {
  let clean = cleanDescriptions.get(html);
  if (clean === undefined) {
    clean = sanitizeProductHtml(html);
    cleanDescriptions.set(html, clean);
  }
  return clean;
}

/** `rates`: the store's HSN rate table, for the effective GST rate (issue 21). */
function toDetail(row: DetailRow, rates: TaxSetup['rates']): ProductDetail {
  const spPaise = Number(row.sp_paise);
  const tiers: PriceTier[] = (row.tiers ?? []).map((t) => ({
    ...t,
    pricePaise: Number(t.pricePaise),
  }));
  return {
    ...toSummary(row),
    id: { $oid: row.id },
    description: cleanDescription(row.description_html),
    features: row.features,
    weight: row.weight_grams,
    code: row.code,
    hsn: row.hsn,
    pd_location: row.location,
    variable_pricing: tiers.map((t) => ({ [tierKey(t)]: paiseToRupees(t.pricePaise) })),
    priceTiers: tierViews(tiers, spPaise).map((t) => ({
      minQuantity: t.minQuantity,
      maxQuantity: t.maxQuantity,
      price: paiseToRupees(t.pricePaise),
      savingsPercentage: t.savingsPercentage,
    })),
    options: row.options,
    varients: (row.variants ?? []).map((v) => ({
      option1: v.option1,
      sku: v.sku,
      variantIndex: v.variantIndex,
      price: v.pricePaise === null ? null : paiseToRupees(Number(v.pricePaise)),
    })),
    minOrderQuantity: row.min_order_quantity,
    orderMultiple: row.order_multiple,
    gstRate: effectiveRate({ gstRateBp: row.gst_rate_bp, hsn: row.hsn }, rates) / 100,
  };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

export async function listCategories(db: Db): Promise<Category[]> {
  const result = await rows<{
    id: string;
    name: string;
    slug: string;
    subs: { name: string; slug: string }[] | null;
  }>(
    db,
    sql`SELECT c.id, c.name, c.slug,
          (SELECT json_agg(json_build_object('name', s.name, 'slug', s.slug) ORDER BY s.position)
             FROM subcategories s WHERE s.category_id = c.id) AS subs
        FROM categories c ORDER BY c.position`,
  );
  return result.map((c) => ({
    _id: { $oid: c.id },
    category: c.name,
    slug: c.slug,
    subCategory: c.subs ?? [],
  }));
}

/**
 * Every collection in the seller's order (decision 050): the home page's banners take the first
 * HOME_COLLECTION_BANNERS, a collection's listing page its title. The catalog-change signal of
 * decision 018 fires on the collections table, so a rename or a reorder empties this cached answer.
 */
export async function listCollections(db: Db): Promise<HomeCollection[]> {
  return rows<HomeCollection>(
    db,
    // The place in the order, counted from 0: stored positions may have gaps after a delete.
    sql`SELECT slug, title, subtitle, (row_number() OVER (ORDER BY position, id) - 1)::int AS position
          FROM collections ORDER BY position, id`,
  );
}

/**
 * A page of the products a listing query names: a collection, else a category, else a
 * subcategory, matched on the normalised key (spec §7); an empty query lists the whole
 * catalog; a query that names nothing gives an empty page, and so does one that normalises to
 * nothing ('and', '-'), which names nothing either (decision 002). One statement returns the page and
 * the total. Each kind of listing is its own branch, so the page walks an index in order
 * (LIMIT/OFFSET reads only up to the page) and the total is an index-only count, instead of
 * collecting and sorting every product of the listing (bench/README.md, category page).
 */
export async function listProducts(
  db: Db,
  query: string,
  page: number,
  limit: number,
): Promise<{ products: ProductListItem[]; total: number }> {
  const key = catalogMatchKey(query);
  const offset = (page - 1) * limit;
  if (key === '' && query.trim() !== '') return { products: [], total: 0 };

  const statement =
    key === ''
      ? sql`WITH total AS (SELECT count(*)::int AS n FROM products WHERE status = 'active'),
            page AS (SELECT id FROM products WHERE status = 'active'
                      ORDER BY id LIMIT ${limit} OFFSET ${offset})
            SELECT ${listColumns}, (SELECT n FROM total) AS total
              FROM page JOIN products p ON p.id = page.id ${productJoins}
             ORDER BY p.id`
      : sql`WITH named AS MATERIALIZED (
              SELECT (SELECT id FROM collections WHERE match_key = ${key}) AS collection,
                     (SELECT id FROM categories WHERE match_key = ${key}) AS category,
                     (SELECT id FROM subcategories WHERE match_key = ${key}) AS subcategory),
            page AS (
              (SELECT cp.product_id AS id, cp.position FROM collection_products cp
                 JOIN products p ON p.id = cp.product_id AND p.status = 'active'
                WHERE cp.collection_id = (SELECT collection FROM named)
                ORDER BY cp.position, cp.product_id LIMIT ${limit} OFFSET ${offset})
              UNION ALL
              (SELECT p.id, 0 FROM products p
                WHERE (SELECT collection IS NULL FROM named)
                  AND p.category_id = (SELECT category FROM named) AND p.status = 'active'
                ORDER BY p.id LIMIT ${limit} OFFSET ${offset})
              UNION ALL
              (SELECT p.id, 0 FROM products p
                WHERE (SELECT collection IS NULL AND category IS NULL FROM named)
                  AND p.subcategory_id = (SELECT subcategory FROM named) AND p.status = 'active'
                ORDER BY p.id LIMIT ${limit} OFFSET ${offset})),
            total AS (
              SELECT (CASE
                WHEN collection IS NOT NULL
                  THEN (SELECT count(*) FROM collection_products cp
                          JOIN products p ON p.id = cp.product_id AND p.status = 'active'
                         WHERE cp.collection_id = collection)
                WHEN category IS NOT NULL
                  THEN (SELECT count(*) FROM products
                         WHERE category_id = category AND status = 'active')
                ELSE (SELECT count(*) FROM products
                       WHERE subcategory_id = subcategory AND status = 'active')
              END)::int AS n FROM named)
            SELECT ${listColumns}, (SELECT n FROM total) AS total
              FROM page JOIN products p ON p.id = page.id ${productJoins}
             ORDER BY page.position, page.id`;

  const result = await rows<ListRow & { total: number }>(db, statement);
  if (result.length > 0)
    return { products: result.map(toListItem), total: Number(result[0]!.total) };
  // An empty page past the end still reports the total, at the cost of one more statement.
  if (offset === 0) return { products: [], total: 0 };
  return listProducts(db, query, 1, 1).then(({ total }) => ({ products: [], total }));
}

/** What a listing slug names: a collection, else a category, else a subcategory (as listings match). */
export interface NamedListing {
  kind: 'collection' | 'category' | 'subcategory';
  /** The display name (a collection's title). */
  name: string;
  /** The stored slug, the canonical form of every spelling that reaches it. */
  slug: string;
}

export async function findListing(db: Db, slug: string): Promise<NamedListing | null> {
  const key = catalogMatchKey(slug);
  if (key === '') return null;
  const [found] = await rows<NamedListing>(
    db,
    sql`SELECT kind, name, slug FROM (
          SELECT 1 AS rank, 'collection' AS kind, title AS name, slug FROM collections
           WHERE match_key = ${key}
          UNION ALL
          SELECT 2, 'category', name, slug FROM categories WHERE match_key = ${key}
          UNION ALL
          (SELECT 3, 'subcategory', name, slug FROM subcategories WHERE match_key = ${key}
            ORDER BY position, id LIMIT 1)) named
        ORDER BY rank LIMIT 1`,
  );
  return found ?? null;
}

export async function getProduct(
  db: Db,
  id: string,
  rates: TaxSetup['rates'],
): Promise<ProductDetail> {
  const [row] = await rows<DetailRow>(
    db,
    sql`SELECT ${detailColumns} FROM products p ${productJoins}
         WHERE p.id = ${id} AND p.status = 'active'`,
  );
  if (!row) throw notFound('product_not_found', 'Product not found');
  return toDetail(row, rates);
}

export async function getProducts(
  db: Db,
  ids: readonly string[],
  rates: TaxSetup['rates'],
): Promise<ProductDetail[]> {
  const unique = [...new Set(ids)];
  const result = await rows<DetailRow>(
    db,
    sql`SELECT ${detailColumns} FROM products p ${productJoins}
         WHERE p.status = 'active' AND p.id IN (${sql.join(
           unique.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const byId = new Map(result.map((row) => [row.id, toDetail(row, rates)]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** Same subcategory first, then the same category; never the product itself. */
export async function relatedProducts(db: Db, id: string): Promise<ProductSummary[]> {
  const result = await rows<SummaryRow>(
    db,
    sql`WITH me AS (SELECT id, category_id, subcategory_id FROM products
                     WHERE id = ${id} AND status = 'active'),
         picks AS (
           (SELECT p.id, 0 AS rank FROM products p, me
             WHERE p.subcategory_id = me.subcategory_id AND p.id <> me.id AND p.status = 'active'
             ORDER BY p.id LIMIT ${RELATED_LIMIT})
           UNION ALL
           (SELECT p.id, 1 FROM products p, me
             WHERE p.category_id = me.category_id AND p.subcategory_id <> me.subcategory_id
               AND p.status = 'active'
             ORDER BY p.id LIMIT ${RELATED_LIMIT}))
        SELECT ${summaryColumns}
          FROM (SELECT id, rank FROM picks ORDER BY rank, id LIMIT ${RELATED_LIMIT}) pick
          JOIN products p ON p.id = pick.id ${productJoins}
         ORDER BY pick.rank, pick.id`,
  );
  if (result.length > 0) return result.map(toSummary);
  // Nothing related: tell an unknown product (404) from a lonely one (empty list).
  const exists = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM products WHERE id = ${id} AND status = 'active'`,
  );
  if (exists.length === 0) throw notFound('product_not_found', 'Product not found');
  return [];
}

/** A stock_levels row: the product's own (variantPosition null) or a variant's. */
export interface StockRow {
  variantPosition: number | null;
  onHand: number;
}

/** What the cart and the orders price and snapshot a product from (see `productsForPricing`). */
export interface ProductForPricing {
  id: string;
  name: string;
  code: string;
  sellerSku: string | null;
  spPaise: number;
  images: string[];
  options: { name: string; values: string[] }[];
  tiers: PriceTier[];
  /** In `position` order: the cart's variantIndex is the position. */
  variants: { position: number; option1: string; sku: string; pricePaise: number | null }[];
  /** Only an active product can be added or ordered (issue 20). */
  status: string;
  minOrderQuantity: number;
  orderMultiple: number;
  /** Its HSN code and own GST rate (null: the rate table's), for the line's tax (issue 21). */
  hsn: string;
  gstRateBp: number | null;
  /**
   * Its stock rows as the statement saw them, for the cart's checks and answers; an order
   * takes its units with `place_order` (migration 0028), which locks and re-reads them.
   */
  stock: StockRow[];
}

/** The columns of `products p` that pricing and order snapshots need; see `toProductForPricing`. */
export const pricingColumns = sql`p.id, p.name, p.code, p.seller_sku, p.sp_paise, p.images,
  p.options, p.status, p.min_order_quantity, p.order_multiple, p.hsn, p.gst_rate_bp,
  (SELECT json_agg(json_build_object('minQuantity', t.min_quantity,
            'maxQuantity', t.max_quantity, 'pricePaise', t.price_paise) ORDER BY t.min_quantity)
     FROM product_price_tiers t WHERE t.product_id = p.id) AS tiers,
  (SELECT json_agg(json_build_object('position', v.position, 'option1', v.option1,
            'sku', v.sku, 'pricePaise', v.price_paise) ORDER BY v.position)
     FROM product_variants v WHERE v.product_id = p.id) AS variants,
  (SELECT json_agg(json_build_object('variantPosition', l.variant_position,
            'onHand', l.on_hand))
     FROM stock_levels l WHERE l.product_id = p.id) AS stock`;

export interface PricingRow {
  id: string;
  name: string;
  code: string;
  seller_sku: string | null;
  sp_paise: string | number;
  images: string[];
  options: { name: string; values: string[] }[];
  tiers: { minQuantity: number; maxQuantity: number; pricePaise: number }[] | null;
  variants:
    { position: number; option1: string; sku: string; pricePaise: number | string | null }[] | null;
  status: string;
  min_order_quantity: number;
  order_multiple: number;
  hsn: string;
  gst_rate_bp: number | null;
  stock: StockRow[] | null;
}

export function toProductForPricing(row: PricingRow): ProductForPricing {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    sellerSku: row.seller_sku,
    spPaise: Number(row.sp_paise),
    images: row.images,
    options: row.options,
    tiers: (row.tiers ?? []).map((t) => ({ ...t, pricePaise: Number(t.pricePaise) })),
    variants: (row.variants ?? []).map((v) => ({
      ...v,
      pricePaise: v.pricePaise === null ? null : Number(v.pricePaise),
    })),
    status: row.status,
    minOrderQuantity: row.min_order_quantity,
    orderMultiple: row.order_multiple,
    hsn: row.hsn,
    gstRateBp: row.gst_rate_bp,
    stock: row.stock ?? [],
  };
}

/**
 * Products in one statement, for pricing with `priceLine` and for order snapshots. Takes a
 * transaction as well as the database, so an order reads its prices inside its own
 * transaction. Unknown ids are left out.
 */
export async function productsForPricing(
  db: Pick<Db, 'execute'>,
  ids: readonly string[],
): Promise<Map<string, ProductForPricing>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const result = await db.execute(
    sql`SELECT ${pricingColumns} FROM products p
         WHERE p.id IN (${sql.join(
           unique.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return new Map(
    (result.rows as unknown as PricingRow[]).map((row) => [row.id, toProductForPricing(row)]),
  );
}
