import { describe, expect, it } from 'vitest';
import { productIssues, blockingIssues, ProductDocument } from './catalog-product.js';
import { OPEN_ENDED_MAX } from './pricing.js';

const valid: ProductDocument = {
  code: 'OFF-000901',
  sellerSku: 'SUP-1',
  name: 'Steel Stapler',
  brand: 'Kangaro',
  category: 'office-supplies',
  subcategory: 'staplers',
  features: ['Steel body'],
  descriptionHtml: '<p>Staples 20 sheets.</p>',
  hsn: '8472',
  gstRateBp: null,
  weightGrams: 250,
  location: 'Mumbai',
  mrpPaise: 300_00,
  spPaise: 250_00,
  tiers: [
    { minQuantity: 1, maxQuantity: 9, pricePaise: 250_00 },
    { minQuantity: 10, maxQuantity: 49, pricePaise: 230_00 },
    { minQuantity: 50, maxQuantity: OPEN_ENDED_MAX, pricePaise: 210_00 },
  ],
  options: [
    { name: 'Colour', values: ['Red', 'Blue'] },
    { name: 'Size', values: ['S', 'L'] },
  ],
  variants: ['Red, S', 'Red, L', 'Blue, S', 'Blue, L'].map((option1, i) => ({
    option1,
    sku: `OFF-000901-V${i + 1}`,
    pricePaise: null,
    stock: null,
  })),
  images: ['uploads/abc'],
  status: 'active',
  stock: 40,
  minOrderQuantity: 6,
  orderMultiple: 6,
};

const codes = (doc: ProductDocument) => productIssues(doc).map((i) => `${i.path}:${i.code}`);

describe('the product document', () => {
  it('accepts a complete product, which breaks no rule', () => {
    expect(ProductDocument.parse(valid)).toEqual(valid);
    expect(productIssues(valid)).toEqual([]);
  });

  it.each([
    ['a code with a space', { code: 'A B' }],
    ['a negative stock', { stock: -1 }],
    ['fractional paise', { spPaise: 10.5 }],
    ['a zero price', { mrpPaise: 0 }],
    ['an unknown status', { status: 'hidden' }],
    ['a pack size of 0', { orderMultiple: 0 }],
    ['an unknown field', { colour: 'red' }],
    ['too many images', { images: Array.from({ length: 13 }, (_, i) => `uploads/${i}`) }],
    ['a GST rate not in force (12 %, gone since 22 September 2025)', { gstRateBp: 1200 }],
    ['a GST rate in percent rather than basis points', { gstRateBp: 18 }],
    ['no GST rate field at all', { gstRateBp: undefined }],
  ])('refuses %s in its shape', (_, change) => {
    expect(ProductDocument.safeParse({ ...valid, ...change }).success).toBe(false);
  });

  it('takes a GST rate of its own from the slabs and special rates, or none (the HSN table)', () => {
    for (const gstRateBp of [0, 10, 25, 50, 300, 500, 1800, 4000, null])
      expect(ProductDocument.parse({ ...valid, gstRateBp }).gstRateBp).toBe(gstRateBp);
    const refused = ProductDocument.safeParse({ ...valid, gstRateBp: 1200 });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['gstRateBp'],
      message: 'Choose one of the GST rates: 0%, 0.1%, 0.25%, 0.5%, 3%, 5%, 18%, 40%',
    });
  });
});

describe('the rules an active product keeps', () => {
  it('a sale price above the MRP', () => {
    expect(codes({ ...valid, spPaise: 301_00 })).toContain('spPaise:price_above_mrp');
  });

  it.each(['123', '12345', '1234567', '123456789', '12a4'])('HSN %s', (hsn) => {
    expect(codes({ ...valid, hsn })).toEqual(['hsn:hsn_invalid']);
  });

  it.each(['1234', '123456', '12345678'])('HSN %s is fine', (hsn) => {
    expect(codes({ ...valid, hsn })).toEqual([]);
  });

  it('tiers with a gap name the tier and the expected start', () => {
    const tiers = [valid.tiers[0]!, { ...valid.tiers[1]!, minQuantity: 12 }, valid.tiers[2]!];
    const issues = productIssues({ ...valid, tiers });
    expect(issues).toEqual([
      expect.objectContaining({
        path: 'tiers.1.minQuantity',
        code: 'tier_not_contiguous',
        message: expect.stringContaining('expected 10'),
      }),
    ]);
  });

  it('overlapping tiers', () => {
    const tiers = [valid.tiers[0]!, { ...valid.tiers[1]!, minQuantity: 5 }, valid.tiers[2]!];
    expect(productIssues({ ...valid, tiers })[0]!.message).toMatch(/inside tier 1 \(1-9\)/);
  });

  it('a tier dearer than the one below, or the first above the sale price', () => {
    const dearer = [valid.tiers[0]!, { ...valid.tiers[1]!, pricePaise: 260_00 }, valid.tiers[2]!];
    expect(codes({ ...valid, tiers: dearer })).toEqual(['tiers.1.pricePaise:tier_price_rises']);
    const first = [{ ...valid.tiers[0]!, pricePaise: 251_00 }, ...valid.tiers.slice(1)];
    expect(codes({ ...valid, tiers: first })).toEqual(['tiers.0.pricePaise:tier_price_rises']);
  });

  it('a closed top tier, and a tier ending before it starts', () => {
    const closed = [...valid.tiers.slice(0, 2), { ...valid.tiers[2]!, maxQuantity: 99 }];
    expect(codes({ ...valid, tiers: closed })).toEqual(['tiers.2.maxQuantity:tier_top_closed']);
    const backwards = [{ ...valid.tiers[0]!, maxQuantity: 0 }];
    expect(codes({ ...valid, tiers: backwards })).toContain('tiers.0.maxQuantity:tier_range');
  });

  it('tiers may start above 1, where the sale price covers the units below', () => {
    const tiers = [{ minQuantity: 25, maxQuantity: OPEN_ENDED_MAX, pricePaise: 220_00 }];
    expect(codes({ ...valid, tiers })).toEqual([]);
    expect(codes({ ...valid, tiers: [] })).toEqual([]);
  });

  it('a missing combination, an unknown one and a repeated one', () => {
    expect(codes({ ...valid, variants: valid.variants.slice(0, 3) })).toEqual([
      'variants:variant_missing',
    ]);
    expect(productIssues({ ...valid, variants: [] })[0]!.message).toMatch(
      /"Red, S", "Red, L", "Blue, S", "Blue, L"/,
    );
    const unknown = [...valid.variants.slice(0, 3), { ...valid.variants[3]!, option1: 'Green, L' }];
    expect(codes({ ...valid, variants: unknown })).toEqual([
      'variants.3.option1:variant_unknown_combination',
      'variants:variant_missing',
    ]);
    const repeated = [...valid.variants, { ...valid.variants[0]!, sku: 'X' }];
    expect(codes({ ...valid, variants: repeated })).toEqual([
      'variants.4.option1:variant_repeated',
    ]);
  });

  it('variants without options, repeated SKUs, and option values with commas', () => {
    expect(codes({ ...valid, options: [] })).toEqual(['variants:variants_without_options']);
    const skus = valid.variants.map((v) => ({ ...v, sku: 'SAME' }));
    expect(codes({ ...valid, variants: skus })).toEqual([
      'variants.1.sku:variant_sku_repeated',
      'variants.2.sku:variant_sku_repeated',
      'variants.3.sku:variant_sku_repeated',
    ]);
    const comma = { ...valid, options: [{ name: 'Pack', values: ['1, 2'] }], variants: [] };
    expect(codes(comma)).toContain('options.0.values.0:option_value_comma');
  });

  it('a minimum order that is not a whole number of packs', () => {
    expect(codes({ ...valid, minOrderQuantity: 8 })).toEqual([
      'minOrderQuantity:minimum_not_multiple',
    ]);
  });

  it('no image', () => {
    expect(codes({ ...valid, images: [] })).toEqual(['images:image_missing']);
  });

  it('only an active product is held to them', () => {
    const broken = { ...valid, images: [], hsn: '1' };
    expect(blockingIssues(broken)).toHaveLength(2);
    expect(blockingIssues({ ...broken, status: 'draft' })).toEqual([]);
    expect(blockingIssues({ ...broken, status: 'archived' })).toEqual([]);
  });
});
