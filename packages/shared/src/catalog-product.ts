import { z } from 'zod';
import { LOW_STOCK_THRESHOLD, QUANTITY_MAX } from './constants.js';
import { OPEN_ENDED_MAX, tierRangeLabel, type PriceTier } from './pricing.js';
import { GstRateBp } from './tax-rates.js';

/**
 * The seller's product as the console edits it, an import row describes it and an export writes
 * it (issue 20, decision 047): one shape for the three, so a product round-trips through all of
 * them. Money is integer paise. Two kinds of rule guard it:
 * - the shape (`ProductDocument`): what any saved product must be, draft or not (types, lengths,
 *   the database's own checks); breaking it refuses the save;
 * - the rules the buyer side relies on (`productIssues`): a product breaking one may be saved as a
 *   draft or archived, but cannot be active. The same list flags the demo's planted defects,
 *   which stay active on purpose, as needing attention.
 */

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Bounds of a product (decision 047): generous for a real catalog, tight enough for one row. */
export const PRODUCT_LIMITS = {
  codeLength: 40,
  nameLength: 200,
  textLength: 120,
  features: 20,
  featureLength: 300,
  descriptionLength: 50_000,
  tiers: 10,
  options: 3,
  optionValues: 30,
  variants: 200,
  images: 12,
  weightGramsMax: 1_000_000,
  pricePaiseMax: 10_000_000_000, // ₹10 crore
  stockMax: 10_000_000,
} as const;

/** Below this many units the product page adds "Only N left" (in ./constants.ts, decision 048). */
export { LOW_STOCK_THRESHOLD };

/** Our SKU (the product code): letters, digits and - _ . /, starting with a letter or digit. */
export const PRODUCT_CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const HSN_CODE = /^\d{4}(\d{2}){0,2}$/;

const text = (max: number) => z.string().trim().min(1, 'Required').max(max);
const paise = z
  .number()
  .int('Whole paise only')
  .min(1, 'Must be above zero')
  .max(PRODUCT_LIMITS.pricePaiseMax);
const stock = z
  .number()
  .int('Whole units only')
  .min(0, 'Cannot be negative')
  .max(PRODUCT_LIMITS.stockMax);
const quantity = z.number().int('Whole units only').min(1, 'At least 1').max(QUANTITY_MAX);

export const ProductTierInput = z
  .object({
    minQuantity: quantity,
    /** OPEN_ENDED_MAX for the open top tier ('50+'). */
    maxQuantity: z.number().int().min(1).max(OPEN_ENDED_MAX),
    pricePaise: paise,
  })
  .strict();

export const ProductOptionInput = z
  .object({
    name: text(PRODUCT_LIMITS.textLength),
    values: z.array(text(PRODUCT_LIMITS.textLength)).min(1).max(PRODUCT_LIMITS.optionValues),
  })
  .strict();

export const ProductVariantInput = z
  .object({
    /** The option values joined by ', ' (spec §3), one per option in the options' order. */
    option1: text(PRODUCT_LIMITS.textLength * PRODUCT_LIMITS.options),
    sku: z.string().trim().min(1, 'Required').max(PRODUCT_LIMITS.codeLength),
    /** The variant's own sale price; null: the product's. */
    pricePaise: paise.nullable(),
    /** The variant's own units on hand; null: it draws on the product's stock. */
    stock: stock.nullable(),
  })
  .strict();

export const ProductDocument = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(PRODUCT_LIMITS.codeLength)
      .regex(PRODUCT_CODE, 'Letters, digits and - _ . / only'),
    sellerSku: z.string().trim().max(PRODUCT_LIMITS.codeLength).nullable(),
    name: text(PRODUCT_LIMITS.nameLength),
    brand: text(PRODUCT_LIMITS.textLength),
    /** Slugs of the category and one of its subcategories. */
    category: text(PRODUCT_LIMITS.textLength),
    subcategory: text(PRODUCT_LIMITS.textLength),
    features: z.array(text(PRODUCT_LIMITS.featureLength)).max(PRODUCT_LIMITS.features),
    /** Rich text; the server sanitises it before it is stored. */
    descriptionHtml: z.string().max(PRODUCT_LIMITS.descriptionLength),
    hsn: z.string().trim().max(8),
    /**
     * The product's own GST rate in basis points, one of GST_RATES_BP (issue 21); null: the rate
     * the store's HSN table gives its HSN code (else 18 %).
     */
    gstRateBp: GstRateBp.nullable(),
    weightGrams: z.number().int('Whole grams only').min(1).max(PRODUCT_LIMITS.weightGramsMax),
    /** Where it is dispatched from (`pd_location`). */
    location: text(PRODUCT_LIMITS.textLength),
    mrpPaise: paise,
    spPaise: paise,
    tiers: z.array(ProductTierInput).max(PRODUCT_LIMITS.tiers),
    options: z.array(ProductOptionInput).max(PRODUCT_LIMITS.options),
    variants: z.array(ProductVariantInput).max(PRODUCT_LIMITS.variants),
    /** Image sources in display order ('uploads/<key>' for uploaded photos). */
    images: z.array(z.string().min(1).max(200)).max(PRODUCT_LIMITS.images),
    status: z.enum(PRODUCT_STATUSES),
    /** Units on hand of the product; null: not tracked (always available). */
    stock: stock.nullable(),
    minOrderQuantity: quantity,
    orderMultiple: quantity,
  })
  .strict();
export type ProductDocument = z.infer<typeof ProductDocument>;

/** Where a rule is broken: a path into the document ('tiers.1.minQuantity') and what is wrong. */
export interface ProductIssue {
  path: string;
  code: string;
  message: string;
}

function combinations(options: readonly { values: readonly string[] }[]): string[] {
  return options
    .reduce<string[][]>(
      (acc, option) => acc.flatMap((combo) => option.values.map((value) => [...combo, value])),
      [[]],
    )
    .map((values) => values.join(', '));
}

/** The tier rules: from the sale price's band upward, contiguous, open at the top, never dearer. */
function tierIssues(doc: ProductDocument): ProductIssue[] {
  const issues: ProductIssue[] = [];
  const tiers: PriceTier[] = doc.tiers;
  tiers.forEach((tier, i) => {
    const at = `tiers.${i}`;
    const label = `Tier ${i + 1}`;
    if (tier.maxQuantity < tier.minQuantity)
      issues.push({
        path: `${at}.maxQuantity`,
        code: 'tier_range',
        message: `${label} ends at ${tier.maxQuantity}, below its start ${tier.minQuantity}`,
      });
    const before = tiers[i - 1];
    if (before) {
      if (tier.minQuantity !== before.maxQuantity + 1)
        issues.push({
          path: `${at}.minQuantity`,
          code: 'tier_not_contiguous',
          message:
            tier.minQuantity <= before.maxQuantity
              ? `${label} starts at ${tier.minQuantity}, inside tier ${i} (${tierRangeLabel(before)}): tiers must not overlap`
              : `${label} starts at ${tier.minQuantity}, but tier ${i} ends at ${before.maxQuantity}: tiers must be contiguous (expected ${before.maxQuantity + 1})`,
        });
      if (tier.pricePaise > before.pricePaise)
        issues.push({
          path: `${at}.pricePaise`,
          code: 'tier_price_rises',
          message: `${label}'s price is above tier ${i}'s: a larger quantity must not cost more per unit`,
        });
    } else if (tier.pricePaise > doc.spPaise) {
      issues.push({
        path: `${at}.pricePaise`,
        code: 'tier_price_rises',
        message: `${label}'s price is above the sale price`,
      });
    }
  });
  const top = tiers.at(-1);
  if (top && top.maxQuantity < OPEN_ENDED_MAX)
    issues.push({
      path: `tiers.${tiers.length - 1}.maxQuantity`,
      code: 'tier_top_closed',
      message: `The last tier must be open-ended ("${top.minQuantity}+"): above ${top.maxQuantity} units the sale price would apply again`,
    });
  return issues;
}

function variantIssues(doc: ProductDocument): ProductIssue[] {
  const issues: ProductIssue[] = [];
  if (doc.options.length === 0) {
    if (doc.variants.length > 0)
      issues.push({
        path: 'variants',
        code: 'variants_without_options',
        message: 'Variants need options: add the options they choose between, or remove them',
      });
    return issues;
  }
  doc.options.forEach((option, i) => {
    const seen = new Set<string>();
    option.values.forEach((value, j) => {
      if (seen.has(value))
        issues.push({
          path: `options.${i}.values.${j}`,
          code: 'option_value_repeated',
          message: `${option.name} lists "${value}" twice`,
        });
      seen.add(value);
      if (value.includes(','))
        issues.push({
          path: `options.${i}.values.${j}`,
          code: 'option_value_comma',
          message: `"${value}" contains a comma, which separates the values of a variant`,
        });
    });
  });
  const expected = new Set(combinations(doc.options));
  const listed = new Set<string>();
  doc.variants.forEach((variant, i) => {
    if (!expected.has(variant.option1))
      issues.push({
        path: `variants.${i}.option1`,
        code: 'variant_unknown_combination',
        message: `Variant "${variant.option1}" is not a combination of the options`,
      });
    else if (listed.has(variant.option1))
      issues.push({
        path: `variants.${i}.option1`,
        code: 'variant_repeated',
        message: `Variant "${variant.option1}" is listed twice`,
      });
    listed.add(variant.option1);
  });
  const missing = [...expected].filter((combination) => !listed.has(combination));
  if (missing.length > 0)
    issues.push({
      path: 'variants',
      code: 'variant_missing',
      message: `No variant for ${missing
        .slice(0, 5)
        .map((m) => `"${m}"`)
        .join(
          ', ',
        )}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}: an active product needs one for every combination`,
    });
  const skus = new Set<string>();
  doc.variants.forEach((variant, i) => {
    if (skus.has(variant.sku))
      issues.push({
        path: `variants.${i}.sku`,
        code: 'variant_sku_repeated',
        message: `SKU ${variant.sku} is used by another variant`,
      });
    skus.add(variant.sku);
  });
  return issues;
}

/**
 * Every rule the buyer side relies on that `doc` breaks, in the order of the editor's fields:
 * empty when the product may be active.
 */
export function productIssues(doc: ProductDocument): ProductIssue[] {
  const issues: ProductIssue[] = [];
  if (doc.spPaise > doc.mrpPaise)
    issues.push({
      path: 'spPaise',
      code: 'price_above_mrp',
      message: 'The sale price is above the MRP',
    });
  if (!HSN_CODE.test(doc.hsn))
    issues.push({
      path: 'hsn',
      code: 'hsn_invalid',
      message: 'The HSN code must be 4, 6 or 8 digits',
    });
  if (doc.minOrderQuantity % doc.orderMultiple !== 0)
    issues.push({
      path: 'minOrderQuantity',
      code: 'minimum_not_multiple',
      message: `The minimum order (${doc.minOrderQuantity}) is not a multiple of the pack size (${doc.orderMultiple}), so it could never be ordered`,
    });
  issues.push(...tierIssues(doc), ...variantIssues(doc));
  if (doc.images.length === 0)
    issues.push({
      path: 'images',
      code: 'image_missing',
      message: 'An active product needs at least one image',
    });
  return issues;
}

/** The issues that refuse `doc` as it stands: none unless it is to be active. */
export function blockingIssues(doc: ProductDocument): ProductIssue[] {
  return doc.status === 'active' ? productIssues(doc) : [];
}
