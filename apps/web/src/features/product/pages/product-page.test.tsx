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

/** The uncached availability call's answer: the product's units and each variant's. */
const availability =
  (stock: number | null, variants: { variantIndex: number; stock: number | null }[] = []) =>
  (url: URL) =>
    url.pathname === `/api/products/${ID}/availability`
      ? { body: { payload: { productId: ID, stock, variants } } }
      : undefined;

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
    expect(await screen.findByRole('alert')).toHaveTextContent(
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
        { option1: 'White, S', sku: 'a', variantIndex: 0, price: null },
        { option1: 'Black, M', sku: 'b', variantIndex: 1, price: null },
      ],
    });
    mockFetch(
      (url) =>
        url.pathname === `/api/products/product/${ID}` ? { body: { payload: product } } : undefined,
      availability(null, [
        { variantIndex: 0, stock: null },
        { variantIndex: 1, stock: null },
      ]),
      (url) =>
        url.pathname.startsWith('/api/products/recommend/') ? { body: { payload: [] } } : undefined,
    );
    const user = userEvent.setup();
    renderRoute(<ProductPage />, { path: `/products/${ID}`, route });
    expect(await screen.findByRole('heading', { name: 'Steel Mug', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Colour')).toHaveValue('White');
    expect(screen.getByLabelText('Size')).toHaveValue('S');
    expect(screen.getByLabelText('Shipping source')).toHaveValue('Ex-india custom');
    // The stock line's code loads after the page paints (over a second on a busy machine).
    expect(
      await screen.findByText('In Stock - Ships within 1 business day from warehouse'),
    ).toBeInTheDocument();
    expect(within(screen.getByLabelText('Shipping source')).getAllByRole('option')).toHaveLength(1);
    expect(screen.getByTestId('line-total')).toHaveTextContent('₹1,148.85');
    // The headline promises what one unit costs in the cart: ₹999 × 1.15, GST included.
    expect(screen.getByTestId('headline-price')).toHaveTextContent(/^₹1,148\.85$/);
    expect(screen.getByTestId('headline-price').parentElement).toHaveTextContent('incl. GST');
    expect(screen.getByTestId('headline-list-price')).toHaveTextContent('List price ₹999.00');
    // The regular price (₹1,200) is still above it, so it is struck through.
    expect(screen.getByText('Regular price')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '25');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₹1,033.85');
    expect(screen.getByTestId('line-total')).toHaveTextContent('₹25,846.25');
    // The marked tier's price is the unit price the summary (and the cart) charges.
    const tier = screen.getAllByTestId('tier-row').find((row) => row.getAttribute('aria-current'));
    expect(within(tier!).getByTestId('tier-price')).toHaveTextContent(/^₹1,033\.85$/);
    // ₹25,846.25 at 18%: ₹21,903.60 without GST, ₹3,942.65 of GST.
    expect(await screen.findByTestId('summary-taxable')).toHaveTextContent(/^₹21,903\.60$/);
    expect(screen.getByTestId('summary-gst')).toHaveTextContent(/^₹3,942\.65$/);
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
        { option1: 'White', sku: 'a', variantIndex: 0, price: null },
        { option1: 'Black', sku: 'b', variantIndex: 1, price: null },
      ],
    });
    mockFetch(
      (url) =>
        url.pathname === `/api/products/product/${ID}` ? { body: { payload: product } } : undefined,
      availability(40),
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
      { option1: 'White', sku: 'a', variantIndex: 2, price: null },
      { option1: 'Black', sku: 'b', variantIndex: 5, price: null },
    ],
  });

  /** The page, signed in, with the cart and the toasts; `add` answers the cart API's POST. */
  function renderSignedIn(add: (request: FakeRequest) => Promise<FakeAnswer> | FakeAnswer) {
    fakeImages();
    const requests = fakeApi((request) => {
      if (request.path === `/api/products/product/${ID}`) return { body: { payload: product } };
      if (request.path.startsWith('/api/products/recommend/')) return { body: { payload: [] } };
      if (request.path === `/api/products/${ID}/availability`)
        return { body: { payload: { productId: ID, stock: null, variants: [] } } };
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

describe('stock, the minimum order and variant prices (issue 20)', () => {
  function renderWith(product: ReturnType<typeof detail>, stock: ReturnType<typeof availability>) {
    fakeImages();
    mockFetch(
      (url) =>
        url.pathname === `/api/products/product/${ID}` ? { body: { payload: product } } : undefined,
      stock,
      () => ({ body: { payload: [] } }),
    );
    renderRoute(<ProductPage />, { path: `/products/${ID}`, route });
  }

  it("adds 'Only N left' below the low-stock threshold", async () => {
    renderWith(detail({ _id: ID }), availability(3));
    expect(await screen.findByText('Only 3 left')).toBeInTheDocument();
    expect(
      screen.getByText('In Stock - Ships within 1 business day from warehouse'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('says Out of stock and disables Add to Cart for the chosen variant only', async () => {
    const user = userEvent.setup();
    renderWith(
      detail({
        _id: ID,
        options: [{ name: 'Colour', values: ['White', 'Black'] }],
        varients: [
          { option1: 'White', sku: 'a', variantIndex: 0, price: null },
          { option1: 'Black', sku: 'b', variantIndex: 1, price: null },
        ],
      }),
      availability(null, [
        { variantIndex: 0, stock: 25 },
        { variantIndex: 1, stock: 0 },
      ]),
    );
    expect(
      await screen.findByText('In Stock - Ships within 1 business day from warehouse'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await user.selectOptions(screen.getByLabelText('Colour'), 'Black');
    expect(screen.getByTestId('stock-line')).toHaveTextContent('Out of stock');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Colour'), 'White');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('says when the quantity is more than is left, and disables Add to Cart', async () => {
    const user = userEvent.setup();
    renderWith(detail({ _id: ID, name: 'Brass Hinge' }), availability(4));
    await screen.findByText('Only 4 left');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '6');
    expect(screen.getByTestId('stock-problem')).toHaveTextContent(
      'Only 4 of Brass Hinge left in stock; you asked for 6.',
    );
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('starts at the minimum, steps by the pack and says why a typed quantity cannot be', async () => {
    const user = userEvent.setup();
    renderWith(
      detail({ _id: ID, name: 'Cable Ties', minOrderQuantity: 10, orderMultiple: 5 }),
      availability(null),
    );
    expect(await screen.findByTestId('quantity-rules')).toHaveTextContent(
      'Minimum order 10 units, sold in packs of 5',
    );
    expect(screen.getByLabelText('Quantity')).toHaveValue('10');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue('15');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '12');
    expect(screen.getByTestId('quantity-problem')).toHaveTextContent(
      'Cable Ties is sold in packs of 5: choose a multiple of 5, such as 10 or 15.',
    );
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await user.tab();
    expect(screen.getByLabelText('Quantity')).toHaveValue('15');
    expect(screen.queryByTestId('quantity-problem')).not.toBeInTheDocument();
  });

  it("shows a variant's own price, with the tiers scaled to it", async () => {
    const user = userEvent.setup();
    renderWith(
      detail({
        _id: ID,
        sp: 100,
        priceTiers: [
          { minQuantity: 1, maxQuantity: 9, price: 100, savingsPercentage: 0 },
          { minQuantity: 10, maxQuantity: 999999, price: 90, savingsPercentage: 10 },
        ],
        options: [{ name: 'Pack', values: ['Pack of 1', 'Pack of 6'] }],
        varients: [
          { option1: 'Pack of 1', sku: 'a', variantIndex: 0, price: null },
          { option1: 'Pack of 6', sku: 'b', variantIndex: 1, price: 570 },
        ],
      }),
      availability(null, [
        { variantIndex: 0, stock: null },
        { variantIndex: 1, stock: null },
      ]),
    );
    await screen.findByLabelText('Pack');
    // ₹100 × 1.15 Ex-India Customs.
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₹115.00');
    expect(screen.getByTestId('headline-price')).toHaveTextContent(/^₹115\.00$/);
    await user.selectOptions(screen.getByLabelText('Pack'), 'Pack of 6');
    expect(screen.getByTestId('base-unit-price')).toHaveTextContent('₹570.00');
    // The headline follows the variant: ₹570 × 1.15, with ₹570 as its list price.
    expect(screen.getByTestId('headline-price')).toHaveTextContent(/^₹655\.50$/);
    expect(screen.getByTestId('headline-list-price')).toHaveTextContent('List price ₹570.00');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '10');
    // The 10+ tier saves 10% of the variant's ₹570 too: ₹513.00.
    expect(screen.getByTestId('base-unit-price')).toHaveTextContent('₹513.00');
  });
});
