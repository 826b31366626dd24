import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../test/fixtures';
import { mockFetch, pendingFetch, renderRoute } from '../../test/render';
import { CategoryDrawer } from './category-drawer';

const drawer = <CategoryDrawer open onOpenChange={() => undefined} />;

describe('the Shop By Category drawer', () => {
  it('shows six skeleton lines while the categories load', () => {
    pendingFetch();
    renderRoute(drawer, { withCategories: true });
    const dialog = screen.getByRole('dialog', { name: 'Shop By Category' });
    expect(within(dialog).getAllByTestId('skeleton')).toHaveLength(6);
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says the categories could not be loaded when the call fails', async () => {
    mockFetch((url) =>
      url.pathname === '/api/products/categories'
        ? { status: 500, body: { detail: 'Internal server error', code: 'internal' } }
        : undefined,
    );
    renderRoute(drawer, { withCategories: true });
    const dialog = screen.getByRole('dialog', { name: 'Shop By Category' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Categories could not be loaded. Please try again later.',
    );
    expect(within(dialog).queryByTestId('skeleton')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists each category’s subcategories and a See all link once loaded', async () => {
    mockFetch((url) =>
      url.pathname === '/api/products/categories' ? { body: { payload: CATEGORIES } } : undefined,
    );
    renderRoute(drawer, { withCategories: true });
    const dialog = screen.getByRole('dialog', { name: 'Shop By Category' });
    expect(
      await within(dialog).findByRole('link', { name: 'See all in Home & Kitchen' }),
    ).toHaveAttribute('href', '/categories/home-&-kitchen');
    expect(within(dialog).getByRole('link', { name: 'Drinkware' })).toHaveAttribute(
      'href',
      '/subcategories/drinkware',
    );
  });
});
