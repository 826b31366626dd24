import { z } from 'zod';
import { ObjectId } from './catalog.js';
import { CART_LINES_MAX, QUANTITY_MAX, QUANTITY_MIN } from './constants.js';
import { QUANTITY_MESSAGE } from './order-quantity.js';
import { SHIPPING_SOURCES } from './pricing.js';
import { LineGst, TaxSummary } from './tax-summary.js';

/**
 * The cart API contract (spec §3 "Cart response", "Cart line", "Cart add payload"; §5; §7).
 * The add form on the product page, the cart screen's stepper and the server validate with
 * these schemas and messages. Amounts are rupees; `pricing` carries the paise inputs of
 * `priceLine`, so the cart screen can show the price of a quantity while its 500 ms edit is
 * pending, with the same rule the server applies.
 */

export const SOURCE_MESSAGE = `Shipping source must be one of: ${SHIPPING_SOURCES.join(', ')}`;

/** The spec's two add-to-cart messages (§5), also answered by the server. */
export const OPTIONS_WITHOUT_VARIANTS_MESSAGE =
  'Product configuration error: Options defined without corresponding varients.';
export function variantUnavailableMessage(combination: string): string {
  return `Selected product variant combination (${combination}) is not available.`;
}

/** An add that would make line CART_LINES_MAX + 1 (decision 027). */
export const CART_TOO_MANY_LINES_MESSAGE = `Your cart already holds ${CART_LINES_MAX} different items, the most it can hold. Check out or remove an item before adding another.`;
/** An add that would take a line past QUANTITY_MAX. */
export const LINE_TOO_LARGE_MESSAGE = `A cart line holds at most ${QUANTITY_MAX} units; this would exceed it`;

/** A cart quantity: an integer from 1 to QUANTITY_MAX (spec §5 "integer of at least 1"). */
export const Quantity = z
  .number({ error: QUANTITY_MESSAGE })
  .int({ error: QUANTITY_MESSAGE })
  .min(QUANTITY_MIN, { error: QUANTITY_MESSAGE })
  .max(QUANTITY_MAX, { error: QUANTITY_MESSAGE });

export const Source = z.enum(SHIPPING_SOURCES, { error: SOURCE_MESSAGE });

/**
 * The chosen variant's `variantIndex`, as the product detail gives it on each of its `varients`
 * (decision 028); absent or null without options.
 */
export const VariantIndex = z
  .number({ error: 'variantIndex must be a whole number' })
  .int({ error: 'variantIndex must be a whole number' })
  .min(0, { error: 'variantIndex must be a whole number' })
  .max(32_767, { error: 'variantIndex must be a whole number' })
  .nullable()
  .optional();

/** POST /api/cart/items/{productId}: adds to the line with the same variant and source. */
export const CartItemAddBody = z
  .object({ quantity: Quantity, source: Source, variantIndex: VariantIndex })
  .strict();
export type CartItemAddBody = z.infer<typeof CartItemAddBody>;

/** PATCH /api/cart/items/{productId}: sets the quantity of the line keyed by variant and source. */
export const CartItemPatchBody = CartItemAddBody;
export type CartItemPatchBody = z.infer<typeof CartItemPatchBody>;

/** DELETE /api/cart/items/{productId}: removes the line keyed by variant and source. */
export const CartItemDeleteBody = z.object({ source: Source, variantIndex: VariantIndex }).strict();
export type CartItemDeleteBody = z.infer<typeof CartItemDeleteBody>;

export const CartItemParams = z.object({ productId: ObjectId }).strict();

/** A line as the spec's `items` map holds it. */
export const CartItem = z.object({
  quantity: z.number().int(),
  source: z.string(),
  variantIndex: z.number().int().nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

/** A line with everything the cart screen, header and checkout summary render. */
export const CartLineView = z.object({
  /** Stable key of the line: productId, variant index ('none' without options) and source. */
  id: z.string(),
  productId: ObjectId,
  variantIndex: z.number().int().nullable(),
  source: z.string(),
  quantity: z.number().int(),
  /** The spec's cart item `product` (header, profile): name, image sources, sale price. */
  product: z.object({
    _id: ObjectId,
    name: z.string(),
    code: z.string(),
    images: z.array(z.string()),
    salePrice: z.number(),
  }),
  /** The chosen variant's option values joined by ', ' (spec §3 Variant.option1), or null. */
  option1: z.string().nullable(),
  sku: z.string(),
  /** Tier (or sale) price before the source multiplier, rupees. */
  basePrice: z.number(),
  multiplier: z.number(),
  /** What one unit costs at this quantity and source, rupees (2 decimals). */
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** The product's minimum order and pack size: the stepper starts and steps by them. */
  minOrderQuantity: z.number().int().min(1),
  orderMultiple: z.number().int().min(1),
  /**
   * Units on hand the line draws on, read with the cart (a cart is never cached); null: not
   * tracked. Lines drawing on one stock row (two sources of one variant) share it.
   */
  available: z.number().int().nullable(),
  /**
   * Why the line cannot be ordered as it stands (the product is no longer sold, too few in
   * stock, below the minimum, not whole packs), in the words the order would be refused with;
   * null when it can.
   */
  problem: z.string().nullable(),
  /**
   * Inputs of `priceLine` in paise (the variant's own price applied), and the line's GST rate in
   * basis points for `lineTax`, for a pending edit.
   */
  pricing: z.object({
    spPaise: z.number().int(),
    tiers: z.array(
      z.object({
        minQuantity: z.number().int(),
        maxQuantity: z.number().int(),
        pricePaise: z.number().int(),
      }),
    ),
    gstRateBp: z.number().int(),
  }),
  /** The GST inside the line's total at its current price (issue 21). */
  gst: LineGst,
});
export type CartLineView = z.infer<typeof CartLineView>;

/** GET /api/cart/ and the answer of every cart change. */
export const CartResponse = z.object({
  /** The spec's map: productId → lines {quantity, source, variantIndex}. */
  items: z.record(z.string(), z.array(CartItem)),
  lines: z.array(CartLineView),
  lineCount: z.number().int(),
  /** Sum of the quantities (the header badge). */
  itemCount: z.number().int(),
  /** Rupees; the order total equals the subtotal (no tax or shipping added, spec §9). */
  subtotal: z.number(),
  total: z.number(),
  /**
   * The GST inside the total, per line summed (issue 21). Split between the heads only when GET
   * /api/cart/ was given a place of supply (`CartQuery`); else all in `igst`, heads ['GST'].
   */
  tax: TaxSummary,
});
export type CartResponse = z.infer<typeof CartResponse>;

/**
 * GET /api/cart/'s optional place of supply: the ship-to country and state (a GST state code or
 * a state's name) and the GSTIN billed, as the checkout has them so far. A GSTIN counts only when
 * valid; an unknown state leaves the place of supply unknown.
 */
export const CartQuery = z
  .object({
    shipCountry: z.string().trim().max(100).optional(),
    shipState: z.string().trim().max(100).optional(),
    billGstin: z.string().trim().max(20).optional(),
  })
  .strict();
export type CartQuery = z.infer<typeof CartQuery>;
