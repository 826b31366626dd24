import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TierTable } from './tier-table';

const tiers = [
  { minQuantity: 100, maxQuantity: 999999, price: 799, savingsPercentage: 20 },
  { minQuantity: 1, maxQuantity: 1, price: 1000, savingsPercentage: 0 },
  { minQuantity: 2, maxQuantity: 99, price: 899.5, savingsPercentage: 10 },
];

function rows() {
  return screen.getAllByTestId('tier-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );
}

describe('the volume pricing table', () => {
  it("labels tiers 'min+', a single number, or 'min-max', with 'Save n%' only above 0", () => {
    render(<TierTable tiers={tiers} quantity={1} source="Ex-china" />);
    expect(rows()).toEqual([
      ['1', '₹1,000.00', ''],
      ['2-99', '₹899.50', 'Save 10%'],
      ['100+', '₹799.00', 'Save 20%'],
    ]);
  });

  it('prices each tier as the cart charges it: with the source’s multiplier, GST included, and says so', () => {
    render(<TierTable tiers={tiers} quantity={1} source="Ex-india custom" />);
    // ₹899.50 × 1.15 = ₹1,034.425, half up: ₹1,034.43 (priceLine's unit price at 2 to 99 units).
    expect(rows()).toEqual([
      ['1', '₹1,150.00', ''],
      ['2-99', '₹1,034.43', 'Save 10%'],
      ['100+', '₹918.85', 'Save 20%'],
    ]);
    expect(screen.getByRole('table')).toHaveAccessibleDescription(
      'Per unit with Ex-India Customs (INR) shipping, GST included: what your cart charges.',
    );
  });

  it('marks the tier that holds the quantity', () => {
    render(<TierTable tiers={tiers} quantity={150} source="Ex-india custom" />);
    const current = screen.getAllByTestId('tier-row').filter((r) => r.getAttribute('aria-current'));
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('100+');
  });

  it('shows nothing for a product without tiers', () => {
    const { container } = render(<TierTable tiers={[]} quantity={1} source="Ex-india custom" />);
    expect(container).toBeEmptyDOMElement();
  });
});
