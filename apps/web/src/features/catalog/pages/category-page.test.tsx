import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HomeCollection } from '@storefront/shared/catalog';
import { CATEGORIES, COLLECTIONS, listItem } from '../../../test/fixtures';
import {
  fakeImages,
  hangingImages,
  mockFetch,
  pendingFetch,
  renderRoute,
} from '../../../test/render';
import { CategoryPage } from './category-page';

const route = '/categories/:slug';
const listingPage = <CategoryPage notFound={<h1>404 Page Not Found</h1>} />;
const path = '/categories/home-&-kitchen';

function answer(
  payload: ReturnType<typeof listItem>[],
  total = payload.length,
  collections: HomeCollection[] = COLLECTIONS,
) {
  return mockFetch(
    (url) =>
      url.pathname === '/api/products/categories' ? { body: { payload: CATEGORIES } } : undefined,
    (url) =>
      url.pathname === '/api/products/collections' ? { body: { payload: collections } } : undefined,
    (url) =>
      url.pathname === '/api/products'
        ? { body: { payload, total, page: Number(url.searchParams.get('page')), limit: 20 } }
        : undefined,
  );
}

const resultText = () => screen.getByTestId('result-text');

describe('the category listing', () => {
  it("says 'Loading products...' over a grid of 8 skeleton cards", () => {
    pendingFetch();
    renderRoute(listingPage, { path, route, withCategories: true });
    expect(resultText()).toHaveTextContent('Loading products...');
    const grid = screen.getByTestId('listing-skeleton');
    expect(within(grid).getAllByTestId('product-card-skeleton')).toHaveLength(8);
    expect(grid).toHaveClass('grid-cols-1', 'sm:grid-cols-2', 'lg:grid-cols-3', 'xl:grid-cols-4');
  });

  it("says 'Validating images...' while the images are checked", async () => {
    hangingImages();
    answer([listItem()]);
    renderRoute(listingPage, { path, route, withCategories: true });
    expect(await screen.findByText('Validating images...')).toBeInTheDocument();
  });

  it('drops products whose image fails or is missing, and counts the rest', async () => {
    fakeImages();
    const calls = answer(
      [
        listItem({ name: 'Good Mug' }),
        listItem({ name: 'Broken Mug', images: ['products/X-missing'] }),
        listItem({ name: 'Bare Mug', images: [] }),
      ],
      57,
    );
    renderRoute(listingPage, { path, route, withCategories: true });
    expect(await screen.findByRole('link', { name: 'Good Mug' })).toBeInTheDocument();
    expect(screen.queryByText('Broken Mug')).not.toBeInTheDocument();
    expect(screen.queryByText('Bare Mug')).not.toBeInTheDocument();
    expect(resultText()).toHaveTextContent('Showing 1 of 57 products · Page 1');
    expect(calls).toContain('/api/products?query=home+kitchen&limit=20&page=1');
    expect(
      await screen.findByRole('heading', { name: 'Home & Kitchen', level: 1 }),
    ).toBeInTheDocument();
  });

  it('loads the first row of images at once and first, the rest when scrolled to', async () => {
    fakeImages();
    answer(['One', 'Two', 'Three'].map((name) => listItem({ name: `${name} Mug` })));
    renderRoute(listingPage, { path, route, withCategories: true });
    const image = async (name: string) =>
      within((await screen.findByRole('link', { name })).closest('article')!).getByRole('img', {
        hidden: true,
      });
    for (const name of ['One Mug', 'Two Mug']) {
      expect(await image(name)).toHaveAttribute('loading', 'eager');
      expect(await image(name)).toHaveAttribute('fetchpriority', 'high');
    }
    expect(await image('Three Mug')).toHaveAttribute('loading', 'lazy');
    expect(await image('Three Mug')).not.toHaveAttribute('fetchpriority');
  });

  it('shows the empty state with Continue Shopping when nothing is left', async () => {
    fakeImages();
    answer([]);
    renderRoute(listingPage, { path, route, withCategories: true });
    expect(await screen.findByText('No products found in this category.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it("filters the page, says '(filtered from K)' and 'No results found' when nothing matches", async () => {
    fakeImages();
    answer(
      [listItem({ name: 'Steel Mug', sp: 500 }), listItem({ name: 'Glass Jar', sp: 900 })],
      40,
    );
    const user = userEvent.setup();
    renderRoute(listingPage, { path, route, withCategories: true });
    await screen.findByRole('link', { name: 'Steel Mug' });
    await user.type(screen.getByLabelText('Search in results'), 'jar');
    expect(resultText()).toHaveTextContent('Showing 1 of 40 products (filtered from 2) · Page 1');
    await user.type(screen.getByLabelText('Minimum price'), '1000');
    expect(resultText()).toHaveTextContent('No results found');
  });

  it('finds a product by a word past character 300 of its description', async () => {
    fakeImages();
    const description = `${'Food-grade steel, stackable. '.repeat(12)}Ships with a lifetime warranty.`;
    expect(description.indexOf('lifetime')).toBeGreaterThan(300);
    answer(
      [
        listItem({ name: 'Steel Mug', description }),
        listItem({ name: 'Glass Jar', description: 'Clear glass.' }),
      ],
      40,
    );
    const user = userEvent.setup();
    renderRoute(listingPage, { path, route, withCategories: true });
    await screen.findByRole('link', { name: 'Steel Mug' });
    await user.type(screen.getByLabelText('Search in results'), 'lifetime warranty');
    expect(resultText()).toHaveTextContent('Showing 1 of 40 products (filtered from 2) · Page 1');
    expect(screen.getByRole('link', { name: 'Steel Mug' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Glass Jar' })).not.toBeInTheDocument();
  });

  it('goes back to page 1 when a filter changes', async () => {
    fakeImages();
    answer([listItem({ name: 'Steel Mug' })], 40);
    const user = userEvent.setup();
    const { router } = renderRoute(listingPage, {
      path: `${path}?page=2`,
      route,
      withCategories: true,
    });
    await screen.findByRole('link', { name: 'Steel Mug' });
    expect(resultText()).toHaveTextContent('Page 2');
    await user.click(screen.getByRole('checkbox', { name: 'Drinkware' }));
    expect(router.state.location.search).toBe('');
  });

  it('cuts list-view descriptions at 150 characters', async () => {
    fakeImages();
    answer([listItem({ name: 'Steel Mug', description: 'a'.repeat(300) })]);
    const user = userEvent.setup();
    renderRoute(listingPage, { path, route, withCategories: true });
    await screen.findByRole('link', { name: 'Steel Mug' });
    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('list-description')).toHaveTextContent(`${'a'.repeat(150)}...`);
  });

  it('offers the next page only after a full page of 20', async () => {
    fakeImages();
    answer(
      Array.from({ length: 20 }, (_, i) => listItem({ name: `Mug ${i}` })),
      45,
    );
    renderRoute(listingPage, { path, route, withCategories: true });
    await screen.findByRole('link', { name: 'Mug 0' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/categories/home-&-kitchen?page=2',
    );
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toBeInTheDocument();
  });

  it("shows the alert 'Failed to fetch products' when the listing cannot be fetched", async () => {
    fakeImages();
    mockFetch(
      (url) =>
        url.pathname === '/api/products/categories' ? { body: { payload: CATEGORIES } } : undefined,
      (url) =>
        url.pathname === '/api/products'
          ? { status: 500, body: { detail: 'Internal server error', code: 'internal' } }
          : undefined,
    );
    renderRoute(listingPage, { path, route, withCategories: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorFailed to fetch products');
    expect(screen.queryByTestId('product-results')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it.each(['/categories/no-such-category', '/categories/and', '/categories/-'])(
    'shows the route’s not-found page for %s, which names nothing',
    async (unknown) => {
      fakeImages();
      answer([listItem({ name: 'Steel Mug' })]);
      renderRoute(listingPage, { path: unknown, route, withCategories: true });
      expect(
        await screen.findByRole('heading', { name: '404 Page Not Found' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Steel Mug' })).not.toBeInTheDocument();
    },
  );

  it('lists a collection under its display name', async () => {
    fakeImages();
    const calls = answer([listItem({ name: 'Steel Mug' })]);
    renderRoute(listingPage, {
      path: '/categories/international-best-sellers',
      route,
      withCategories: true,
    });
    expect(
      await screen.findByRole('heading', { name: 'Global Best Sellers', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Steel Mug' })).toBeInTheDocument();
    expect(calls).toContain('/api/products?query=international+best+sellers&limit=20&page=1');
  });

  it('heads a collection with the title the seller gave it, in the tab title too', async () => {
    fakeImages();
    const retitled = COLLECTIONS.map((c) =>
      c.slug === 'international-best-sellers' ? { ...c, title: 'Reordered Worldwide' } : c,
    );
    answer([listItem({ name: 'Steel Mug' })], 1, retitled);
    renderRoute(listingPage, {
      path: '/categories/international-best-sellers',
      route,
      withCategories: true,
    });
    expect(
      await screen.findByRole('heading', { name: 'Reordered Worldwide', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Global Best Sellers')).not.toBeInTheDocument();
    await expect.poll(() => document.title).toBe('Reordered Worldwide | B2B Storefront');
  });

  it("lists a seller's new collection rather than answering not found", async () => {
    fakeImages();
    const calls = answer([listItem({ name: 'Rain Poncho' })], 1, [
      ...COLLECTIONS,
      { slug: 'monsoon-deals', title: 'Monsoon Deals', subtitle: 'Rainwear', position: 5 },
    ]);
    renderRoute(listingPage, { path: '/categories/monsoon-deals', route, withCategories: true });
    expect(await screen.findByRole('link', { name: 'Rain Poncho' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Monsoon Deals', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).not.toBeInTheDocument();
    expect(calls).toContain('/api/products?query=monsoon+deals&limit=20&page=1');
  });

  it('heads a renamed category with its new name, reached by the slug it kept', async () => {
    fakeImages();
    const renamed = CATEGORIES.map((c) =>
      c.slug === 'home-&-kitchen' ? { ...c, category: 'Kitchen & Dining' } : c,
    );
    mockFetch(
      (url) =>
        url.pathname === '/api/products/categories' ? { body: { payload: renamed } } : undefined,
      (url) =>
        url.pathname === '/api/products/collections'
          ? { body: { payload: COLLECTIONS } }
          : undefined,
      (url) =>
        url.pathname === '/api/products'
          ? { body: { payload: [listItem({ name: 'Steel Mug' })], total: 1, page: 1, limit: 20 } }
          : undefined,
    );
    renderRoute(listingPage, { path, route, withCategories: true });
    expect(
      await screen.findByRole('heading', { name: 'Kitchen & Dining', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Kitchen & Dining',
    );
  });

  it('asks for at most page 10000 and offers the last page past the end', async () => {
    fakeImages();
    const calls = answer([], 45);
    renderRoute(listingPage, { path: `${path}?page=10001`, route, withCategories: true });
    expect(
      await screen.findByText('This page is past the end of the results.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/categories/home-&-kitchen?page=3',
    );
    expect(calls).toContain('/api/products?query=home+kitchen&limit=20&page=10000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
