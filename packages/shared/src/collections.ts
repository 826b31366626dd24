/**
 * The spec's five curated collections of the home banners (spec §2 "Home" and its category
 * routes): the slug as the spec gives it, the display title, and the subtitle under the title.
 * The seed stores them; from then on they are the seller's (decision 050), and the storefront
 * shows them as stored (GET /api/products/collections). The home page falls back to this list
 * only when that call fails.
 */
export interface Collection {
  slug: string;
  title: string;
  subtitle: string;
}

export const COLLECTIONS = [
  {
    slug: 'under-2000',
    title: 'Under 2000',
    // The spec's 'Exlpore' typo fixed (docs/product-decisions.md #3).
    subtitle: 'Explore our Budget friendly products',
  },
  {
    slug: 'international-best-sellers',
    title: 'Global Best Sellers',
    subtitle: 'What businesses around the world reorder most',
  },
  { slug: 'new-arrivals', title: 'Newest Arrival', subtitle: 'Fresh stock from our suppliers' },
  { slug: 'top-50', title: 'Top 50', subtitle: 'Our fifty most popular products' },
  { slug: 'hot-selling', title: 'Hot Selling', subtitle: 'Selling fast this week' },
] as const satisfies readonly Collection[];
