/**
 * Title and banner of a listing by its slug (spec §2 "Category listing"): known categories
 * and collections by their name, anything else by the slug's words; the banner falls back to
 * the gift image. Slugs are compared by the catalog match key, so 'bags,-wallets-and-luggage'
 * and 'bags,-wallets-&-luggage' are the same category.
 */
import type { Category } from '@storefront/shared/catalog';
import { COLLECTIONS } from '@storefront/shared/collections';
import { catalogMatchKey, titleFromSlug } from '@storefront/shared/slugs';
import { bannerFor } from '../../../lib/data/banners';

const COLLECTION_TITLES = new Map<string, string>(
  COLLECTIONS.map((c) => [catalogMatchKey(c.slug), c.title]),
);

/**
 * Whether a listing key names this category or subcategory: by its slug, which a rename keeps
 * (decision 050), or by its name, as links built from the name spell it.
 */
const names = (name: string, slug: string, key: string) =>
  catalogMatchKey(slug) === key || catalogMatchKey(name) === key;

export interface ListingHeading {
  title: string;
  banner: string;
}

export function listingHeading(
  slug: string,
  kind: 'category' | 'subcategory',
  categories: readonly Category[] | null,
): ListingHeading {
  const key = catalogMatchKey(slug);
  for (const category of categories ?? []) {
    if (kind === 'category' && names(category.category, category.slug, key)) {
      return { title: category.category, banner: bannerFor(category.slug) };
    }
    const sub = category.subCategory.find((s) => names(s.name, s.slug, key));
    if (sub) return { title: sub.name, banner: bannerFor(category.slug) };
  }
  return {
    title: COLLECTION_TITLES.get(key) ?? titleFromSlug(slug),
    banner: bannerFor(slug),
  };
}

/**
 * Whether a listing slug names a category, subcategory or collection (as the server's listing
 * matches it): false for a slug that names nothing (the page is a 404), null while the
 * categories are not known.
 */
export function listingExists(
  slug: string,
  categories: readonly Category[] | null,
): boolean | null {
  const key = catalogMatchKey(slug);
  if (key === '') return false;
  if (COLLECTION_TITLES.has(key)) return true;
  if (!categories) return null;
  return categories.some(
    (category) =>
      names(category.category, category.slug, key) ||
      category.subCategory.some((sub) => names(sub.name, sub.slug, key)),
  );
}
