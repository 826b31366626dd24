import { z } from 'zod';
import { CartResponse, Source } from './cart.js';
import { ObjectId } from './catalog.js';
import { CART_LINES_MAX, QUANTITY_MAX, QUANTITY_MIN } from './constants.js';
import { QUANTITY_MESSAGE } from './order-quantity.js';

/**
 * Ordering faster (issue 22, decision 065): rows of SKU and quantity checked at once and added to
 * the cart in one request, the same rows read from a CSV file or a spreadsheet paste, and an
 * order's lines put back in the cart. The quantity and stock rules are the cart's own
 * (./stock.ts, ./order-quantity.ts); this file holds the rows' contract, the columns a file may
 * name and the words of what only a row can get wrong.
 */

/** Rows a request or a file may hold: a cart holds CART_LINES_MAX lines, so no more rows. */
export const QUICK_ORDER_ROWS_MAX = CART_LINES_MAX;
/** A SKU or product code longer than this names nothing (the search's own bound). */
export const QUICK_ORDER_SKU_MAX = 64;

export const TOO_MANY_ROWS_MESSAGE = `A quick order takes at most ${QUICK_ORDER_ROWS_MAX} rows; split the list and add it in parts.`;

/**
 * Header cells a file's SKU and quantity columns may have, compared without case, spaces or
 * punctuation ('Product Code', 'product_code' and 'PRODUCT-CODE' are one). Other columns (a
 * description, a price) are read past.
 */
export const SKU_HEADERS = [
  'sku',
  'code',
  'productcode',
  'sellersku',
  'variantsku',
  'itemcode',
  'partnumber',
] as const;
export const QUANTITY_HEADERS = ['quantity', 'qty', 'units'] as const;

/** A header cell as SKU_HEADERS and QUANTITY_HEADERS are written. */
export const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** GET /api/cart/quick-order/template.csv: the header row a file starts with. */
export const QUICK_ORDER_TEMPLATE_CSV = 'SKU,Quantity\r\n';
export const QUICK_ORDER_TEMPLATE_NAME = 'quick-order-template.csv';

/**
 * A row's quantity as typed or as a file's cell: a whole number from QUANTITY_MIN to
 * QUANTITY_MAX, digits only (no sign, decimals or grouping, which spreadsheets do not write in a
 * plain number cell and which would be guesses), else null.
 */
export function parseRowQuantity(value: number | string): number | null {
  const number =
    typeof value === 'number' ? value : /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(number) && number >= QUANTITY_MIN && number <= QUANTITY_MAX
    ? number
    : null;
}

// ── What only a row can get wrong (the quantity rules' words are ./stock.ts's) ──

export const SKU_MISSING_MESSAGE = 'Enter a SKU or product code.';
export const unknownSkuMessage = (sku: string) => `No product has the SKU or code "${sku}".`;
/** An archived product: it was sold once, so its name may be said. */
export const noLongerSoldMessage = (sku: string, name: string) =>
  `${name} (${sku}) is no longer sold.`;
export const variantRequiredMessage = (name: string, skus: readonly string[]) =>
  `${name} comes in several options: enter the SKU of one, such as ${skus.slice(0, 3).join(', ')}.`;
export const ambiguousSkuMessage = (sku: string) =>
  `"${sku}" is the SKU of more than one product: enter its product code instead.`;
export const rowQuantityMessage = QUANTITY_MESSAGE;

/** The stable codes of a row's problem; the quantity rules use the cart's own codes. */
export const ROW_PROBLEM_CODES = [
  'sku_missing',
  'unknown_sku',
  'product_unavailable',
  'variant_required',
  'sku_ambiguous',
  'bad_quantity',
  'quantity_below_minimum',
  'quantity_not_multiple',
  'quantity_too_large',
  'out_of_stock',
  'cart_too_many_lines',
] as const;
export type RowProblemCode = (typeof ROW_PROBLEM_CODES)[number];

// ── Contract ──

/** One row as the buyer gave it: the quantity as typed (a bad one is that row's problem). */
export const QuickOrderRowInput = z
  .object({
    sku: z.string().max(200, { error: 'A SKU is at most 200 characters' }),
    quantity: z.union([z.number(), z.string().max(32)]),
    /** Default: DEFAULT_SOURCE, the one offered (spec §9). */
    source: Source.optional(),
  })
  .strict();
export type QuickOrderRowInput = z.infer<typeof QuickOrderRowInput>;

/** POST /api/cart/quick-order/check and POST /api/cart/quick-order. */
export const QuickOrderBody = z
  .object({
    rows: z
      .array(QuickOrderRowInput)
      .min(1, { error: 'Add at least one row' })
      .max(QUICK_ORDER_ROWS_MAX, { error: TOO_MANY_ROWS_MESSAGE }),
  })
  .strict();
export type QuickOrderBody = z.infer<typeof QuickOrderBody>;

/** The product a row names, priced at the row's quantity and source (the cart prices its line). */
export const QuickOrderItem = z.object({
  productId: ObjectId,
  variantIndex: z.number().int().nullable(),
  name: z.string(),
  /** The variant's option values joined by ', ', or null. */
  option1: z.string().nullable(),
  /** The variant's SKU, or the product's code. */
  sku: z.string(),
  code: z.string(),
  /** The product's first image source, resolved on the client (spec §7). */
  image: z.string().nullable(),
  minOrderQuantity: z.number().int(),
  orderMultiple: z.number().int(),
  /** Rupees, at the row's quantity. */
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type QuickOrderItem = z.infer<typeof QuickOrderItem>;

export const QuickOrderRowResult = z.object({
  /** 1-based: the row's place in the request, or its row in the file (header included). */
  row: z.number().int(),
  /** As given, trimmed. */
  sku: z.string(),
  /** As given (a file's cell), trimmed. */
  quantityText: z.string(),
  /** Read from it; null when it is not a quantity. */
  quantity: z.number().int().nullable(),
  source: z.string(),
  /** Why the row cannot be added (checked as if the rows above it were added first), or null. */
  problem: z.object({ code: z.enum(ROW_PROBLEM_CODES), message: z.string() }).nullable(),
  item: QuickOrderItem.nullable(),
});
export type QuickOrderRowResult = z.infer<typeof QuickOrderRowResult>;

/** The answer of a check (and of a file read): every row, in order. */
export const QuickOrderReport = z.object({
  rows: z.array(QuickOrderRowResult),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type QuickOrderReport = z.infer<typeof QuickOrderReport>;

/** POST /api/cart/quick-order/csv: the file's text (text/csv, or a paste as text/plain). */
export const QUICK_ORDER_TEXT_TYPES = [
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
] as const;

// ── Reorder ──

/** A line of the order as it went back into the cart, or did not. */
export const ReorderLine = z.object({
  /** The order line's position (0-based). */
  position: z.number().int(),
  title: z.string(),
  sku: z.string(),
  ordered: z.number().int(),
  /** Units put in the cart (0 when unavailable). */
  added: z.number().int(),
  /** Why fewer or more units than ordered, or none at all; null when as ordered. */
  reason: z.string().nullable(),
});
export type ReorderLine = z.infer<typeof ReorderLine>;

/** POST /api/orders/{id}/reorder. */
export const ReorderResponse = z.object({
  /** As ordered. */
  added: z.array(ReorderLine),
  /** In the cart with another quantity (the rules or the stock of today). */
  adjusted: z.array(ReorderLine),
  /** Not in the cart: no longer sold, out of stock, or no room. */
  unavailable: z.array(ReorderLine),
  cart: CartResponse,
});
export type ReorderResponse = z.infer<typeof ReorderResponse>;

export const REORDER_NOT_SOLD = 'No longer sold.';
export const REORDER_VARIANT_GONE = 'This option is no longer sold.';
export const REORDER_OUT_OF_STOCK = 'Out of stock.';
export const reorderMinimumReason = (minimum: number) =>
  `The minimum order is now ${minimum} units.`;
export const reorderPackReason = (pack: number) => `Sold in packs of ${pack} now.`;
export const reorderStockReason = (left: number) => `Only ${left} left in stock.`;
