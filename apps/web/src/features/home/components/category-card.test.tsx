import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listItem } from '../../../test/fixtures';
import { mockFetch, pendingFetch, renderRoute } from '../../../test/render';
import { HOME_CATEGORIES } from '../data/home-categories';
import { CategoryCard } from './category-card';

const bags = HOME_CATEGORIES[1]!;

describe('a Shop by Category card', () => {
  it('shows the fixed display name, 4 skeletons and See more while loading', () => {
    pendingFetch();
    renderRoute(<CategoryCard category={bags} />);
    expect(screen.getByRole('heading', { name: 'Bags, Wallets & Luggage' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton')).toHaveLength(8);
    expect(
      screen.getByRole('link', { name: 'See more in Bags, Wallets & Luggage' }),
    ).toHaveAttribute('href', '/categories/bags,-wallets-and-luggage');
  });

  it('shows only items 5 to 8 of the fetched list, each linking to its product', async () => {
    const products = Array.from({ length: 10 }, (_, i) => listItem({ name: `Item ${i + 1}` }));
    const calls = mockFetch(() => ({ body: { payload: products, total: 10, page: 1, limit: 10 } }));
    renderRoute(<CategoryCard category={bags} />);
    await screen.findByText('Item 5');
    const names = screen.getAllByRole('link').map((link) => link.textContent);
    expect(names.filter((n) => n?.startsWith('Item'))).toEqual([
      'Item 5',
      'Item 6',
      'Item 7',
      'Item 8',
    ]);
    expect(screen.getByRole('link', { name: /Item 5/ })).toHaveAttribute(
      'href',
      `/products/${products[4]!.objectID}`,
    );
    expect(calls).toEqual(['/api/products?query=bags+wallets+and+luggage&limit=10&page=1']);
  });

  it('shows no thumbnails when the call fails', async () => {
    const calls = mockFetch(() => ({ status: 500, body: { detail: 'boom', code: 'x' } }));
    renderRoute(<CategoryCard category={bags} />);
    await expect.poll(() => calls.length).toBe(1);
    await expect.poll(() => screen.queryAllByTestId('skeleton').length).toBe(0);
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(
      screen.getByRole('link', { name: 'See more in Bags, Wallets & Luggage' }),
    ).toBeInTheDocument();
  });
});
