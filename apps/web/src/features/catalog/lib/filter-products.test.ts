import { describe, expect, it } from 'vitest';
import { listItem } from '../../../test/fixtures';
import {
  categoryOptions,
  filterProducts,
  hasActiveFilters,
  NO_FILTERS,
  parsePriceBound,
} from './filter-products';
import { listingExists, listingHeading } from './listing-heading';
import { truncateDescription } from './truncate';
import { CATEGORIES, COLLECTIONS } from '../../../test/fixtures';

const mug = listItem({
  name: 'Steel Mug',
  description: 'Keeps tea hot',
  sp: 500,
  subcategory: 'Drinkware',
});
const sheet = listItem({
  name: 'Bedsheet',
  description: 'Cotton, double',
  sp: 1500,
  subcategory: 'Bedding',
});
const bag = listItem({
  name: 'Backpack',
  description: 'Steel zips',
  sp: 2000,
  category: 'Bags, Wallets & Luggage',
  subcategory: 'Backpacks',
});
const all = [mug, sheet, bag];

describe('category filters', () => {
  it('match the search text in the name or the description, ignoring case', () => {
    expect(filterProducts(all, { ...NO_FILTERS, text: 'STEEL' })).toEqual([mug, bag]);
    expect(filterProducts(all, { ...NO_FILTERS, text: 'cotton' })).toEqual([sheet]);
  });

  it('match a word anywhere in the whole description, past the 300 characters of a summary', () => {
    const long = listItem({
      name: 'Crate',
      description: `${'Sturdy crate. '.repeat(30)}Tungsten bolts`,
    });
    expect(long.description.indexOf('Tungsten')).toBeGreaterThan(300);
    expect(filterProducts([...all, long], { ...NO_FILTERS, text: 'tungsten BOLTS' })).toEqual([
      long,
    ]);
  });

  it('compare min and max price against sp, inclusive', () => {
    expect(filterProducts(all, { ...NO_FILTERS, minPrice: 1500 })).toEqual([sheet, bag]);
    expect(filterProducts(all, { ...NO_FILTERS, maxPrice: 1500 })).toEqual([mug, sheet]);
    expect(filterProducts(all, { ...NO_FILTERS, minPrice: 500, maxPrice: 500 })).toEqual([mug]);
  });

  it('match any selected category or subcategory', () => {
    expect(
      filterProducts(all, { ...NO_FILTERS, categories: ['Bedding', 'Bags, Wallets & Luggage'] }),
    ).toEqual([sheet, bag]);
    expect(filterProducts(all, { ...NO_FILTERS, categories: ['Home & Kitchen'] })).toEqual([
      mug,
      sheet,
    ]);
  });

  it('know when any filter is active', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, text: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, minPrice: 0 })).toBe(true);
  });

  it('read an empty or negative price box as no bound', () => {
    expect(parsePriceBound('')).toBeNull();
    expect(parsePriceBound('-5')).toBeNull();
    expect(parsePriceBound('abc')).toBeNull();
    expect(parsePriceBound('99.5')).toBe(99.5);
  });

  it('offer the categories and subcategories present, sorted', () => {
    expect(categoryOptions(all)).toEqual([
      { category: 'Bags, Wallets & Luggage', subcategories: ['Backpacks'] },
      { category: 'Home & Kitchen', subcategories: ['Bedding', 'Drinkware'] },
    ]);
  });
});

describe('list descriptions', () => {
  it('are cut at 150 characters', () => {
    const long = 'x'.repeat(200);
    expect(truncateDescription(long)).toBe(`${'x'.repeat(150)}...`);
    expect(truncateDescription('short text')).toBe('short text');
    expect(truncateDescription('y'.repeat(150))).toBe('y'.repeat(150));
  });
});

describe('listing headings', () => {
  it('name a category by its catalog name whichever slug form reaches it', () => {
    expect(
      listingHeading('bags,-wallets-and-luggage', 'category', CATEGORIES, COLLECTIONS),
    ).toEqual({ title: 'Bags, Wallets & Luggage', banner: '/banners/bags.svg' });
    expect(
      listingHeading('bags,-wallets-&-luggage', 'category', CATEGORIES, COLLECTIONS).title,
    ).toBe('Bags, Wallets & Luggage');
  });

  it('name a renamed category by its new name, reached by the slug it kept', () => {
    const renamed = CATEGORIES.map((c) =>
      c.slug === 'bags,-wallets-and-luggage' ? { ...c, category: 'Luggage & Travel' } : c,
    );
    expect(listingHeading('bags,-wallets-and-luggage', 'category', renamed, COLLECTIONS)).toEqual({
      title: 'Luggage & Travel',
      banner: '/banners/bags.svg',
    });
  });

  it("give a subcategory its parent's banner", () => {
    expect(listingHeading('drinkware', 'subcategory', CATEGORIES, COLLECTIONS)).toEqual({
      title: 'Drinkware',
      banner: '/banners/home-kitchen.svg',
    });
  });

  it('name a collection by the title the server holds, and keep its banner by slug', () => {
    const retitled = COLLECTIONS.map((c) =>
      c.slug === 'international-best-sellers' ? { ...c, title: 'Reordered Worldwide' } : c,
    );
    expect(listingHeading('international-best-sellers', 'category', null, retitled)).toEqual({
      title: 'Reordered Worldwide',
      banner: '/banners/best-sellers.svg',
    });
  });

  it("name a seller's new collection by its title, on the gift banner", () => {
    const added = [
      ...COLLECTIONS,
      { slug: 'monsoon-deals', title: 'Monsoon Deals', subtitle: 'Rainwear', position: 5 },
    ];
    expect(listingHeading('monsoon-deals', 'category', CATEGORIES, added)).toEqual({
      title: 'Monsoon Deals',
      banner: '/banners/gift.svg',
    });
  });

  it('fall back to the slug’s words and the gift banner for unknown slugs', () => {
    expect(listingHeading('garden-tools', 'category', CATEGORIES, COLLECTIONS)).toEqual({
      title: 'Garden Tools',
      banner: '/banners/gift.svg',
    });
  });
});

describe('whether a listing exists', () => {
  const added = [
    ...COLLECTIONS,
    { slug: 'monsoon-deals', title: 'Monsoon Deals', subtitle: 'Rainwear', position: 5 },
  ];

  it("knows a seller's new collection, whatever the slug's spelling", () => {
    expect(listingExists('monsoon-deals', CATEGORIES, added)).toBe(true);
    expect(listingExists('Monsoon-Deals', CATEGORIES, added)).toBe(true);
  });

  it('knows categories and subcategories by slug or name', () => {
    expect(listingExists('bags,-wallets-&-luggage', CATEGORIES, COLLECTIONS)).toBe(true);
    expect(listingExists('backpacks', CATEGORIES, COLLECTIONS)).toBe(true);
  });

  it('says no only once both the categories and the collections are known', () => {
    expect(listingExists('garden-tools', CATEGORIES, COLLECTIONS)).toBe(false);
    expect(listingExists('garden-tools', CATEGORIES, null)).toBeNull();
    expect(listingExists('garden-tools', null, COLLECTIONS)).toBeNull();
    expect(listingExists('-&-', null, null)).toBe(false);
  });
});
