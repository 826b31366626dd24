/**
 * Category filters (spec §5): the search text matches the name or the whole plain-text
 * description (decision 031) case-insensitively;
 * min and max price compare against sp, inclusive; selected categories match the product's
 * category or subcategory (any of them).
 */
import type { ProductListItem } from '@storefront/shared/catalog';

export interface ListingFilters {
  text: string;
  minPrice: number | null;
  maxPrice: number | null;
  categories: string[];
}

export const NO_FILTERS: ListingFilters = {
  text: '',
  minPrice: null,
  maxPrice: null,
  categories: [],
};

export type FilterableProduct = Pick<
  ProductListItem,
  'name' | 'description' | 'sp' | 'category' | 'subcategory'
>;

export function hasActiveFilters(filters: ListingFilters): boolean {
  return (
    filters.text.trim() !== '' ||
    filters.minPrice !== null ||
    filters.maxPrice !== null ||
    filters.categories.length > 0
  );
}

export function filterProducts<T extends FilterableProduct>(
  products: readonly T[],
  filters: ListingFilters,
): T[] {
  const text = filters.text.trim().toLowerCase();
  return products.filter((product) => {
    if (
      text &&
      !product.name.toLowerCase().includes(text) &&
      !product.description.toLowerCase().includes(text)
    ) {
      return false;
    }
    if (filters.minPrice !== null && product.sp < filters.minPrice) return false;
    if (filters.maxPrice !== null && product.sp > filters.maxPrice) return false;
    if (
      filters.categories.length > 0 &&
      !filters.categories.includes(product.category) &&
      !filters.categories.includes(product.subcategory)
    ) {
      return false;
    }
    return true;
  });
}

/** A price box's text as a bound: empty or not a non-negative number gives no bound. */
export function parsePriceBound(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** The categories and their subcategories present in a list, for the filter checkboxes. */
export function categoryOptions(
  products: readonly FilterableProduct[],
): { category: string; subcategories: string[] }[] {
  const map = new Map<string, Set<string>>();
  for (const product of products) {
    const subs = map.get(product.category) ?? new Set<string>();
    if (product.subcategory) subs.add(product.subcategory);
    map.set(product.category, subs);
  }
  return [...map.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, subs]) => ({ category, subcategories: [...subs].sort() }));
}
