import { describe, expect, it } from 'vitest';
import { parseTierKey } from '@storefront/shared/pricing';
import { generateProducts, generateTaxonomy, DEFAULT_SEED } from './generate.js';
import { createRandom } from './random.js';

const taxonomy = generateTaxonomy(createRandom(DEFAULT_SEED));
const catalog = generateProducts(taxonomy, DEFAULT_SEED, 0, 600);

describe('the demo catalog generator', () => {
  it('produces the same catalog on every run', () => {
    const again = generateProducts(
      generateTaxonomy(createRandom(DEFAULT_SEED)),
      DEFAULT_SEED,
      0,
      600,
    );
    expect(again).toEqual(catalog);
  });

  it('generates a batch identical to the same slice of a whole run', () => {
    expect(generateProducts(taxonomy, DEFAULT_SEED, 100, 150).products).toEqual(
      catalog.products.slice(100, 150),
    );
  });

  it('has 20 categories of 3 to 8 subcategories, and unique ids, codes and slugs', () => {
    expect(taxonomy.categories).toHaveLength(20);
    for (const category of taxonomy.categories) {
      const subs = taxonomy.subcategories.filter((s) => s.categoryId === category.id);
      expect(subs.length).toBeGreaterThanOrEqual(3);
      expect(subs.length).toBeLessThanOrEqual(8);
    }
    const keys = [...taxonomy.categories, ...taxonomy.subcategories, ...taxonomy.collections].map(
      (c) => c.matchKey,
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(catalog.products.map((p) => p.id)).size).toBe(600);
    expect(new Set(catalog.products.map((p) => p.code)).size).toBe(600);
  });

  it('prices every product with mrp above sp and tiers in the spec’s key format', () => {
    for (const product of catalog.products) {
      expect(product.mrpPaise).toBeGreaterThan(product.spPaise);
      expect(product.features.length).toBeGreaterThanOrEqual(3);
      expect(product.features.length).toBeLessThanOrEqual(6);
    }
    const tiersOf = (id: string) => catalog.tiers.filter((t) => t.productId === id);
    const openOnly = catalog.products.filter((p) => tiersOf(p.id).length === 1);
    expect(openOnly.length).toBeGreaterThan(0);
    for (const tier of catalog.tiers) {
      const key =
        tier.maxQuantity === 999_999
          ? `${tier.minQuantity}>`
          : `${tier.minQuantity}-${tier.maxQuantity}`;
      expect(parseTierKey(key)).toEqual({
        minQuantity: tier.minQuantity,
        maxQuantity: tier.maxQuantity,
      });
    }
  });

  it('places the edge cases the spec’s messages need', () => {
    const variantsOf = (id: string) => catalog.variants.filter((v) => v.productId === id);
    const withOptions = catalog.products.filter((p) => p.options.length > 0);
    expect(withOptions.length / catalog.products.length).toBeCloseTo(1 / 3, 1);
    const combos = (p: (typeof withOptions)[number]) =>
      p.options.reduce((n, o) => n * o.values.length, 1);
    expect(withOptions.filter((p) => variantsOf(p.id).length === 0).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(
      withOptions.filter((p) => variantsOf(p.id).length === combos(p) - 1).length,
    ).toBeGreaterThanOrEqual(3);
    expect(catalog.products.filter((p) => p.images.length === 0).length).toBeGreaterThanOrEqual(3);
    expect(
      catalog.products.filter((p) => p.images.some((src) => src.endsWith('-missing'))).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('gives most products units on hand, some low, a few none, some untracked (decision 048)', () => {
    const own = catalog.stock.filter((row) => row.variantPosition === null);
    const perVariant = new Set(
      catalog.stock.filter((row) => row.variantPosition !== null).map((row) => row.productId),
    );
    const tracked = new Set(catalog.stock.map((row) => row.productId));
    const untracked = catalog.products.filter((p) => !tracked.has(p.id));
    expect(untracked.length).toBe(30);
    expect(own.filter((row) => row.onHand >= 20).length).toBeGreaterThan(400);
    expect(own.filter((row) => row.onHand > 0 && row.onHand < 10).length).toBeGreaterThan(30);
    expect(own.filter((row) => row.onHand === 0).length).toBeGreaterThanOrEqual(3);
    expect(perVariant.size).toBeGreaterThanOrEqual(10);
    expect(
      catalog.stock.filter((row) => row.variantPosition !== null && row.onHand === 0).length,
    ).toBeGreaterThan(0);
    for (const row of catalog.stock) expect(row.onHand).toBeGreaterThanOrEqual(0);
  });

  it('sells a few products from a minimum order in whole packs, and prices packs of their own', () => {
    const ruled = catalog.products.filter((p) => p.minOrderQuantity > 1 || p.orderMultiple > 1);
    expect(ruled.length).toBe(20);
    for (const product of ruled) {
      expect(product.options).toEqual([]);
      expect(product.minOrderQuantity % product.orderMultiple).toBe(0);
    }
    const priced = catalog.variants.filter((v) => v.pricePaise !== null);
    expect(priced.length).toBeGreaterThan(50);
    for (const variant of priced) {
      const product = catalog.products.find((p) => p.id === variant.productId)!;
      expect(variant.option1).toMatch(/^Pack of [36]$/);
      const units = Number(variant.option1.slice('Pack of '.length));
      expect(variant.pricePaise).toBe(Math.round((product.spPaise * units * 0.95) / 50) * 50);
    }
  });

  it('stores sanitised description HTML and its plain text', () => {
    for (const product of catalog.products.slice(0, 50)) {
      expect(product.descriptionHtml).not.toMatch(/<script|on\w+=|javascript:/i);
      expect(product.descriptionText).not.toMatch(/</);
      expect(product.descriptionText).toContain('. Sold as');
    }
  });
});
