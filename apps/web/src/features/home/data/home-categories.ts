/**
 * The 'Shop by Category' cards and the 'Top Categories for You' banners (spec §2 "Home"). The
 * page shows the seller's own (decision 050); the spec's lists here stand in only while they
 * cannot be had. Display names fix the spec's typos (product decision #3); slugs stay exactly
 * as the spec gives.
 */
import type { HomeCollection } from '@storefront/shared/catalog';
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

/** A collection's banner: its listing, its image by slug (the gift image for a new one). */
export function collectionBanner({
  slug,
  title,
  subtitle,
}: Pick<HomeCollection, 'slug' | 'title' | 'subtitle'>): BannerConfig {
  return { slug, url: href.category(slug), src: bannerFor(slug), title, subtitle };
}

/** The spec's five banners, shown only when the seller's collections cannot be read. */
export const SPEC_COLLECTION_BANNERS: BannerConfig[] = COLLECTIONS.map(collectionBanner);
