import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS, listItem } from '../../../test/fixtures';
import { mockFetch, pendingFetch, renderRoute } from '../../../test/render';
import { collectionBanner } from '../data/home-categories';
import { CollectionRow } from './collection-row';

const banner = collectionBanner(COLLECTIONS[0]!);

describe('a Top Categories row', () => {
  it('shows its banner and 4 skeletons while loading', () => {
    pendingFetch();
    renderRoute(<CollectionRow banner={banner} />);
    expect(screen.getByRole('heading', { name: 'Under 2000' })).toBeInTheDocument();
    expect(screen.getByText('Explore our Budget friendly products')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop Now: Under 2000' })).toHaveAttribute(
      'href',
      '/categories/under-2000',
    );
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(4);
  });

  it("shows the red 'Failed to load products.' when the call fails", async () => {
    mockFetch(() => ({ status: 500, body: { detail: 'boom', code: 'x' } }));
    renderRoute(<CollectionRow banner={banner} />);
    const message = await screen.findByText('Failed to load products.');
    expect(message).toHaveClass('text-red-600');
  });

  it('shows nothing at all when the row has no products', async () => {
    const calls = mockFetch(() => ({ body: { payload: [], total: 0, page: 2, limit: 10 } }));
    const { container } = renderRoute(<CollectionRow banner={banner} />);
    await expect.poll(() => calls.length).toBe(1);
    await expect.poll(() => container.innerHTML).toBe('');
  });

  it('asks for page 2 of 10 products and shows them as cards', async () => {
    const products = [listItem({ name: 'Tea Cup' }), listItem({ name: 'Water Jug' })];
    const calls = mockFetch(() => ({ body: { payload: products, total: 12, page: 2, limit: 10 } }));
    renderRoute(<CollectionRow banner={banner} />);
    expect(await screen.findByRole('link', { name: 'Tea Cup' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
    expect(calls).toEqual(['/api/products?query=under+2000&limit=10&page=2']);
  });

  describe('below the fold', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('asks for its products only when it comes within a screen of the viewport', async () => {
      let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
      const observed: Element[] = [];
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: typeof report, options: IntersectionObserverInit) {
            report = callback;
            expect(options.rootMargin).toBe('100% 0px');
          }
          observe(element: Element) {
            observed.push(element);
          }
          disconnect() {}
        },
      );
      const products = [listItem({ name: 'Tea Cup' })];
      const calls = mockFetch(() => ({
        body: { payload: products, total: 1, page: 2, limit: 10 },
      }));
      renderRoute(<CollectionRow banner={banner} />);
      expect(observed).toEqual([screen.getByTestId('collection-row')]);
      expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(4);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls).toHaveLength(0);

      act(() => report?.([{ isIntersecting: true }]));
      expect(await screen.findByText('Tea Cup')).toBeInTheDocument();
      expect(calls).toHaveLength(1);
    });
  });
});
