/**
 * Banner images by listing (spec §2 "Category listing": chosen by slug, falling back to a gift
 * image): the home categories and the collections, keyed by the catalog match key so every
 * slug form of a name finds its banner. Used by the home banners and the listing heading.
 */
import { catalogMatchKey } from '@storefront/shared/slugs';

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

/** The banner of a category, collection (by slug or name), or the gift image. */
export function bannerFor(slugOrName: string): string {
  return BANNERS[catalogMatchKey(slugOrName)] ?? FALLBACK_BANNER;
}
