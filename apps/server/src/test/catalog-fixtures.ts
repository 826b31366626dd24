/**
 * Products with known prices for cart and order tests, inserted beside a seeded catalog, so
 * that a test states exact amounts without depending on the seed generator's choices.
 */
import { sql } from 'drizzle-orm';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import { OPEN_ENDED_MAX } from '@storefront/shared/pricing';
import { productPriceTiers, products, productVariants, stockLevels } from '../db/schema.js';
import { newObjectId } from '../lib/ids.js';
import type { TestApp } from './app.js';

export interface FixtureProduct {
  name: string;
  code: string;
  spPaise: number;
  sellerSku?: string | null;
  options?: { name: string; values: string[] }[];
  variants?: string[];
  tiers?: { minQuantity: number; maxQuantity: number; pricePaise: number }[];
  /** Stored as it is, unsanitised (default `<p>{name}</p>`). */
  descriptionHtml?: string;
  /** Default 'active'. */
  status?: 'draft' | 'active' | 'archived';
  minOrderQuantity?: number;
  orderMultiple?: number;
  /** The variants' own sale prices by option1 (the others have the product's). */
  variantPrices?: Record<string, number>;
  /** Units on hand of the product's own row; absent: no row (not tracked). */
  stock?: number;
  /** Units on hand of a variant's own row, by option1. */
  variantStock?: Record<string, number>;
  /** Default '0000', which no rate table covers: 18 % (issue 21). */
  hsn?: string;
  /** The product's own GST rate in basis points; default none (the rate table's). */
  gstRateBp?: number | null;
}

/** Inserts the products (into the first seeded category) and returns their ids in order. */
export async function insertProducts(t: TestApp, fixtures: FixtureProduct[]): Promise<string[]> {
  const db = t.database.db;
  const result = await db.execute(
    sql`SELECT category_id, id FROM subcategories ORDER BY position, id LIMIT 1`,
  );
  const sub = result.rows[0] as { category_id: string; id: string };
  const ids = fixtures.map(() => newObjectId());
  await db.insert(products).values(
    fixtures.map((f, i) => ({
      id: ids[i]!,
      code: f.code,
      name: f.name,
      categoryId: sub.category_id,
      subcategoryId: sub.id,
      descriptionHtml: f.descriptionHtml ?? `<p>${f.name}</p>`,
      descriptionText: f.descriptionHtml ?? f.name,
      weightGrams: 100,
      hsn: f.hsn ?? '0000',
      gstRateBp: f.gstRateBp ?? null,
      location: 'Mumbai',
      mrpPaise: f.spPaise * 2,
      spPaise: f.spPaise,
      options: f.options ?? [],
      images: [`products/${f.code}-1`],
      sellerSku: f.sellerSku ?? null,
      status: f.status ?? 'active',
      minOrderQuantity: f.minOrderQuantity ?? 1,
      orderMultiple: f.orderMultiple ?? 1,
    })),
  );
  const tiers = fixtures.flatMap((f, i) =>
    (f.tiers ?? []).map((tier) => ({ productId: ids[i]!, ...tier })),
  );
  if (tiers.length) await db.insert(productPriceTiers).values(tiers);
  const variants = fixtures.flatMap((f, i) =>
    (f.variants ?? []).map((option1, position) => ({
      productId: ids[i]!,
      position,
      option1,
      sku: `${f.code}-V${position + 1}`,
      pricePaise: f.variantPrices?.[option1] ?? null,
    })),
  );
  if (variants.length) await db.insert(productVariants).values(variants);
  const stock = fixtures.flatMap((f, i) => [
    ...(f.stock === undefined
      ? []
      : [{ productId: ids[i]!, variantPosition: null, onHand: f.stock }]),
    ...Object.entries(f.variantStock ?? {}).map(([option1, onHand]) => ({
      productId: ids[i]!,
      variantPosition: (f.variants ?? []).indexOf(option1),
      onHand,
    })),
  ]);
  if (stock.length) await db.insert(stockLevels).values(stock);
  return ids;
}

/** The fixtures the cart and order suites share. */
export const FIXTURES = {
  /** 1-9 at ₹100.00, 10-49 at ₹95.00, 50+ at ₹80.00 (sale price ₹105.00). */
  tiered: {
    name: 'Tiered Steel Mug',
    code: 'TST-TIER',
    spPaise: 105_00,
    sellerSku: 'SUP-12345',
    tiers: [
      { minQuantity: 1, maxQuantity: 9, pricePaise: 100_00 },
      { minQuantity: 10, maxQuantity: 49, pricePaise: 95_00 },
      { minQuantity: 50, maxQuantity: OPEN_ENDED_MAX, pricePaise: 80_00 },
    ],
  },
  /** Options with two of their combinations available as variants; no tiers (sale price). */
  shirt: {
    name: 'Cotton Work Shirt',
    code: 'TST-SHIRT',
    spPaise: 123_45,
    options: [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red'] },
    ],
    variants: ['S, Red', 'M, Red'],
  },
  /** Options but no variants: the spec's configuration error. */
  broken: {
    name: 'Misconfigured Cap',
    code: 'TST-BROKEN',
    spPaise: 50_00,
    options: [{ name: 'Size', values: ['S'] }],
  },
  /** ₹1.10 × 1.15 = ₹1.265, rounded half up to ₹1.27. */
  cheap: { name: 'Paper Clip', code: 'TST-CLIP', spPaise: 1_10 },
} satisfies Record<string, FixtureProduct>;

export async function insertFixtures(t: TestApp) {
  const [tiered, shirt, broken, cheap] = await insertProducts(t, [
    FIXTURES.tiered,
    FIXTURES.shirt,
    FIXTURES.broken,
    FIXTURES.cheap,
  ]);
  return { tiered: tiered!, shirt: shirt!, broken: broken!, cheap: cheap! };
}

/** Where a test's product documents go: the seeded taxonomy's first subcategory, by slug. */
export async function firstPlace(t: TestApp): Promise<{ category: string; subcategory: string }> {
  const result = await t.database.db.execute(
    sql`SELECT c.slug AS category, s.slug AS subcategory FROM subcategories s
          JOIN categories c ON c.id = s.category_id ORDER BY c.position, s.position LIMIT 1`,
  );
  return result.rows[0] as { category: string; subcategory: string };
}

/**
 * A product document as the console and the import save it: active, two tiers, two variants
 * (one priced apart, one untracked), and a description holding a script for the sanitiser.
 */
export const productDocument = (
  code: string,
  place: { category: string; subcategory: string },
  change: Partial<ProductDocument> = {},
): ProductDocument => ({
  code,
  sellerSku: null,
  name: `Product ${code}`,
  brand: 'Acme',
  ...place,
  features: ['Strong'],
  descriptionHtml: '<p>Good <script>alert(1)</script>stuff</p>',
  hsn: '8472',
  gstRateBp: null,
  weightGrams: 100,
  location: 'Mumbai',
  mrpPaise: 200_00,
  spPaise: 150_00,
  tiers: [
    { minQuantity: 1, maxQuantity: 9, pricePaise: 150_00 },
    { minQuantity: 10, maxQuantity: OPEN_ENDED_MAX, pricePaise: 140_00 },
  ],
  options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
  variants: [
    { option1: 'Red', sku: `${code}-R`, pricePaise: null, stock: 5 },
    { option1: 'Blue', sku: `${code}-B`, pricePaise: 160_00, stock: null },
  ],
  images: [`products/${code}-1`],
  status: 'active',
  stock: 20,
  minOrderQuantity: 1,
  orderMultiple: 1,
  ...change,
});
