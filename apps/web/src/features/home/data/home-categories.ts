/**
 * The 'Shop by Category' cards and the 'Top Categories for You' banners (spec §2 "Home").
 * Display names fix the spec's typos (product decision #3); slugs stay exactly as the spec gives.
 */
import { COLLECTIONS } from '@storefront/shared/collections';
import { href } from '@storefront/shared/routes';
import { bannerFor } from '../../../lib/data/banners';

export interface HomeCategory {
  name: string;
  slug: string;
}

export const HOME_CATEGORIES: HomeCategory[] = [
  { name: 'Baby', slug: 'baby' },
  { name: 'Bags, Wallets & Luggage', slug: 'bags,-wallets-and-luggage' },
  { name: 'Beauty', slug: 'beauty' },
  { name: 'Car & MotorBike', slug: 'car-&-motorbike' },
  { name: 'Clothing & Accessories', slug: 'clothing-&-accessories' },
  { name: 'Computers & Accessories', slug: 'computers-&-accessories' },
  { name: 'Electronics', slug: 'electronics' },
  { name: 'Home & Kitchen', slug: 'home-&-kitchen' },
];

/** Banner config banner1..banner5: url, src, title, subtitle (spec §3). */
export interface BannerConfig {
  url: string;
  src: string;
  title: string;
  subtitle: string;
  slug: string;
}

/** A banner per collection, in the spec's order; titles and subtitles from the shared list. */
export const TOP_CATEGORY_BANNERS: BannerConfig[] = COLLECTIONS.map(({ slug, title, subtitle }) => ({
  slug,
  url: href.category(slug),
  src: bannerFor(slug),
  title,
  subtitle,
}));
