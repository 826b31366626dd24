/**
 * Title and banner of a listing by its slug (spec §2 "Category listing"): the seller's
 * collections by their stored title, categories and subcategories by their name (decision 050:
 * a rename shows, the slug stays), anything else by the slug's words; the banner falls back to
 * the gift image. Slugs are compared by the catalog match key, so 'bags,-wallets-and-luggage'
 * and 'bags,-wallets-&-luggage' are the same category.
 */
import type { Category, HomeCollection } from '@storefront/shared/catalog';
import { catalogMatchKey, titleFromSlug } from '@storefront/shared/slugs';
import { bannerFor } from '../../../lib/data/banners';

/**
 * Whether a listing key names this category or subcategory: by its slug, which a rename keeps
 * (decision 050), or by its name, as links built from the name spell it.
 */
const names = (name: string, slug: string, key: string) =>
  catalogMatchKey(slug) === key || catalogMatchKey(name) === key;

/** The collection a listing key names: by its slug's key, as the server's listing finds it. */
const collectionOf = (collections: readonly HomeCollection[] | null, key: string) =>
  collections?.find((collection) => catalogMatchKey(collection.slug) === key);

export interface ListingHeading {
  title: string;
  banner: string;
}

export function listingHeading(
  slug: string,
  kind: 'category' | 'subcategory',
  categories: readonly Category[] | null,
  collections: readonly HomeCollection[] | null,
): ListingHeading {
  const key = catalogMatchKey(slug);
  // A collection first, as the server's listing matches (catalog/service.ts findListing).
  const collection = collectionOf(collections, key);
  if (collection) return { title: collection.title, banner: bannerFor(collection.slug) };
  for (const category of categories ?? []) {
    if (kind === 'category' && names(category.category, category.slug, key)) {
      return { title: category.category, banner: bannerFor(category.slug) };
    }
    const sub = category.subCategory.find((s) => names(s.name, s.slug, key));
    if (sub) return { title: sub.name, banner: bannerFor(category.slug) };
  }
  return { title: titleFromSlug(slug), banner: bannerFor(slug) };
}

/**
 * Whether a listing slug names a category, subcategory or collection (as the server's listing
 * matches it): false for a slug that names nothing (the page is a 404), null while the
 * categories or the collections are not known.
 */
export function listingExists(
  slug: string,
  categories: readonly Category[] | null,
  collections: readonly HomeCollection[] | null,
): boolean | null {
  const key = catalogMatchKey(slug);
  if (key === '') return false;
  if (collectionOf(collections, key)) return true;
  const inCategories = categories?.some(
    (category) =>
      names(category.category, category.slug, key) ||
      category.subCategory.some((sub) => names(sub.name, sub.slug, key)),
  );
  if (inCategories) return true;
  return categories && collections ? false : null;
}
