import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceSummary } from './price-summary';

const tiers = [
  { minQuantity: 1, maxQuantity: 24, price: 999, savingsPercentage: 0 },
  { minQuantity: 25, maxQuantity: 99, price: 899, savingsPercentage: 10 },
  { minQuantity: 100, maxQuantity: 999999, price: 799, savingsPercentage: 20 },
];

describe('the price summary', () => {
  it('prices one unit of the first tier with the Ex-India Customs multiplier on its own line', () => {
    render(
      <PriceSummary sp={999} tiers={tiers} quantity={1} source="Ex-india custom" gstRate={18} />,
    );
    expect(screen.getByText('Unit price (1-24 units)')).toBeInTheDocument();
    expect(screen.getByTestId('base-unit-price')).toHaveTextContent('₹999.00');
    expect(screen.getByText('Ex-India Customs (INR) multiplier')).toBeInTheDocument();
    expect(screen.getByTestId('source-multiplier')).toHaveTextContent('× 1.15');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₹1,148.85');
    expect(screen.getByTestId('line-total')).toHaveTextContent('₹1,148.85');
  });

  it('splits the total into its price without GST and the GST at the product’s rate', async () => {
    render(
      <PriceSummary sp={999} tiers={tiers} quantity={1} source="Ex-india custom" gstRate={18} />,
    );
    // ₹1,148.85 × 100/118 = ₹973.601…, half up to the paisa; the GST is the rest.
    expect(await screen.findByTestId('summary-taxable')).toHaveTextContent(/^₹973\.60$/);
    expect(screen.getByText('GST (18%)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-gst')).toHaveTextContent(/^₹175\.25$/);
    expect(screen.getByText('Total incl. GST')).toBeInTheDocument();
  });

  it('taxes the whole line at once, at a special rate too', async () => {
    const { rerender } = render(
      <PriceSummary sp={999} tiers={tiers} quantity={120} source="Ex-india custom" gstRate={18} />,
    );
    expect(await screen.findByTestId('summary-taxable')).toHaveTextContent('₹93,442.37');
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('₹16,819.63');
    rerender(
      <PriceSummary sp={500} tiers={[]} quantity={3} source="Ex-india custom" gstRate={0.25} />,
    );
    expect(screen.getByText('GST (0.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-taxable')).toHaveTextContent('₹1,720.70');
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('₹4.30');
  });

  it('moves to the tier that holds the quantity and multiplies the line', () => {
    render(
      <PriceSummary sp={999} tiers={tiers} quantity={120} source="Ex-india custom" gstRate={18} />,
    );
    expect(screen.getByText('Unit price (100+ units)')).toBeInTheDocument();
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₹918.85');
    expect(screen.getByTestId('line-total')).toHaveTextContent('₹1,10,262.00');
  });

  it('uses the sale price when no tier holds the quantity', () => {
    render(<PriceSummary sp={500} tiers={[]} quantity={3} source="Ex-india custom" gstRate={18} />);
    expect(screen.getByText('Unit price')).toBeInTheDocument();
    expect(screen.getByTestId('line-total')).toHaveTextContent('₹1,725.00');
  });
});
