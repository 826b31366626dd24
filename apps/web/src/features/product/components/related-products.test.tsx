import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { summary } from '../../../test/fixtures';
import { mockFetch, pendingFetch, renderRoute } from '../../../test/render';
import { RelatedProducts } from './related-products';

const ID = 'c'.repeat(24);

describe('related products', () => {
  it('shows six small skeleton cards while loading', () => {
    pendingFetch();
    renderRoute(<RelatedProducts productId={ID} />);
    expect(screen.getByRole('heading', { name: 'Related Products' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(6);
  });

  it('retries once, then shows the error box', async () => {
    const calls = mockFetch(() => ({ status: 500, body: { detail: 'boom', code: 'x' } }));
    renderRoute(<RelatedProducts productId={ID} />);
    expect(await screen.findByText('Error Loading Related Products')).toBeInTheDocument();
    expect(calls).toEqual([`/api/products/recommend/${ID}`, `/api/products/recommend/${ID}`]);
    expect(
      screen.getByText('Could not fetch related products at this time. Please try again later.'),
    ).toBeInTheDocument();
  });

  it("says 'No related products found.' for an empty list", async () => {
    mockFetch(() => ({ body: { payload: [] } }));
    renderRoute(<RelatedProducts productId={ID} />);
    expect(await screen.findByText('No related products found.')).toBeInTheDocument();
  });

  it('lists product cards with their price and a View Product link by objectID', async () => {
    const product = summary({ name: 'Steel Mug', sp: 1234.5 });
    mockFetch((url) =>
      url.pathname === `/api/products/recommend/${ID}`
        ? { body: { payload: [product] } }
        : undefined,
    );
    renderRoute(<RelatedProducts productId={ID} />);
    // One unit with Ex-India Customs, GST included: ₹1,234.50 × 1.15 = ₹1,419.675 → ₹1,419.68.
    expect(await screen.findByTestId('card-price')).toHaveTextContent(/^₹1,419\.68$/);
    expect(screen.getByTestId('list-price')).toHaveTextContent('List price ₹1,234.50');
    expect(screen.getByRole('link', { name: 'View Product' })).toHaveAttribute(
      'href',
      `/products/${product.objectID}`,
    );
    expect(screen.getByRole('link', { name: 'Steel Mug' })).toBeInTheDocument();
  });
});
