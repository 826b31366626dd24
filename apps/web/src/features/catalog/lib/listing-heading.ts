/**
 * Title and banner of a listing by its slug (spec §2 "Category listing"): known categories
 * and collections by their name, anything else by the slug's words; the banner falls back to
 * the gift image. Slugs are compared by the catalog match key, so 'bags,-wallets-and-luggage'
 * and 'bags,-wallets-&-luggage' are the same category.
 */
import type { Category } from '@storefront/shared/catalog';
import { catalogMatchKey, titleFromSlug } from '@storefront/shared/slugs';

export const FALLBACK_BANNER = '/banners/gift.svg';

const BANNERS: Record<string, string> = {
  baby: '/banners/baby.svg',
  'bags wallets luggage': '/banners/bags.svg',
  beauty: '/banners/beauty.svg',
  'car motorbike': '/banners/car.svg',
  'clothing accessories': '/banners/clothing.svg',
  'computers accessories': '/banners/computers.svg',
  electronics: '/banners/electronics.svg',
  'home kitchen': '/banners/home-kitchen.svg',
  'under 2000': '/banners/under-2000.svg',
  'international best sellers': '/banners/best-sellers.svg',
  'new arrivals': '/banners/new-arrivals.svg',
  'top 50': '/banners/top-50.svg',
  'hot selling': '/banners/hot-selling.svg',
};

const COLLECTION_TITLES: Record<string, string> = {
  'under 2000': 'Under 2000',
  'international best sellers': 'Global Best Sellers',
  'new arrivals': 'Newest Arrival',
  'top 50': 'Top 50',
  'hot selling': 'Hot Selling',
};

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
    const categoryKey = catalogMatchKey(category.category);
    if (kind === 'category' && categoryKey === key) {
      return { title: category.category, banner: BANNERS[categoryKey] ?? FALLBACK_BANNER };
    }
    const sub = category.subCategory.find((s) => catalogMatchKey(s.name) === key);
    if (sub) return { title: sub.name, banner: BANNERS[categoryKey] ?? FALLBACK_BANNER };
  }
  return {
    title: COLLECTION_TITLES[key] ?? titleFromSlug(slug),
    banner: BANNERS[key] ?? FALLBACK_BANNER,
  };
}
