/**
 * The deterministic demo catalog: categories, subcategories, collections and products with
 * tiers, options, variants and images, built in memory from a seed. The seeded RNG makes every
 * run produce the same rows, ids included. Edge cases the spec's messages need are placed on
 * purpose: options without variants, an unavailable combination, products with no image and
 * with a missing image file.
 *
 * Issue 20 (decision 048): most products keep a plausible count of units on hand, some are low
 * (under LOW_STOCK_THRESHOLD), a few are out of stock and some are not tracked; a few sell from
 * a minimum order in packs; the packs of a 'Pack' option have prices of their own, and some
 * products keep stock per variant. These are plain fields of the generated rows, drawn from a
 * random stream of their own so that every other field is what it was before they existed.
 */
import { catalogMatchKey, categorySlug } from '@storefront/shared/slugs';
import { COLLECTIONS } from '@storefront/shared/collections';
import { OPEN_ENDED_MAX } from '@storefront/shared/pricing';
import { sanitizedHtmlText, sanitizeProductHtml } from '../lib/sanitize.js';
import {
  BRANDS,
  CATEGORIES,
  COLLECTION_SIZES,
  COLOURS,
  FEATURE_PHRASES,
  LOCATIONS,
  PACKS,
  SIZES,
} from './catalog-data.js';
import { createRandom, type Random } from './random.js';

export const DEFAULT_SEED = 20_261_122;

export interface CategoryRow {
  id: string;
  name: string;
  slug: string;
  matchKey: string;
  position: number;
}
export interface SubcategoryRow extends CategoryRow {
  categoryId: string;
}
export interface CollectionRow {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  matchKey: string;
  position: number;
}
export interface ProductRow {
  id: string;
  code: string;
  name: string;
  categoryId: string;
  subcategoryId: string;
  descriptionHtml: string;
  descriptionText: string;
  brand: string;
  weightGrams: number;
  hsn: string;
  location: string;
  mrpPaise: number;
  spPaise: number;
  features: string[];
  options: { name: string; values: string[] }[];
  images: string[];
  sellerSku: string | null;
  /** Every demo product is active; its planted defects stay reachable on purpose (decision 047). */
  status: 'active';
  minOrderQuantity: number;
  orderMultiple: number;
}
export interface TierRow {
  productId: string;
  minQuantity: number;
  maxQuantity: number;
  pricePaise: number;
}
export interface VariantRow {
  productId: string;
  position: number;
  option1: string;
  sku: string;
  /** The variant's own sale price, or null for the product's. */
  pricePaise: number | null;
}
/** Units on hand: a product's own row (variantPosition null) or a variant's. */
export interface StockRow {
  productId: string;
  variantPosition: number | null;
  onHand: number;
}

export interface CatalogTaxonomy {
  categories: CategoryRow[];
  subcategories: SubcategoryRow[];
  collections: CollectionRow[];
}

export interface ProductBatch {
  products: ProductRow[];
  tiers: TierRow[];
  variants: VariantRow[];
  stock: StockRow[];
}

export function generateTaxonomy(random: Random): CatalogTaxonomy {
  const categories: CategoryRow[] = [];
  const subcategories: SubcategoryRow[] = [];
  CATEGORIES.forEach((category, position) => {
    const id = random.hexId();
    categories.push({
      id,
      name: category.name,
      slug: category.slug,
      matchKey: catalogMatchKey(category.name),
      position,
    });
    category.subcategories.forEach((sub, subPosition) => {
      subcategories.push({
        id: random.hexId(),
        categoryId: id,
        name: sub.name,
        slug: categorySlug(sub.name),
        matchKey: catalogMatchKey(sub.name),
        position: subPosition,
      });
    });
  });
  const collections = COLLECTIONS.map((c, position) => ({
    id: random.hexId(),
    slug: c.slug,
    title: c.title,
    subtitle: c.subtitle,
    matchKey: catalogMatchKey(c.slug),
    position,
  }));
  return { categories, subcategories, collections };
}

/** Rupee prices that look like shelf prices: ending in 9, or .50 for small amounts. */
function shelfPricePaise(rupees: number): number {
  if (rupees < 100) return Math.round(rupees * 2) * 50;
  return (Math.floor(rupees / 10) * 10 + 9) * 100;
}

function optionSet(random: Random, index: number): { name: string; values: string[] }[] {
  const colours = random.shuffle(COLOURS).slice(0, random.int(2, 4));
  switch (index % 3) {
    case 0:
      return [{ name: 'Colour', values: colours }];
    case 1:
      return [
        { name: 'Colour', values: colours.slice(0, 2) },
        { name: 'Size', values: SIZES.slice(0, random.int(2, 4)) },
      ];
    default:
      return [{ name: 'Pack', values: [...PACKS] }];
  }
}

function combinations(options: readonly { values: readonly string[] }[]): string[][] {
  return options.reduce<string[][]>(
    (acc, option) => acc.flatMap((combo) => option.values.map((v) => [...combo, v])),
    [[]],
  );
}

function tiersFor(random: Random, productId: string, spPaise: number, index: number): TierRow[] {
  const at = (fraction: number) => Math.round((spPaise * fraction) / 50) * 50;
  if (index % 10 === 4) {
    // An open top tier only: below it the sale price applies.
    return [{ productId, minQuantity: 25, maxQuantity: OPEN_ENDED_MAX, pricePaise: at(0.88) }];
  }
  const shape = random.pick([
    [1, 9, 10, 49, 50],
    [1, 4, 5, 19, 20],
    [1, 24, 25, 99, 100],
  ] as const);
  const [a, b, c, d, e] = shape;
  const discount = random.pick([0.05, 0.08, 0.1]);
  return [
    { productId, minQuantity: a, maxQuantity: b, pricePaise: spPaise },
    { productId, minQuantity: c, maxQuantity: d, pricePaise: at(1 - discount) },
    { productId, minQuantity: e, maxQuantity: OPEN_ENDED_MAX, pricePaise: at(1 - discount * 2) },
  ];
}

function describe(
  random: Random,
  name: string,
  noun: string,
  adjective: string,
  brand: string,
  location: string,
  pack: number,
): string {
  const use = random.pick([
    'retail shelves',
    'corporate offices',
    'online resellers',
    'distributors',
    'institutional buyers',
  ]);
  return sanitizeProductHtml(
    `<p><strong>${name}</strong> by ${brand} is a dependable choice for ${use}. Each ${noun.toLowerCase()} is ${adjective.toLowerCase()} and made for daily commercial use.</p>` +
      `<ul><li>Sold as ${pack > 1 ? `a pack of ${pack}` : 'a single unit'}</li><li>Dispatched from ${location}</li><li>Volume pricing applies automatically at checkout</li></ul>` +
      `<p>Order in bulk to unlock lower unit prices. A GST invoice with the HSN code is issued for every order.</p>`,
  );
}

/**
 * Products [from, to) of the catalog. Generation is a pure function of the seed and the index,
 * so batches can be produced and inserted one at a time for very large catalogs.
 */
export function generateProducts(
  taxonomy: CatalogTaxonomy,
  seed: number,
  from: number,
  to: number,
): ProductBatch {
  const batch: ProductBatch = { products: [], tiers: [], variants: [], stock: [] };
  for (let index = from; index < to; index++) {
    const random = createRandom(seed * 7919 + index);
    const categoryIndex = index % CATEGORIES.length;
    const category = CATEGORIES[categoryIndex]!;
    const round = Math.floor(index / CATEGORIES.length);
    const subIndex = round % category.subcategories.length;
    const sub = category.subcategories[subIndex]!;
    const item = sub.items[Math.floor(round / category.subcategories.length) % sub.items.length]!;
    const categoryRow = taxonomy.categories[categoryIndex]!;
    const subRow = taxonomy.subcategories.find(
      (s) => s.categoryId === categoryRow.id && s.position === subIndex,
    )!;

    const id = random.hexId();
    const code = `${category.prefix}-${String(round + 1).padStart(6, '0')}`;
    const adjective = random.pick(category.adjectives);
    const spec = random.pick(item.specs);
    const pack = random.pick(item.packs);
    const name = `${adjective} ${item.noun} ${spec}${pack > 1 ? `, Pack of ${pack}` : ''}`;
    const brand = random.pick(BRANDS);
    const location = random.pick(LOCATIONS);
    const [low, high] = category.price;
    const spPaise = shelfPricePaise(low + random.next() ** 2 * (high - low));
    const mrpPaise = shelfPricePaise((spPaise / 100) * (1.2 + random.next() * 0.6));
    const features = [
      `${item.noun}: ${spec}`,
      `Material and finish: ${adjective}`,
      ...random.shuffle(FEATURE_PHRASES).slice(0, random.int(1, 4)),
    ];
    const descriptionHtml = describe(random, name, item.noun, adjective, brand, location, pack);

    const hasOptions = index % 3 === 0;
    const options = hasOptions ? optionSet(random, Math.floor(index / 3)) : [];
    const variants: VariantRow[] = [];
    if (hasOptions) {
      let combos = combinations(options).map((values) => values.join(', '));
      if (index % 150 === 3) combos = []; // options defined without variants
      if (index % 150 === 6) combos = combos.slice(0, -1); // the last combination is unavailable
      combos.forEach((option1, position) =>
        variants.push({
          productId: id,
          position,
          option1,
          sku: `${code}-V${position + 1}`,
          pricePaise: packPricePaise(option1, spPaise),
        }),
      );
      batch.variants.push(...variants);
    }

    const imageCount = random.int(1, 4);
    let images = Array.from({ length: imageCount }, (_, n) => `products/${code}-${n + 1}`);
    if (index % 40 === 7) images = []; // no image at all
    if (index % 40 === 13) images = [`products/${code}-missing`]; // an image file that does not exist
    if (index % 40 === 19) images = [`products/${code}-missing`, ...images]; // the first one fails, others load

    batch.products.push({
      id,
      code,
      name,
      categoryId: categoryRow.id,
      subcategoryId: subRow.id,
      descriptionHtml,
      descriptionText: sanitizedHtmlText(descriptionHtml),
      brand,
      weightGrams:
        Math.round(category.weight[0] + random.next() * (category.weight[1] - category.weight[0])) *
        Math.min(pack, 4),
      hsn: sub.hsn,
      location,
      mrpPaise: Math.max(mrpPaise, spPaise),
      spPaise,
      features,
      options,
      images,
      sellerSku: random.chance(0.6) ? `SUP-${random.int(10000, 99999)}` : null,
      status: 'active',
      ...orderRules(index, hasOptions),
    });
    batch.tiers.push(...tiersFor(random, id, spPaise, index));
    batch.stock.push(
      ...stockFor(createRandom(seed * 7919 + index + STOCK_STREAM), id, index, variants),
    );
  }
  return batch;
}

/** Offsets the stock's random stream from the product's. */
const STOCK_STREAM = 0x5_70c4;

/**
 * A pack of N costs N units less 5% a unit, on the shelf-price grid ('Pack of 1' keeps the
 * product's price): before issue 20 a pack of 6 cost what a pack of 1 did.
 */
function packPricePaise(option1: string, spPaise: number): number | null {
  const pack = /^Pack of (\d+)$/.exec(option1);
  const units = pack ? Number(pack[1]) : 1;
  if (units <= 1) return null;
  return Math.round((spPaise * units * 0.95) / 50) * 50;
}

/** A few products without options sell from a minimum order, in packs. */
function orderRules(index: number, hasOptions: boolean) {
  if (!hasOptions && index % 60 === 29) return { minOrderQuantity: 10, orderMultiple: 5 };
  if (!hasOptions && index % 60 === 44) return { minOrderQuantity: 12, orderMultiple: 12 };
  return { minOrderQuantity: 1, orderMultiple: 1 };
}

/**
 * Units on hand: one product in 20 is not tracked (no row), a few are out of stock, about one
 * in 11 is low; some products with options keep units per variant (a row each, some of them
 * empty) instead of one row for the product.
 */
function stockFor(random: Random, productId: string, index: number, variants: VariantRow[]) {
  if (index % 20 === 17) return [];
  if (variants.length > 0 && index % 7 === 0)
    return variants.map((v) => ({
      productId,
      variantPosition: v.position,
      onHand: random.chance(0.2) ? 0 : random.int(3, 60),
    }));
  const onHand = index % 97 === 50 ? 0 : index % 11 === 5 ? random.int(1, 9) : random.int(20, 800);
  return [{ productId, variantPosition: null, onHand }];
}

/** Which products each collection lists, in order: deterministic picks over the whole catalog. */
export function pickCollections(
  taxonomy: CatalogTaxonomy,
  seed: number,
  productCount: number,
  spPaiseOf: (index: number) => number,
): { collectionId: string; index: number; position: number }[] {
  const random = createRandom(seed + 1);
  const picks: { collectionId: string; index: number; position: number }[] = [];
  taxonomy.collections.forEach((collection) => {
    const size = Math.min(COLLECTION_SIZES[collection.slug] ?? 40, productCount);
    const chosen = new Set<number>();
    let guard = 0;
    while (chosen.size < size && guard++ < size * 50) {
      const index = random.int(0, productCount - 1);
      if (collection.slug === 'under-2000' && spPaiseOf(index) >= 2000_00) continue;
      chosen.add(index);
    }
    [...chosen].forEach((index, position) =>
      picks.push({ collectionId: collection.id, index, position }),
    );
  });
  return picks;
}
