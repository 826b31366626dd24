/**
 * The buyer's cart (spec §3 "Cart response", §5 add-to-cart rules, §7 cart calls). A line is
 * keyed by product, variant and source (the cart_lines_key constraint); every statement is
 * scoped to the buyer's own user id, so no request can reach another buyer's lines. Prices are
 * never stored: each answer prices the lines afresh with the shared `priceLine`
 * (docs/product-decisions.md #5).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  OPTIONS_WITHOUT_VARIANTS_MESSAGE,
  variantUnavailableMessage,
  type CartItem,
  type CartItemAddBody,
  type CartItemDeleteBody,
  type CartLineView,
  type CartResponse,
} from '@storefront/shared/cart';
import { CART_LINES_MAX, QUANTITY_MAX } from '@storefront/shared/constants';
import { paiseToRupees } from '@storefront/shared/money';
import { priceLine, type LinePrice } from '@storefront/shared/pricing';
import type { Db } from '../../db/connect.js';
import { invalid, notFound } from '../../lib/errors.js';
import {
  pricingColumns,
  toProductForPricing,
  type PricingRow,
  type ProductForPricing,
} from '../catalog/service.js';

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

/** The add-to-cart variant rules of spec §5, with its two messages. */
function checkVariant(product: ProductForPricing, variantIndex: number | null): void {
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

function lineView(line: CartLine, product: ProductForPricing, price: LinePrice): CartLineView {
  const variant = variantOf(product, line.variantIndex);
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
    pricing: { spPaise: product.spPaise, tiers: product.tiers },
  };
}

/** The cart as the spec's `items` map plus priced lines: one statement whatever its size. */
export async function getCart(db: Db, userId: string): Promise<CartResponse> {
  const result = await db.execute(
    sql`SELECT l.product_id, l.variant_index, l.source, l.quantity, ${pricingColumns}
          FROM cart_lines l JOIN products p ON p.id = l.product_id
         WHERE l.user_id = ${userId} ORDER BY l.id`,
  );
  // The inner join drops nothing: cart_lines cascades on product delete.
  const rows = result.rows as unknown as (CartLineRow & PricingRow)[];
  const items: Record<string, CartItem[]> = {};
  const views: CartLineView[] = [];
  let subtotalPaise = 0;
  let itemCount = 0;
  for (const row of rows) {
    const line = toLine(row);
    const product = toProductForPricing(row);
    (items[line.productId] ??= []).push({
      quantity: line.quantity,
      source: line.source,
      variantIndex: line.variantIndex,
    });
    const price = priceLine(product, line.quantity, line.source);
    views.push(lineView(line, product, price));
    subtotalPaise += price.lineTotalPaise;
    itemCount += line.quantity;
  }
  const subtotal = paiseToRupees(subtotalPaise);
  return { items, lines: views, lineCount: views.length, itemCount, subtotal, total: subtotal };
}

const lineNotFound = () => notFound('cart_line_not_found', 'This item is not in your cart');

/**
 * Adds to the line with the same product, variant and source, or creates it. Both caps are
 * enforced by the database inside one transaction, so concurrent adds cannot exceed them:
 * - the product is read with the buyer's row locked (FOR NO KEY UPDATE), so the adds of one
 *   buyer run one after another and each counts the lines the previous ones committed (Read
 *   Committed takes a new snapshot per statement);
 * - the upsert then inserts a new line only while the cart holds fewer than CART_LINES_MAX, and
 *   raises an existing line only while its sum stays within QUANTITY_MAX (the ON CONFLICT's
 *   WHERE). Its answer says which cap refused it.
 */
export async function addItem(
  db: Db,
  userId: string,
  productId: string,
  body: CartItemAddBody,
): Promise<void> {
  const variantIndex = body.variantIndex ?? null;
  const outcome = await db.transaction(async (tx) => {
    const read = await tx.execute(
      sql`SELECT ${pricingColumns} FROM users u, products p
           WHERE u.id = ${userId} AND p.id = ${productId}
             FOR NO KEY UPDATE OF u`,
    );
    const row = read.rows[0] as PricingRow | undefined;
    if (!row) throw notFound('product_not_found', 'Product not found');
    checkVariant(toProductForPricing(row), variantIndex);
    const result = await tx.execute(
      sql`WITH cart AS (
            SELECT count(*) AS lines,
                   coalesce(bool_or(product_id = ${productId}
                       AND variant_index IS NOT DISTINCT FROM ${variantIndex}::smallint
                       AND source = ${body.source}), false) AS has_line
              FROM cart_lines WHERE user_id = ${userId}
          ), added AS (
            INSERT INTO cart_lines (user_id, product_id, variant_index, source, quantity)
            SELECT ${userId}, ${productId}, ${variantIndex}::smallint, ${body.source},
                   ${body.quantity}::integer
              FROM cart WHERE cart.has_line OR cart.lines < ${CART_LINES_MAX}
            ON CONFLICT ON CONSTRAINT cart_lines_key DO UPDATE
              SET quantity = cart_lines.quantity + excluded.quantity, updated_at = now()
              WHERE cart_lines.quantity + excluded.quantity <= ${QUANTITY_MAX}
            RETURNING quantity
          )
          SELECT cart.has_line, EXISTS (SELECT 1 FROM added) AS added FROM cart`,
    );
    return result.rows[0] as { has_line: boolean; added: boolean };
  });
  if (outcome.added) return;
  if (!outcome.has_line)
    throw invalid(
      'cart_too_many_lines',
      `Your cart already holds ${CART_LINES_MAX} different items, the most it can hold. Check out or remove an item before adding another.`,
    );
  throw invalid(
    'quantity_too_large',
    `A cart line holds at most ${QUANTITY_MAX} units; this would exceed it`,
  );
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

/** Sets the quantity of the buyer's line keyed by product, variant and source. */
export async function setQuantity(
  db: Db,
  userId: string,
  productId: string,
  body: CartItemAddBody,
): Promise<void> {
  const result = await db.execute(
    sql`UPDATE cart_lines SET quantity = ${body.quantity}, updated_at = now()
         WHERE ${lineKey(userId, productId, body)} RETURNING id`,
  );
  if (result.rows.length === 0) throw lineNotFound();
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

/**
 * Empties the buyer's cart and returns its lines in the order they were added, each with its
 * product for pricing, in one statement, for an order inside its transaction. The DELETE takes
 * the lines' row locks: a second checkout of the same cart waits for the first and then finds
 * the cart empty, so one cart never becomes two orders.
 *
 * `claim`, when given, is a data-modifying statement (an order's Idempotency-Key claim) run
 * first in the same statement: the cart is taken only when it returned a row, and `claimed`
 * says whether it did. One statement instead of two, inside the order's transaction.
 */
export async function takeCart(
  tx: Executor,
  userId: string,
  claim?: SQL,
): Promise<{ claimed: boolean; lines: { line: CartLine; product: ProductForPricing }[] }> {
  const result = await tx.execute(
    sql`WITH claim AS (${claim ?? sql`SELECT 1`}), taken AS (
          DELETE FROM cart_lines WHERE user_id = ${userId} AND EXISTS (SELECT 1 FROM claim)
          RETURNING id, product_id, variant_index, source, quantity)
        SELECT EXISTS (SELECT 1 FROM claim) AS claimed, taken.product_id, taken.variant_index,
               taken.source, taken.quantity, ${pricingColumns}
          FROM (SELECT 1) one
          LEFT JOIN (taken JOIN products p ON p.id = taken.product_id) ON true
         ORDER BY taken.id`,
  );
  // The inner join drops nothing: cart_lines cascades on product delete. With an empty cart
  // the one row says only whether the claim was made.
  const rows = result.rows as unknown as ({ claimed: boolean } & CartLineRow & PricingRow)[];
  return {
    claimed: rows[0]!.claimed,
    lines: rows
      .filter((row) => row.product_id !== null)
      .map((row) => ({ line: toLine(row), product: toProductForPricing(row) })),
  };
}
