/**
 * The 'Shop by Category' cards and the 'Top Categories for You' banners (spec §2 "Home").
 * Display names fix the spec's typos (decisions.md #3); slugs stay exactly as the spec gives.
 */

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

export const TOP_CATEGORY_BANNERS: BannerConfig[] = [
  {
    slug: 'under-2000',
    url: '/categories/under-2000',
    src: '/banners/under-2000.svg',
    title: 'Under 2000',
    subtitle: 'Explore our Budget friendly products',
  },
  {
    slug: 'international-best-sellers',
    url: '/categories/international-best-sellers',
    src: '/banners/best-sellers.svg',
    title: 'Global Best Sellers',
    subtitle: 'What businesses around the world reorder most',
  },
  {
    slug: 'new-arrivals',
    url: '/categories/new-arrivals',
    src: '/banners/new-arrivals.svg',
    title: 'Newest Arrival',
    subtitle: 'Fresh stock from our suppliers',
  },
  {
    slug: 'top-50',
    url: '/categories/top-50',
    src: '/banners/top-50.svg',
    title: 'Top 50',
    subtitle: 'Our fifty most popular products',
  },
  {
    slug: 'hot-selling',
    url: '/categories/hot-selling',
    src: '/banners/hot-selling.svg',
    title: 'Hot Selling',
    subtitle: 'Selling fast this week',
  },
];
