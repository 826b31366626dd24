/**
 * The query key of a home listing's 10 products (a category card's page 1, a collection row's
 * page 2): one key for both, so the page's first state is seeded from `catalogCalls.homeProducts`.
 */
export const homeListingKey = (slug: string, page: number) =>
  ['home', 'listing', slug, page] as const;
