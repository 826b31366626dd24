/**
 * Pricing rules (spec §3 "Price tier", §9, product decision #5), used by the server for every
 * order total and by the web app for display; the server's answer wins.
 *
 * - A tier key is 'A-B' (A to B units) or 'N>' (N or more units, stored with the open-ended
 *   sentinel maxQuantity 999999).
 * - Unit price = the price of the tier whose range holds the quantity, else the sale price (sp),
 *   times the shipping-source multiplier, rounded to the paisa (half up).
 * - Multipliers: 'Ex-china' 1, 'Ex-india custom' 1.15, 'doorstep delivery' 1.25, anything else 1.
 * - Line total = unit price × quantity; subtotal = order total (no tax or shipping added).
 */
import { rupeesToPaise } from './money.js';

export const OPEN_ENDED_MAX = 999_999;

export type ShippingSource = 'Ex-china' | 'Ex-india custom' | 'doorstep delivery';
export const SHIPPING_SOURCES: readonly ShippingSource[] = [
  'Ex-china',
  'Ex-india custom',
  'doorstep delivery',
];
/** Only Ex-India Customs is offered to buyers, and it is the default (spec §9). */
export const DEFAULT_SOURCE: ShippingSource = 'Ex-india custom';

/** Multipliers in percent so that the arithmetic stays in integers. */
const SOURCE_MULTIPLIER_PERCENT: Record<ShippingSource, number> = {
  'Ex-china': 100,
  'Ex-india custom': 115,
  'doorstep delivery': 125,
};

export function sourceMultiplierPercent(source: string): number {
  return SOURCE_MULTIPLIER_PERCENT[source as ShippingSource] ?? 100;
}

export function sourceMultiplier(source: string): number {
  return sourceMultiplierPercent(source) / 100;
}

export interface PriceTier {
  minQuantity: number;
  maxQuantity: number;
  /** Tier unit price in paise, before the source multiplier. */
  pricePaise: number;
}

export interface PriceTierView extends PriceTier {
  /** Whole percent saved against the sale price; 0 when the tier is not cheaper. */
  savingsPercentage: number;
}

const RANGE_KEY = /^\s*(\d+)\s*-\s*(\d+)\s*$/;
const OPEN_KEY = /^\s*(\d+)\s*>\s*$/;

/** Parses a tier key ('1-9', '50>') into its bounds, or null when it is not a tier key. */
export function parseTierKey(key: string): { minQuantity: number; maxQuantity: number } | null {
  const range = RANGE_KEY.exec(key);
  if (range) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    return min >= 1 && max >= min ? { minQuantity: min, maxQuantity: max } : null;
  }
  const open = OPEN_KEY.exec(key);
  if (open) {
    const min = Number(open[1]);
    return min >= 1 ? { minQuantity: min, maxQuantity: OPEN_ENDED_MAX } : null;
  }
  return null;
}

/** The key a tier is written with in `variable_pricing`. */
export function tierKey(tier: Pick<PriceTier, 'minQuantity' | 'maxQuantity'>): string {
  return tier.maxQuantity >= OPEN_ENDED_MAX
    ? `${tier.minQuantity}>`
    : `${tier.minQuantity}-${tier.maxQuantity}`;
}

/** Tiers sorted by minimum quantity, with their savings against the sale price. */
export function tierViews(tiers: readonly PriceTier[], spPaise: number): PriceTierView[] {
  return [...tiers]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((tier) => ({
      ...tier,
      savingsPercentage:
        spPaise > 0 && tier.pricePaise < spPaise
          ? Math.round(((spPaise - tier.pricePaise) / spPaise) * 100)
          : 0,
    }));
}

/** The tier whose range holds the quantity (the lowest-starting one if ranges overlap). */
export function tierFor(tiers: readonly PriceTier[], quantity: number): PriceTier | undefined {
  let found: PriceTier | undefined;
  for (const tier of tiers) {
    if (quantity >= tier.minQuantity && quantity <= tier.maxQuantity) {
      if (!found || tier.minQuantity < found.minQuantity) found = tier;
    }
  }
  return found;
}

/** Unit price before the source multiplier: the matching tier's price, else sp. */
export function baseUnitPricePaise(
  tiers: readonly PriceTier[],
  spPaise: number,
  quantity: number,
): number {
  return tierFor(tiers, quantity)?.pricePaise ?? spPaise;
}

/** Applies the source multiplier and rounds to the paisa (half up). */
export function applySourceMultiplier(paise: number, source: string): number {
  return Math.round((paise * sourceMultiplierPercent(source)) / 100);
}

/**
 * What one unit costs with the default source (issue 21), in paise, from sp in rupees: the price
 * a card, a search suggestion, the product headline and its JSON-LD lead with, which the cart
 * charges for one unit. GST is included, as in every catalog price.
 */
export function defaultUnitPaise(sp: number): number {
  return applySourceMultiplier(rupeesToPaise(sp), DEFAULT_SOURCE);
}

export interface LinePrice {
  basePaise: number;
  multiplier: number;
  unitPaise: number;
  lineTotalPaise: number;
}

/**
 * The prices of a variant with a sale price of its own (decision 047): that price, and the
 * product's tiers scaled to it, so each tier saves the same share as the product's (rounded to
 * the paisa, half up). A variant without its own price has the product's.
 */
export function variantPricing(
  product: { tiers: readonly PriceTier[]; spPaise: number },
  variantPricePaise: number | null,
): { tiers: readonly PriceTier[]; spPaise: number } {
  if (variantPricePaise === null || variantPricePaise === product.spPaise) return product;
  const sp = BigInt(product.spPaise);
  const scale = (paise: number) =>
    Number((BigInt(paise) * BigInt(variantPricePaise) * 2n + sp) / (2n * sp));
  return {
    spPaise: variantPricePaise,
    tiers: product.tiers.map((tier) => ({ ...tier, pricePaise: scale(tier.pricePaise) })),
  };
}

/** The whole price of one line: the single rule both the server and the web app use. */
export function priceLine(
  product: { tiers: readonly PriceTier[]; spPaise: number },
  quantity: number,
  source: string,
): LinePrice {
  const basePaise = baseUnitPricePaise(product.tiers, product.spPaise, quantity);
  const unitPaise = applySourceMultiplier(basePaise, source);
  return {
    basePaise,
    multiplier: sourceMultiplier(source),
    unitPaise,
    lineTotalPaise: unitPaise * quantity,
  };
}

/** How the tier table shows a range: 'min+' for open-ended, one number when min equals max. */
export function tierRangeLabel(tier: Pick<PriceTier, 'minQuantity' | 'maxQuantity'>): string {
  if (tier.maxQuantity >= OPEN_ENDED_MAX) return `${tier.minQuantity}+`;
  if (tier.minQuantity === tier.maxQuantity) return String(tier.minQuantity);
  return `${tier.minQuantity}-${tier.maxQuantity}`;
}
