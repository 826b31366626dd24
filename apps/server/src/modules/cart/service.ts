/**
 * The buyer's cart (spec §3 "Cart response", §5 add-to-cart rules, §7 cart calls). A line is
 * keyed by product, variant and source (the cart_lines_key constraint); every statement is
 * scoped to the buyer's own user id, so no request can reach another buyer's lines. Prices are
 * never stored: each answer prices the lines afresh with the shared `priceLine`, a variant's own
 * price applied by `variantPricing` (docs/product-decisions.md #5, decision 047).
 *
 * Issue 20 (decision 048): only an active product can be added; a line's quantity keeps to the
 * product's minimum order and pack size; the lines drawing on one stock row may not hold more
 * than it has. The cart checks these as a courtesy (stock may change before checkout); the
 * order checks them again and takes the units in its own transaction.
 */
import { sql } from 'drizzle-orm';
import {
  CART_TOO_MANY_LINES_MESSAGE,
  LINE_TOO_LARGE_MESSAGE,
  OPTIONS_WITHOUT_VARIANTS_MESSAGE,
  variantUnavailableMessage,
  type CartItem,
  type CartItemAddBody,
  type CartItemDeleteBody,
  type CartLineView,
  type CartResponse,
} from '@storefront/shared/cart';
import { CART_LINES_MAX, QUANTITY_MAX } from '@storefront/shared/constants';
import type { ErrorKind } from '@storefront/shared/errors';
import { lineTax, taxTotals, type LineTax } from '@storefront/shared/gst';
import { paiseToRupees } from '@storefront/shared/money';
import { priceLine, variantPricing, type LinePrice } from '@storefront/shared/pricing';
import {
  productUnavailableMessage,
  stockShortMessage,
  quantityProblem,
} from '@storefront/shared/stock';
import type { Db } from '../../db/connect.js';
import { prepared } from '../../db/prepared.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import type { TaxSetup } from '../../module-context.js';
import {
  pricingColumns,
  toProductForPricing,
  type PricingRow,
  type ProductForPricing,
  type StockRow,
} from '../catalog/service.js';
import { stockRowFor } from '../catalog/stock.js';
import {
  callerId,
  refuseEndedSession,
  sessionStateColumns,
  type Caller,
  type SessionState,
} from '../users/authenticate.js';
import { effectiveRate, lineGstView, taxSummaryView, type Supply } from '../gst/tax.js';

type Executor = Pick<Db, 'execute'>;
type Variant = ProductForPricing['variants'][number];

export interface CartLine {
  productId: string;
  variantIndex: number | null;
  source: string;
  quantity: number;
}

interface CartLineRow {
  product_id: string;
  variant_index: number | null;
  source: string;
  quantity: number;
}

const toLine = (row: CartLineRow): CartLine => ({
  productId: row.product_id,
  variantIndex: row.variant_index,
  source: row.source,
  quantity: Number(row.quantity),
});

/**
 * The variant a line names: null for a product without options, undefined when the product has
 * options and the index names no variant (the catalog changed under the cart).
 */
export function variantOf(
  product: ProductForPricing,
  variantIndex: number | null,
): Variant | null | undefined {
  if (product.options.length === 0) return null;
  return variantIndex === null
    ? undefined
    : product.variants.find((v) => v.position === variantIndex);
}

/** How messages name a line: the product, and the variant's values when it has one. */
export function lineLabel(product: ProductForPricing, variant: Variant | null | undefined): string {
  return variant ? `${product.name} (${variant.option1})` : product.name;
}

/** The prices a line of this variant is charged: the variant's own sale price, tiers scaled. */
export function linePricing(product: ProductForPricing, variant: Variant | null | undefined) {
  return variantPricing(product, variant?.pricePaise ?? null);
}

/** The add-to-cart variant rules of spec §5, with its two messages; a product not sold is unknown. */
function checkVariant(product: ProductForPricing, variantIndex: number | null): void {
  if (product.status !== 'active') throw notFound('product_not_found', 'Product not found');
  if (product.options.length === 0) {
    if (variantIndex !== null)
      throw invalid('variant_not_applicable', 'This product has no options; send no variantIndex.');
    return;
  }
  if (product.variants.length === 0)
    throw invalid('variant_configuration', OPTIONS_WITHOUT_VARIANTS_MESSAGE);
  if (variantOf(product, variantIndex) === undefined)
    throw invalid(
      'variant_unavailable',
      variantUnavailableMessage(variantIndex === null ? 'none selected' : `#${variantIndex}`),
    );
}

/** The stock row a line draws on, keyed as `rowKey` writes it; null when not tracked. */
export function lineRow(product: ProductForPricing, variantIndex: number | null): StockRow | null {
  return stockRowFor(product.stock, variantIndex);
}
export const rowKey = (productId: string, row: StockRow) =>
  `${productId}:${row.variantPosition ?? ''}`;

/** A rule a line's quantity breaks: the error it is answered with. */
export interface LineProblem {
  kind: Extract<ErrorKind, 'invalid_data' | 'conflict'>;
  code: 'quantity_below_minimum' | 'quantity_not_multiple' | 'out_of_stock';
  message: string;
}

/**
 * The rules a line's quantity must keep (issue 20, decision 048): the product's minimum order
 * and pack size (400), and the units on hand of the stock row it draws on, counted with
 * `others`, what the cart's other lines drawing on that row hold (409). Null when it keeps them.
 * Every way into the cart (add, set, quick order, reorder) asks this one function.
 */
export function lineQuantityProblem(
  product: ProductForPricing,
  variantIndex: number | null,
  quantity: number,
  others: number,
): LineProblem | null {
  const label = lineLabel(product, variantOf(product, variantIndex));
  const rules = quantityProblem(label, quantity, product);
  if (rules)
    return {
      kind: 'invalid_data',
      code:
        quantity < product.minOrderQuantity ? 'quantity_below_minimum' : 'quantity_not_multiple',
      message: rules,
    };
  const row = lineRow(product, variantIndex);
  if (row && quantity + others > row.onHand)
    return {
      kind: 'conflict',
      code: 'out_of_stock',
      message: stockShortMessage(label, row.onHand, quantity + others),
    };
  return null;
}

/**
 * Why a line cannot be ordered as it stands, in the words the order would be refused with, or
 * null: `rowTotal` is what the cart's lines drawing on the same row hold together.
 */
function lineProblem(line: CartLine, product: ProductForPricing, rowTotal: number): string | null {
  const variant = variantOf(product, line.variantIndex);
  if (product.status !== 'active') return productUnavailableMessage(product.name);
  if (variant === undefined)
    return `${product.name}: the chosen variant is no longer available. Remove it from your cart.`;
  return (
    lineQuantityProblem(product, line.variantIndex, line.quantity, rowTotal - line.quantity)
      ?.message ?? null
  );
}

function lineView(
  line: CartLine,
  product: ProductForPricing,
  price: LinePrice,
  tax: LineTax,
  problem: string | null,
): CartLineView {
  const variant = variantOf(product, line.variantIndex);
  const pricing = linePricing(product, variant);
  return {
    id: `${line.productId}:${line.variantIndex ?? 'none'}:${line.source}`,
    productId: line.productId,
    variantIndex: line.variantIndex,
    source: line.source,
    quantity: line.quantity,
    product: {
      _id: product.id,
      name: product.name,
      code: product.code,
      images: product.images,
      salePrice: paiseToRupees(product.spPaise),
    },
    option1: variant?.option1 ?? null,
    sku: variant?.sku ?? product.code,
    basePrice: paiseToRupees(price.basePaise),
    multiplier: price.multiplier,
    unitPrice: paiseToRupees(price.unitPaise),
    lineTotal: paiseToRupees(price.lineTotalPaise),
    minOrderQuantity: product.minOrderQuantity,
    orderMultiple: product.orderMultiple,
    available: lineRow(product, line.variantIndex)?.onHand ?? null,
    problem,
    pricing: { ...pricing, tiers: [...pricing.tiers], gstRateBp: tax.rateBp },
    gst: lineGstView(product.hsn, tax),
  };
}

/** A line of the cart with its product as read for pricing. */
export interface PricedLine {
  line: CartLine;
  product: ProductForPricing;
}

/** The buyer's lines in the cart's order (as they came), each with its product: one statement. */
export async function readPricedLines(db: Executor, userId: string): Promise<PricedLine[]> {
  const result = await db.execute(
    prepared(sql`SELECT l.product_id, l.variant_index, l.source, l.quantity, ${pricingColumns}
                   FROM cart_lines l JOIN products p ON p.id = l.product_id
                  WHERE l.user_id = ${userId} ORDER BY l.id`),
  );
  // The inner join drops nothing: cart_lines cascades on product delete.
  return (result.rows as unknown as (CartLineRow & PricingRow)[]).map((row) => ({
    line: toLine(row),
    product: toProductForPricing(row),
  }));
}

/**
 * The cart as the spec's `items` map plus priced lines: one statement whatever its size. Each
 * line's GST is worked out with the shared `lineTax` at the product's effective rate (issue 21);
 * `supply`, when the checkout has given a place of supply, splits it between the heads.
 */
export async function getCart(
  db: Db,
  userId: string,
  setup: TaxSetup,
  supply: Supply | null = null,
): Promise<CartResponse> {
  return cartOf(await readPricedLines(db, userId), setup, supply);
}

/** The cart's answer for its lines, in their order, with the products already read. */
export function cartOf(
  rows: readonly PricedLine[],
  setup: TaxSetup,
  supply: Supply | null = null,
): CartResponse {
  // What the lines drawing on each stock row hold together.
  const rowTotals = new Map<string, number>();
  for (const { line, product } of rows) {
    const row = lineRow(product, line.variantIndex);
    if (row) {
      const key = rowKey(product.id, row);
      rowTotals.set(key, (rowTotals.get(key) ?? 0) + line.quantity);
    }
  }
  const items: Record<string, CartItem[]> = {};
  const views: CartLineView[] = [];
  const taxes: LineTax[] = [];
  let subtotalPaise = 0;
  let itemCount = 0;
  for (const { line, product } of rows) {
    (items[line.productId] ??= []).push({
      quantity: line.quantity,
      source: line.source,
      variantIndex: line.variantIndex,
    });
    const variant = variantOf(product, line.variantIndex);
    const price = priceLine(linePricing(product, variant), line.quantity, line.source);
    const row = lineRow(product, line.variantIndex);
    const problem = lineProblem(
      line,
      product,
      row ? (rowTotals.get(rowKey(product.id, row)) ?? 0) : 0,
    );
    const tax = lineTax(
      price.lineTotalPaise,
      effectiveRate(product, setup.rates),
      supply?.supplyType ?? 'inter',
    );
    taxes.push(tax);
    views.push(lineView(line, product, price, tax, problem));
    subtotalPaise += price.lineTotalPaise;
    itemCount += line.quantity;
  }
  const subtotal = paiseToRupees(subtotalPaise);
  return {
    items,
    lines: views,
    lineCount: views.length,
    itemCount,
    subtotal,
    total: subtotal,
    tax: taxSummaryView(taxTotals(taxes), supply),
  };
}

const lineNotFound = () => notFound('cart_line_not_found', 'This item is not in your cart');

/** What add_cart_line (migration 0032) answers; a test holds the function to this list. */
export const ADD_CART_LINE_OUTCOMES = [
  'added',
  'moved',
  'no_buyer',
  'too_many_lines',
  'too_large',
] as const;
type AddCartLineOutcome = (typeof ADD_CART_LINE_OUTCOMES)[number];

/** How often an add reads again when the buyer's lines of the product moved under it. */
const ADD_ATTEMPTS = 5;

/** The buyer's lines of one product (cart_product_lines, migration 0032). */
type ProductLine = Omit<CartLine, 'productId'>;

/**
 * Adds to the line with the same product, variant and source, or creates it, in one call after
 * one read (decision 091): the product and the buyer's lines of it read unlocked, the rules
 * checked here, then `add_cart_line` locks the buyer's row, writes only if the lines the rules
 * counted are still as read (else they are read and checked again), and keeps both caps
 * (CART_LINES_MAX new lines, QUANTITY_MAX a line).
 */
export async function addItem(
  db: Db,
  caller: Caller,
  productId: string,
  body: CartItemAddBody,
): Promise<void> {
  const userId = callerId(caller);
  const variantIndex = body.variantIndex ?? null;
  for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt++) {
    // The caller's session is checked by the read (decision 092): no product row leaves `id` null.
    const read = await db.execute(
      prepared(sql`SELECT ${sessionStateColumns(caller)}, ${pricingColumns},
                          cart_product_lines(u.id, p.id)::text AS lines
                     FROM users u LEFT JOIN products p ON p.id = ${productId}
                    WHERE u.id = ${userId}`),
    );
    const row = read.rows[0] as
      (SessionState & { lines: string } & (PricingRow | { id: null })) | undefined;
    refuseEndedSession(row, caller);
    if (row.id === null) throw notFound('product_not_found', 'Product not found');
    const product = toProductForPricing(row);
    checkVariant(product, variantIndex);
    checkLineQuantity(
      product,
      JSON.parse(row.lines) as ProductLine[],
      { ...body, variantIndex },
      'add',
    );
    // Lines no rule counts need not stay as read: concurrent adds of such a product all pass.
    const linesRead = rulesCountLines(product, variantIndex) ? row.lines : null;
    const result = await db.execute(
      prepared(sql`SELECT add_cart_line(${userId}, ${productId}, ${variantIndex}::smallint,
                     ${body.source}, ${body.quantity}::integer, ${linesRead}::jsonb,
                     ${CART_LINES_MAX}::integer, ${QUANTITY_MAX}::integer) AS outcome`),
    );
    const { outcome } = result.rows[0] as { outcome: AddCartLineOutcome };
    switch (outcome) {
      case 'added':
        return;
      case 'no_buyer':
        throw notFound('account_not_found', 'Your account was not found');
      case 'too_many_lines':
        throw invalid('cart_too_many_lines', CART_TOO_MANY_LINES_MESSAGE);
      case 'too_large':
        throw invalid('quantity_too_large', LINE_TOO_LARGE_MESSAGE);
      case 'moved':
        continue;
      default:
        throw new Error(`add_cart_line answered ${String(outcome satisfies never)}`);
    }
  }
  throw conflict('cart_busy', 'Your cart is being changed elsewhere right now; try again');
}

/** The buyer's line keyed by product, variant (or none) and source, as a WHERE condition. */
function lineKey(
  userId: string,
  productId: string,
  { variantIndex, source }: Pick<CartItemDeleteBody, 'variantIndex' | 'source'>,
) {
  return sql`user_id = ${userId} AND product_id = ${productId}
    AND variant_index IS NOT DISTINCT FROM ${variantIndex ?? null}::smallint
    AND source = ${source}`;
}

/**
 * Whether a line's quantity rules look at the cart's lines: any quantity of an untracked product
 * without a minimum or packs will do.
 */
const rulesCountLines = (product: ProductForPricing, variantIndex: number | null) =>
  lineRow(product, variantIndex) !== null ||
  product.minOrderQuantity !== 1 ||
  product.orderMultiple !== 1;

/**
 * The rules a line's new quantity must keep (issue 20): the minimum order and the pack size
 * (400), and the units on hand of its stock row, counted with the cart's other lines drawing on
 * that row (409). `lines` are the buyer's lines of the product as read with it; `mode` says
 * whether `body.quantity` is added to the line or replaces it.
 */
function checkLineQuantity(
  product: ProductForPricing,
  lines: readonly ProductLine[],
  body: { quantity: number; source: string; variantIndex: number | null },
  mode: 'add' | 'set',
): void {
  if (!rulesCountLines(product, body.variantIndex)) return;
  const row = lineRow(product, body.variantIndex);
  const isThis = (l: ProductLine) =>
    l.variantIndex === body.variantIndex && l.source === body.source;
  const before = lines.find(isThis)?.quantity ?? 0;
  const quantity = mode === 'add' ? before + body.quantity : body.quantity;
  // QUANTITY_MAX is add_cart_line's (or the schema's) to refuse, with its own message.
  if (quantity > QUANTITY_MAX) return;
  const others = row
    ? lines
        .filter((l) => !isThis(l) && lineRow(product, l.variantIndex) === row)
        .reduce((sum, l) => sum + l.quantity, 0)
    : 0;
  const problem = lineQuantityProblem(product, body.variantIndex, quantity, others);
  if (problem) throw new AppError(problem.kind, problem.code, problem.message);
}

/** Sets the quantity of the buyer's line keyed by product, variant and source. */
export async function setQuantity(
  db: Db,
  userId: string,
  productId: string,
  body: CartItemAddBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The buyer's row locked as an add locks it, so the lines counted are current.
    const read = await tx.execute(
      sql`SELECT ${pricingColumns}, EXISTS (SELECT 1 FROM cart_lines
                  WHERE ${lineKey(userId, productId, body)}) AS has_line
            FROM users u, products p
           WHERE u.id = ${userId} AND p.id = ${productId}
             FOR NO KEY UPDATE OF u`,
    );
    const row = read.rows[0] as (PricingRow & { has_line: boolean }) | undefined;
    if (!row?.has_line) throw lineNotFound();
    const product = toProductForPricing(row);
    if (product.status !== 'active')
      throw conflict('product_unavailable', productUnavailableMessage(product.name));
    const variantIndex = body.variantIndex ?? null;
    if (rulesCountLines(product, variantIndex)) {
      // A statement of its own, after the lock: one begun before it would see the lines as they
      // were when it began, not as the add it waited for left them.
      const current = await tx.execute(
        prepared(sql`SELECT cart_product_lines(${userId}, ${productId})::text AS lines`),
      );
      const lines = JSON.parse((current.rows[0] as { lines: string }).lines) as ProductLine[];
      checkLineQuantity(product, lines, { ...body, variantIndex }, 'set');
    }
    await tx.execute(
      sql`UPDATE cart_lines SET quantity = ${body.quantity}, updated_at = now()
           WHERE ${lineKey(userId, productId, body)}`,
    );
  });
}

export async function removeItem(
  db: Db,
  userId: string,
  productId: string,
  body: CartItemDeleteBody,
): Promise<void> {
  const result = await db.execute(
    sql`DELETE FROM cart_lines WHERE ${lineKey(userId, productId, body)} RETURNING id`,
  );
  if (result.rows.length === 0) throw lineNotFound();
}

/** What an order bills when the checkout gives no billing details: the buyer's account's. */
export interface AccountBilling {
  gstin: string;
  companyName: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
}

/** An answer stored under an order's Idempotency-Key: the request it answered and the answer. */
export interface StoredOrderAnswer {
  requestHash: string;
  responseBody: unknown;
}

/**
 * What a checkout reads before it writes (decision 072), in one statement and without a lock:
 * the answer already stored under `idempotencyKey` (null when none, or no key), the buyer's
 * account's billing details, and the cart's lines in the order they were added (each with its
 * id, so the order's write can prove it took exactly these) with their products for pricing.
 * The caller's session is checked by the same statement (decision 092).
 */
export async function readCartForOrder(
  db: Executor,
  caller: Caller,
  idempotencyKey: string | undefined,
): Promise<{
  stored: StoredOrderAnswer | null;
  account: AccountBilling;
  lines: { id: number; line: CartLine; product: ProductForPricing }[];
}> {
  const userId = callerId(caller);
  const result = await db.execute(
    prepared(sql`SELECT ${sessionStateColumns(caller)}, ${
      idempotencyKey === undefined
        ? sql`NULL`
        : sql`(SELECT json_build_object('requestHash', k.request_hash,
                  'responseBody', k.response_body)
                 FROM idempotency_keys k WHERE k.user_id = ${userId} AND k.key = ${idempotencyKey})`
    } AS stored,
               json_build_object('gstin', u.gst_number, 'companyName', u.company_name,
                 'street', u.business_street, 'city', u.business_city,
                 'state', u.business_state, 'pincode', coalesce(u.pincode, '')) AS account,
               l.id AS line_id, l.product_id, l.variant_index, l.source, l.quantity,
               ${pricingColumns}
          FROM users u
          LEFT JOIN (cart_lines l JOIN products p ON p.id = l.product_id) ON l.user_id = u.id
         WHERE u.id = ${userId}
         ORDER BY l.id`),
  );
  // The inner join drops nothing: cart_lines cascades on product delete. With an empty cart
  // the one row holds only the session's state, the stored answer and the account; with no
  // buyer row there is no row at all.
  const rows = result.rows as unknown as ({
    stored: StoredOrderAnswer | null;
    account: AccountBilling;
    line_id: number | string | null;
  } & SessionState &
    CartLineRow &
    PricingRow)[];
  const [first] = rows;
  refuseEndedSession(first, caller);
  return {
    stored: first.stored,
    account: first.account,
    lines: rows
      .filter((row) => row.line_id !== null)
      .map((row) => ({
        id: Number(row.line_id),
        line: toLine(row),
        product: toProductForPricing(row),
      })),
  };
}

/**
 * The buyer's account's billing details and the products of `productIds` for pricing, without
 * touching the cart: for an order whose lines come from elsewhere (a quote's, decision 060).
 * A product id that is unknown is left out of the map.
 */
export async function productsForLines(
  tx: Executor,
  userId: string,
  productIds: readonly string[],
): Promise<{ account: AccountBilling; products: Map<string, ProductForPricing> }> {
  const result = await tx.execute(
    sql`SELECT json_build_object('gstin', u.gst_number, 'companyName', u.company_name,
                 'street', u.business_street, 'city', u.business_city,
                 'state', u.business_state, 'pincode', coalesce(u.pincode, '')) AS account,
               ${pricingColumns}
          FROM users u
          LEFT JOIN products p ON p.id IN (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})
         WHERE u.id = ${userId}`,
  );
  const rows = result.rows as unknown as ({ account: AccountBilling } & PricingRow)[];
  if (rows.length === 0) throw new Error('productsForLines: unknown buyer');
  return {
    account: rows[0]!.account,
    products: new Map(
      rows.filter((row) => row.id !== null).map((row) => [row.id, toProductForPricing(row)]),
    ),
  };
}
