import { describe, expect, it } from 'vitest';
import {
  OPEN_ENDED_MAX,
  applySourceMultiplier,
  defaultUnitPaise,
  parseTierKey,
  priceLine,
  tierKey,
  tierRangeLabel,
  tierViews,
  variantPricing,
  type PriceTier,
} from './pricing.js';

const tiers: PriceTier[] = [
  { minQuantity: 1, maxQuantity: 9, pricePaise: 100_00 },
  { minQuantity: 10, maxQuantity: 49, pricePaise: 90_00 },
  { minQuantity: 50, maxQuantity: OPEN_ENDED_MAX, pricePaise: 80_00 },
];
const product = { tiers, spPaise: 105_00 };

describe('tier keys', () => {
  it.each([
    ['1-9', { minQuantity: 1, maxQuantity: 9 }],
    ['10-49', { minQuantity: 10, maxQuantity: 49 }],
    ['50>', { minQuantity: 50, maxQuantity: 999_999 }],
    [' 5 - 5 ', { minQuantity: 5, maxQuantity: 5 }],
  ])('"%s" parses to its bounds', (key, bounds) => {
    expect(parseTierKey(key)).toEqual(bounds);
  });

  it.each(['', '9-1', '0-5', '0>', 'abc', '5', '-5', '1-2-3'])('"%s" is not a tier key', (key) => {
    expect(parseTierKey(key)).toBeNull();
  });

  it('writes the open-ended tier back as "N>" and a range as "A-B"', () => {
    expect(tierKey({ minQuantity: 50, maxQuantity: OPEN_ENDED_MAX })).toBe('50>');
    expect(tierKey({ minQuantity: 10, maxQuantity: 49 })).toBe('10-49');
  });
});

describe('unit price by quantity (Ex-china, multiplier 1)', () => {
  it.each([
    [1, 100_00],
    [9, 100_00],
    [10, 90_00],
    [49, 90_00],
    [50, 80_00],
    [999_999, 80_00],
    [1_000_000, 105_00],
  ])('a quantity of %i costs %i paise a unit', (quantity, unit) => {
    expect(priceLine(product, quantity, 'Ex-china').unitPaise).toBe(unit);
  });

  it('a quantity no tier holds falls back to the sale price', () => {
    const gap = {
      tiers: [{ minQuantity: 10, maxQuantity: 20, pricePaise: 50_00 }],
      spPaise: 70_00,
    };
    expect(priceLine(gap, 5, 'Ex-china').unitPaise).toBe(70_00);
  });

  it('the line total is unit price times quantity', () => {
    expect(priceLine(product, 12, 'Ex-china').lineTotalPaise).toBe(12 * 90_00);
  });
});

describe('source multiplier', () => {
  it.each([
    ['Ex-china', 100_00],
    ['Ex-india custom', 115_00],
    ['doorstep delivery', 125_00],
    ['anything else', 100_00],
  ])('%s prices a 100 rupee tier at %i paise', (source, unit) => {
    expect(priceLine(product, 1, source).unitPaise).toBe(unit);
  });

  it('rounds to the nearest paisa, halves up', () => {
    // 33.33 × 1.15 = 38.3295 → 38.33; 10.10 × 1.25 = 12.625 → 12.63
    expect(applySourceMultiplier(33_33, 'Ex-india custom')).toBe(38_33);
    expect(applySourceMultiplier(10_10, 'doorstep delivery')).toBe(12_63);
  });

  it('leads with one unit at sp with the default source, which is what one unit costs in the cart', () => {
    // ₹1,499 × 1.15 = ₹1,723.85 (issue 21's card that showed ₹1,499)
    expect(defaultUnitPaise(1499)).toBe(1_723_85);
    expect(defaultUnitPaise(1499)).toBe(
      priceLine({ tiers: [], spPaise: 1_499_00 }, 1, 'Ex-india custom').unitPaise,
    );
  });
});

describe('tier display', () => {
  it('shows "min+" for the open-ended tier and one number when min equals max', () => {
    expect(tierRangeLabel({ minQuantity: 50, maxQuantity: OPEN_ENDED_MAX })).toBe('50+');
    expect(tierRangeLabel({ minQuantity: 5, maxQuantity: 5 })).toBe('5');
    expect(tierRangeLabel({ minQuantity: 1, maxQuantity: 9 })).toBe('1-9');
  });

  it('computes whole-percent savings against the sale price, 0 when not cheaper', () => {
    expect(tierViews(tiers, 100_00).map((t) => t.savingsPercentage)).toEqual([0, 10, 20]);
    expect(
      tierViews([{ minQuantity: 1, maxQuantity: 9, pricePaise: 120_00 }], 100_00)[0]
        ?.savingsPercentage,
    ).toBe(0);
  });
});

describe('a variant with its own price', () => {
  it("scales the product's tiers to it, each saving the same share", () => {
    const priced = variantPricing(product, 210_00);
    expect(priced.spPaise).toBe(210_00);
    expect(priced.tiers.map((t) => t.pricePaise)).toEqual([200_00, 180_00, 160_00]);
    expect(priceLine(priced, 10, 'Ex-china').unitPaise).toBe(180_00);
  });

  it('rounds half up to the paisa, exactly at the largest prices', () => {
    const odd = variantPricing({ tiers: [{ ...tiers[0]!, pricePaise: 3 }], spPaise: 2 }, 3);
    expect(odd.tiers[0]!.pricePaise).toBe(5); // 4.5 → 5
    const big = variantPricing(
      { tiers: [{ ...tiers[0]!, pricePaise: 9_999_999_999 }], spPaise: 10_000_000_000 },
      9_999_999_999,
    );
    expect(big.tiers[0]!.pricePaise).toBe(9_999_999_998); // 9,999,999,998.0000001
  });

  it('is the product itself without a price of its own', () => {
    expect(variantPricing(product, null)).toBe(product);
    expect(variantPricing(product, product.spPaise)).toBe(product);
  });
});
