/**
 * The home page shows the seller's catalog (decision 050): the first 8 categories as cards and
 * the first 5 collections as banners, in the seller's order, by the names the server holds now.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Category, HomeCollection } from '@storefront/shared/catalog';
import { COLLECTIONS, listItem } from '../../../test/fixtures';
import { mockFetch, pendingFetch, renderRoute } from '../../../test/render';
import { HomePage } from './home-page';

/** Nine categories, the seller's order: more than the home page's eight. */
const CATEGORIES: Category[] = [
  'Electronics',
  'Baby',
  'Beauty',
  'Kitchen & Dining',
  'Garden',
  'Toys',
  'Books',
  'Office Supplies',
  'Sports',
].map((name, i) => ({
  _id: { $oid: String(i + 1).padStart(24, '0') },
  category: name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  subCategory: [],
}));

/** The seller put a new collection first, retitled another and pushed 'Top 50' to sixth. */
const SELLERS_COLLECTIONS: HomeCollection[] = [
  {
    slug: 'monsoon-deals',
    title: 'Monsoon Deals',
    subtitle: 'Rainwear for the season',
    position: 0,
  },
  { ...COLLECTIONS[0]!, position: 1 },
  { ...COLLECTIONS[1]!, title: 'Reordered Worldwide', position: 2 },
  { ...COLLECTIONS[2]!, position: 3 },
  { ...COLLECTIONS[4]!, position: 4 },
  { ...COLLECTIONS[3]!, position: 5 },
];

function answer(collections: { status?: number; body: unknown }) {
  return mockFetch(
    (url) =>
      url.pathname === '/api/products/categories' ? { body: { payload: CATEGORIES } } : undefined,
    (url) => (url.pathname === '/api/products/collections' ? collections : undefined),
    (url) =>
      url.pathname === '/api/products'
        ? { body: { payload: [listItem({ name: `From ${url.search}` })], total: 1 } }
        : undefined,
  );
}

const bannerTitles = () => screen.queryAllByTestId('row-title').map((title) => title.textContent);

describe('the home page', () => {
  it("shows the seller's first five collections as banners, in order, with their titles", async () => {
    const calls = answer({ body: { payload: SELLERS_COLLECTIONS } });
    renderRoute(<HomePage />, { withCategories: true });
    await expect
      .poll(bannerTitles)
      .toEqual([
        'Monsoon Deals',
        'Under 2000',
        'Reordered Worldwide',
        'Newest Arrival',
        'Hot Selling',
      ]);
    const first = screen.getAllByTestId('collection-row')[0]!;
    expect(within(first).getByText('Rainwear for the season')).toBeInTheDocument();
    // A new collection has a banner, a listing link and its products like the spec's five.
    expect(within(first).getByRole('link', { name: 'Shop Now: Monsoon Deals' })).toHaveAttribute(
      'href',
      '/categories/monsoon-deals',
    );
    // The banner's image (decorative, alt '') falls back to the gift image for a new slug.
    expect(first.querySelector('img')).toHaveAttribute('src', '/banners/gift.svg');
    expect(
      await within(first).findByText('From ?query=monsoon+deals&limit=10&page=2'),
    ).toBeVisible();
    expect(screen.queryByText('Global Best Sellers')).not.toBeInTheDocument();
    expect(screen.queryByText('Top 50')).not.toBeInTheDocument();
    expect(calls.filter((call) => call === '/api/products/collections')).toHaveLength(1);
  });

  it("shows the seller's first eight categories as cards, by their names now", async () => {
    answer({ body: { payload: SELLERS_COLLECTIONS } });
    renderRoute(<HomePage />, { withCategories: true });
    const grid = screen.getByRole('region', { name: 'Shop by Category' });
    await expect
      .poll(() =>
        within(grid)
          .queryAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      )
      .toEqual(CATEGORIES.slice(0, 8).map((c) => c.category));
    expect(
      within(grid).getByRole('link', { name: 'See more in Kitchen & Dining' }),
    ).toHaveAttribute('href', '/categories/kitchen-&-dining');
    expect(within(grid).queryByText('Sports')).not.toBeInTheDocument();
  });

  it('holds the banners’ places, without any titles, until the collections are read', () => {
    pendingFetch();
    renderRoute(<HomePage />, { withCategories: true });
    expect(screen.getAllByTestId('collection-row-skeleton')).toHaveLength(5);
    expect(bannerTitles()).toEqual([]);
  });

  it('shows the spec’s five banners when the collections cannot be read', async () => {
    answer({ status: 500, body: { detail: 'Internal server error', code: 'internal' } });
    renderRoute(<HomePage />, { withCategories: true });
    await expect
      .poll(bannerTitles)
      .toEqual(['Under 2000', 'Global Best Sellers', 'Newest Arrival', 'Top 50', 'Hot Selling']);
  });
});
