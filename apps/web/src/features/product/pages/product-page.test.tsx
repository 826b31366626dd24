import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { detail } from '../../../test/fixtures';
import { fakeImages, mockFetch, pendingFetch, renderRoute } from '../../../test/render';
import { ProductPage } from './product-page';

const ID = 'd'.repeat(24);
const route = '/products/:id';

describe('the product page', () => {
  it('shows the loading skeleton while the product loads', () => {
    pendingFetch();
    renderRoute(<ProductPage />, { path: `/products/${ID}`, route });
    expect(screen.getByTestId('product-loading')).toBeInTheDocument();
  });

  it('retries once, then shows the fetch error message', async () => {
    const calls = mockFetch(() => ({
      status: 404,
      body: { detail: 'Product not found', code: 'product_not_found' },
    }));
    renderRoute(<ProductPage />, { path: `/products/${ID}`, route });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Failed to fetch product: 404 Not Found',
    );
    expect(calls).toEqual([`/api/products/product/${ID}`, `/api/products/product/${ID}`]);
  });

  it("does not fetch id '0' and shows the fallback message", () => {
    const calls = mockFetch(() => ({ body: {} }));
    renderRoute(<ProductPage />, { path: '/products/0', route });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load product details. Please try again later.',
    );
    expect(calls).toEqual([]);
  });

  it('preselects the first value of each option and updates the price with the quantity', async () => {
    fakeImages();
    const product = detail({
      _id: ID,
      name: 'Steel Mug',
      options: [
        { name: 'Colour', values: ['White', 'Black'] },
        { name: 'Size', values: ['S', 'M'] },
      ],
      varients: [
        { option1: 'White, S', sku: 'a' },
        { option1: 'Black, M', sku: 'b' },
      ],
    });
    mockFetch(
      (url) =>
        url.pathname === `/api/products/product/${ID}` ? { body: { payload: product } } : undefined,
      (url) =>
        url.pathname.startsWith('/api/products/recommend/') ? { body: { payload: [] } } : undefined,
    );
    const user = userEvent.setup();
    renderRoute(<ProductPage />, { path: `/products/${ID}`, route });
    expect(await screen.findByRole('heading', { name: 'Steel Mug', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Colour')).toHaveValue('White');
    expect(screen.getByLabelText('Size')).toHaveValue('S');
    expect(screen.getByLabelText('Shipping source')).toHaveValue('Ex-india custom');
    expect(within(screen.getByLabelText('Shipping source')).getAllByRole('option')).toHaveLength(1);
    expect(screen.getByTestId('line-total')).toHaveTextContent('₹1,148.85');

    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '25');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₹1,033.85');
    expect(screen.getByTestId('line-total')).toHaveTextContent('₹25,846.25');
    expect(
      screen.getByText('In Stock - Ships within 1 business day from warehouse'),
    ).toBeInTheDocument();
    expect(screen.getByText('Standard shipping: 18-20 days for all orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('sends a logged-out buyer to sign in with the chosen quantity, options and source kept', async () => {
    fakeImages();
    const product = detail({
      _id: ID,
      options: [{ name: 'Colour', values: ['White', 'Black'] }],
      varients: [
        { option1: 'White', sku: 'a' },
        { option1: 'Black', sku: 'b' },
      ],
    });
    mockFetch(
      (url) =>
        url.pathname === `/api/products/product/${ID}` ? { body: { payload: product } } : undefined,
      () => ({ body: { payload: [] } }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(<ProductPage />, { path: `/products/${ID}`, route });
    await screen.findByRole('button', { name: 'Add to Cart' });
    await user.selectOptions(screen.getByLabelText('Colour'), 'Black');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(router.state.location.pathname).toBe('/auth');
    const returnUrl = new URLSearchParams(router.state.location.search).get('returnUrl');
    expect(returnUrl).toBe(`/products/${ID}?qty=2&source=Ex-india+custom&opt.Colour=Black`);
  });

  it('renders the description through the sanitiser: no handler, script or javascript: link', async () => {
    fakeImages();
    const product = detail({
      _id: ID,
      description:
        '<p onclick="__xss()">Sturdy<img src=x onerror="__xss()"></p><script>__xss()</script>' +
        '<a href="javascript:__xss()" target="_blank">spec</a>',
    });
    mockFetch(
      (url) =>
        url.pathname === `/api/products/product/${ID}` ? { body: { payload: product } } : undefined,
      () => ({ body: { payload: [] } }),
    );
    renderRoute(<ProductPage />, { path: `/products/${ID}`, route });
    const description = await screen.findByTestId('product-description');
    expect(description.innerHTML).toBe(
      '<p>Sturdy</p><a rel="nofollow noopener noreferrer">spec</a>',
    );
  });
});
