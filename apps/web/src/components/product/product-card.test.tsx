import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { summary } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { ProductCard } from './product-card';
import { ProductRow } from './product-row';

describe('the price on a card (issue 21)', () => {
  it('is one unit with the default source, GST included, with the sale price as the list price', () => {
    renderRoute(<ProductCard product={summary({ name: 'Desk Lamp', sp: 1499 })} />);
    const card = screen.getByTestId('product-card');
    // ₹1,499 × 1.15 Ex-India Customs: what the cart charges for one unit.
    expect(within(card).getByTestId('card-price')).toHaveTextContent(/^₹1,723\.85$/);
    expect(within(card).getByText('incl. GST')).toBeInTheDocument();
    expect(within(card).getByTestId('list-price')).toHaveTextContent(/^List price ₹1,499\.00$/);
    // The one bare amount on the card is the price the buyer pays.
    expect(within(card).getAllByText(/^₹[\d,]+\.\d{2}$/)).toHaveLength(1);
  });

  it('rounds the multiplied price half up to the paisa, as the cart does', () => {
    renderRoute(<ProductCard product={summary({ sp: 0.5 })} size="small" />);
    // 50 paise × 1.15 = 57.5 paise → 58.
    expect(screen.getByTestId('card-price')).toHaveTextContent(/^₹0\.58$/);
  });

  it('is the same on a row of the list view and of search results', () => {
    renderRoute(
      <ProductRow
        to="/products/x"
        imageSrc={null}
        imageAlt="Desk Lamp"
        name="Desk Lamp"
        price={1499}
      />,
    );
    expect(screen.getByTestId('card-price')).toHaveTextContent(/^₹1,723\.85$/);
    expect(screen.getByTestId('list-price')).toHaveTextContent('List price ₹1,499.00');
  });
});
