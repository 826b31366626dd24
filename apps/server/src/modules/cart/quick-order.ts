/**
 * Quick order (issue 22 "Ordering faster", decision 065): rows of SKU and quantity checked at
 * once, each reported with what is wrong with it, and added to the cart in one request and one
 * transaction. Each row is checked as `addItem` would check it after the rows above it were
 * added (cart-plan.ts): the same minimum, pack size, stock and line cap, with the same words.
 * Adding is all or nothing: the rows sent are checked again under the buyer's lock, and if any
 * fails (stock may have gone since the check) nothing is added and the answer names each one.
 */
import {
  ambiguousSkuMessage,
  noLongerSoldMessage,
  parseRowQuantity,
  QUICK_ORDER_SKU_MAX,
  rowQuantityMessage,
  SKU_MISSING_MESSAGE,
  unknownSkuMessage,
  variantRequiredMessage,
  type QuickOrderItem,
  type QuickOrderReport,
  type QuickOrderRowInput,
  type QuickOrderRowResult,
  type RowProblemCode,
} from '@storefront/shared/quick-order';
import { paiseToRupees } from '@storefront/shared/money';
import { DEFAULT_SOURCE, priceLine } from '@storefront/shared/pricing';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/errors.js';
import type { ProductForPricing } from '../catalog/service.js';
import { productsBySku, type SkuKind, type SkuMatch } from '../catalog/sku-lookup.js';
import { CartPlan } from './cart-plan.js';
import { linePricing, variantOf, type PricedLine } from './service.js';

type Executor = Pick<Db, 'execute'>;

/** A row as read from a request or a file, before its SKU is looked up. */
export interface QuickOrderRow {
  /** 1-based: its place in the request, or its row in the file. */
  row: number;
  sku: string;
  quantityText: string;
  source: string;
}

/** The rows of a JSON body, numbered in order. */
export function rowsOfBody(rows: readonly QuickOrderRowInput[]): QuickOrderRow[] {
  return rows.map((r, i) => ({
    row: i + 1,
    sku: r.sku.trim(),
    quantityText: String(r.quantity).trim(),
    source: r.source ?? DEFAULT_SOURCE,
  }));
}

type Problem = { code: RowProblemCode; message: string };
type Found = { product: ProductForPricing; variantIndex: number | null };

/** Code first (unique, ours), then a variant's SKU, then the seller's. */
const KIND_ORDER: readonly SkuKind[] = ['code', 'variant', 'seller'];

/**
 * The product and variant a typed SKU names, or why it names none. A draft product was never
 * offered to buyers, so its SKU is unknown; an archived one was, so it is "no longer sold". When
 * several products answer to one kind of SKU, the one stored in the very case typed wins; if
 * that does not settle it, the SKU is ambiguous.
 */
function resolve(sku: string, matches: readonly SkuMatch[]): Found | Problem {
  const active = matches.filter((m) => m.product.status === 'active');
  if (active.length === 0) {
    const archived = matches.find((m) => m.product.status === 'archived');
    return archived
      ? {
          code: 'product_unavailable',
          message: noLongerSoldMessage(sku, archived.product.name),
        }
      : { code: 'unknown_sku', message: unknownSkuMessage(sku) };
  }
  for (const kind of KIND_ORDER) {
    let candidates = active.filter((m) => m.kind === kind);
    if (candidates.length > 1) candidates = candidates.filter((m) => m.stored === sku);
    if (candidates.length > 1) return { code: 'sku_ambiguous', message: ambiguousSkuMessage(sku) };
    const [match] = candidates;
    if (!match) continue;
    const { product } = match;
    if (match.kind === 'variant') return { product, variantIndex: match.variantIndex };
    if (product.options.length === 0) return { product, variantIndex: null };
    // A product code or seller SKU names no option: one variant alone is the one meant.
    const [only, ...more] = product.variants;
    if (only && more.length === 0) return { product, variantIndex: only.position };
    return {
      code: 'variant_required',
      message: variantRequiredMessage(
        product.name,
        product.variants.map((v) => v.sku),
      ),
    };
  }
  return { code: 'unknown_sku', message: unknownSkuMessage(sku) };
}

function itemOf(found: Found, quantity: number | null, source: string): QuickOrderItem {
  const { product, variantIndex } = found;
  const variant = variantOf(product, variantIndex);
  const price = priceLine(linePricing(product, variant), quantity ?? 1, source);
  return {
    productId: product.id,
    variantIndex,
    name: product.name,
    option1: variant?.option1 ?? null,
    sku: variant?.sku ?? product.code,
    code: product.code,
    image: product.images[0] ?? null,
    minOrderQuantity: product.minOrderQuantity,
    orderMultiple: product.orderMultiple,
    unitPrice: paiseToRupees(price.unitPaise),
    lineTotal: paiseToRupees(quantity === null ? 0 : price.lineTotalPaise),
  };
}

/**
 * Says what the line already holds when a rule fails on the sum rather than on the row's own
 * quantity, so "you chose 15" is not a mystery to a buyer who typed 5.
 */
function withHeld(message: string, held: number): string {
  return held > 0
    ? `${message} That counts the ${held} already in your cart or in the rows above.`
    : message;
}

/** Every row checked against the plan, the valid ones planned in order. */
function checkRows(
  rows: readonly QuickOrderRow[],
  matches: Map<string, SkuMatch[]>,
  plan: CartPlan,
): QuickOrderReport {
  let valid = 0;
  const results = rows.map((r): QuickOrderRowResult => {
    const quantity = parseRowQuantity(r.quantityText);
    const answer = (problem: Problem | null, item: QuickOrderItem | null) => ({
      row: r.row,
      sku: r.sku,
      quantityText: r.quantityText,
      quantity,
      source: r.source,
      problem,
      item,
    });
    if (r.sku === '') return answer({ code: 'sku_missing', message: SKU_MISSING_MESSAGE }, null);
    const found = resolve(r.sku, matches.get(r.sku.toLowerCase()) ?? []);
    if ('code' in found) return answer(found, null);
    const item = itemOf(found, quantity, r.source);
    if (quantity === null)
      return answer({ code: 'bad_quantity', message: rowQuantityMessage }, item);
    const { product, variantIndex } = found;
    const problem = plan.problem(product, variantIndex, r.source, quantity);
    if (problem) {
      const held = plan.held(product.id, variantIndex, r.source);
      return answer({ code: problem.code, message: withHeld(problem.message, held) }, item);
    }
    plan.add(product, variantIndex, r.source, quantity);
    valid += 1;
    return answer(null, item);
  });
  return { rows: results, valid, invalid: results.length - valid };
}

async function matchesOf(db: Executor, rows: readonly QuickOrderRow[]) {
  const skus = rows
    .map((r) => r.sku)
    .filter((sku) => sku !== '' && sku.length <= QUICK_ORDER_SKU_MAX);
  return productsBySku(db, skus);
}

/** Checks the rows against the buyer's cart as it stands; writes nothing. */
export async function checkQuickOrder(
  db: Db,
  userId: string,
  rows: readonly QuickOrderRow[],
): Promise<QuickOrderReport> {
  const plan = await CartPlan.read(db, userId);
  return checkRows(rows, await matchesOf(db, rows), plan);
}

/**
 * Adds every row to the cart in one transaction, or none: a row that fails its check now
 * refuses the whole request (400 `quick_order_rows_invalid`), each failing row an issue at
 * `rows.<index>` with its code and words. Answers the cart's lines with the products the
 * checks read, to be priced without reading them again.
 */
export async function addQuickOrder(
  db: Db,
  userId: string,
  rows: readonly QuickOrderRow[],
): Promise<PricedLine[]> {
  return db.transaction(async (tx) => {
    const plan = await CartPlan.lock(tx, userId);
    const report = checkRows(rows, await matchesOf(tx, rows), plan);
    if (report.invalid > 0) {
      const issues = report.rows.flatMap((r, index) =>
        r.problem ? [{ path: `rows.${index}`, ...r.problem }] : [],
      );
      const first = report.rows.find((r) => r.problem)!;
      throw new AppError(
        'invalid_data',
        'quick_order_rows_invalid',
        `${report.invalid === 1 ? '1 row' : `${report.invalid} rows`} cannot be added, so nothing was added. Row ${first.row}: ${first.problem!.message}`,
        {},
        undefined,
        issues,
      );
    }
    return plan.commit(tx, userId);
  });
}
