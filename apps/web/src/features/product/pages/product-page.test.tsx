import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartResponse } from '@storefront/shared/cart';
import { Toaster } from '../../../components/ui/toaster';
import { SessionContext } from '../../../lib/contexts/session';
// The buyer's cart as the root layout provides it, over a fake cart API.
import { CartProvider } from '../../../lib/contexts/cart-provider';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { detail } from '../../../test/fixtures';
import { cartOf, SIGNED_IN } from '../../../test/order-fixtures';
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
        { option1: 'White, S', sku: 'a', variantIndex: 0 },
        { option1: 'Black, M', sku: 'b', variantIndex: 1 },
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
        { option1: 'White', sku: 'a', variantIndex: 0 },
        { option1: 'Black', sku: 'b', variantIndex: 1 },
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

describe('Add to Cart for a signed-in buyer', () => {
  const product = detail({
    _id: ID,
    name: 'Steel Mug',
    options: [{ name: 'Colour', values: ['White', 'Black'] }],
    // The server's own variant numbers, which need not be the places in the list (decision 028).
    varients: [
      { option1: 'White', sku: 'a', variantIndex: 2 },
      { option1: 'Black', sku: 'b', variantIndex: 5 },
    ],
  });

  /** The page, signed in, with the cart and the toasts; `add` answers the cart API's POST. */
  function renderSignedIn(add: (request: FakeRequest) => Promise<FakeAnswer> | FakeAnswer) {
    fakeImages();
    const requests = fakeApi((request) => {
      if (request.path === `/api/products/product/${ID}`) return { body: { payload: product } };
      if (request.path.startsWith('/api/products/recommend/')) return { body: { payload: [] } };
      if (request.method === 'GET' && request.path === '/api/cart/') return { body: cartOf([]) };
      if (request.method === 'POST' && request.path === `/api/cart/items/${ID}`)
        return add(request);
      return undefined;
    });
    render(<Toaster />);
    renderRoute(
      <SessionContext value={SIGNED_IN}>
        <CartProvider>
          <ProductPage />
        </CartProvider>
      </SessionContext>,
      { path: `/products/${ID}`, route },
    );
    return () => requests.filter((r) => r.method === 'POST').map((r) => r.body);
  }

  async function chooseBlackTimesTwoAndAdd(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByRole('button', { name: 'Add to Cart' });
    await user.selectOptions(screen.getByLabelText('Colour'), 'Black');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
  }

  it("shows 'Adding...' disabled while the line is sent, then 'Added to Cart'", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const posts = renderSignedIn(async () => {
      await answered;
      return { body: cartOf([]) satisfies CartResponse };
    });
    const user = userEvent.setup();
    await chooseBlackTimesTwoAndAdd(user);

    const pending = screen.getByRole('button', { name: 'Adding...' });
    expect(pending).toBeDisabled();
    expect(posts()).toEqual([{ quantity: 2, source: 'Ex-india custom', variantIndex: 5 }]);

    answer();
    const toast = await screen.findByText('Added to Cart');
    expect(toast.closest('[data-variant]')).toHaveAttribute('data-variant', 'default');
    expect(screen.getByText('2 item(s) added to your cart.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it.each([
    [
      {
        code: 'variant_unavailable',
        detail: 'Selected product variant combination (#5) is not available.',
      },
    ],
    [
      {
        code: 'cart_too_many_lines',
        detail:
          'Your cart already holds 200 different items, the most it can hold. Check out or remove an item before adding another.',
      },
    ],
  ])("a refusal %j shows 'Error Adding to Cart' with the server's message", async (refusal) => {
    renderSignedIn(() => ({ status: 400, body: refusal }));
    await chooseBlackTimesTwoAndAdd(userEvent.setup());
    const toast = await screen.findByText('Error Adding to Cart');
    expect(toast.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText(refusal.detail)).toBeInTheDocument();
    expect(screen.queryByText('Added to Cart')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it("a failure without a message shows 'Failed to add item to cart.'", async () => {
    renderSignedIn(() => {
      throw new Error('');
    });
    await chooseBlackTimesTwoAndAdd(userEvent.setup());
    const toast = await screen.findByText('Error Adding to Cart');
    expect(toast.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Failed to add item to cart.')).toBeInTheDocument();
  });
});
