import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSummaryCard } from './order-summary-card';
import type { TaxSummary } from '@storefront/shared/tax-summary';
import { FreeShippingRow, OrderTotals, PlaceOfSupply, TotalsRow } from './order-totals';

/** Each row of the list as [label, value]. */
function rowsOf(list: HTMLElement) {
  return within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('the order totals', () => {
  it('lists the subtotal with its item count, shipping FREE and the total, in rupees', () => {
    render(<OrderTotals itemCount={15} subtotal={1587} total={123456.5} totalTestId="the-total" />);
    const list = screen.getByText('Shipping').closest('dl')!;
    expect(rowsOf(list)).toEqual([
      ['Subtotal (15 items)', '₹1,587.00'],
      ['Shipping', 'FREE'],
      ['Total', '₹1,23,456.50'],
    ]);
    expect(screen.getByTestId('the-total')).toHaveTextContent(/^₹1,23,456\.50$/);
    expect(screen.getByText('FREE')).toHaveClass('font-semibold', 'text-green-700');
    expect(screen.getByText('Total').parentElement).toHaveClass(
      'border-t',
      'pt-2',
      'text-base',
      'font-bold',
    );
  });

  it('puts a step’s own rows between shipping and the total', () => {
    render(
      <OrderTotals itemCount={10} subtotal={1150} total={1150} totalTestId="the-total">
        <TotalsRow label="Tax (included)">-</TotalsRow>
      </OrderTotals>,
    );
    const list = screen.getByText('Tax (included)').closest('dl')!;
    expect(rowsOf(list)).toEqual([
      ['Subtotal (10 items)', '₹1,150.00'],
      ['Shipping', 'FREE'],
      ['Tax (included)', '-'],
      ['Total', '₹1,150.00'],
    ]);
    expect(screen.getByText('Tax (included)')).toHaveClass('text-slate-600');
  });

  it('offers the FREE shipping row alone, for a list of the caller’s', () => {
    render(
      <dl>
        <FreeShippingRow />
        <TotalsRow label="Order total" className="font-semibold">
          ₹345.00
        </TotalsRow>
      </dl>,
    );
    expect(rowsOf(screen.getByText('Shipping').closest('dl')!)).toEqual([
      ['Shipping', 'FREE'],
      ['Order total', '₹345.00'],
    ]);
    expect(screen.getByText('₹345.00')).toHaveClass('font-semibold');
  });
});

describe('the GST of a total (issue 21)', () => {
  const tax = (overrides: Partial<TaxSummary>): TaxSummary => ({
    taxable: 292.37,
    cgst: 0,
    sgst: 0,
    igst: 52.63,
    tax: 52.63,
    heads: ['GST'],
    supplyType: null,
    placeOfSupply: null,
    ...overrides,
  });

  it.each([
    ['before the place of supply is known', tax({}), [['GST (included)', '₹52.63']], null],
    [
      'within the seller’s state',
      tax({
        cgst: 26.32,
        sgst: 26.31,
        igst: 0,
        heads: ['CGST', 'SGST'],
        supplyType: 'intra',
        placeOfSupply: { code: '27', name: 'Maharashtra' },
      }),
      [
        ['CGST', '₹26.32'],
        ['SGST', '₹26.31'],
      ],
      'Place of supply: Maharashtra (27) · CGST + SGST',
    ],
    [
      'within a union territory without a legislature',
      tax({
        cgst: 26.32,
        sgst: 26.31,
        igst: 0,
        heads: ['CGST', 'UTGST'],
        supplyType: 'intra-ut',
        placeOfSupply: { code: '04', name: 'Chandigarh' },
      }),
      [
        ['CGST', '₹26.32'],
        ['UTGST', '₹26.31'],
      ],
      'Place of supply: Chandigarh (04) · CGST + UTGST',
    ],
    [
      'to another state',
      tax({
        heads: ['IGST'],
        supplyType: 'inter',
        placeOfSupply: { code: '29', name: 'Karnataka' },
      }),
      [['IGST', '₹52.63']],
      'Place of supply: Karnataka (29) · IGST',
    ],
    [
      'abroad',
      tax({
        heads: ['IGST'],
        supplyType: 'inter',
        placeOfSupply: { code: '96', name: 'Other Countries' },
      }),
      [['IGST', '₹52.63']],
      'Place of supply: Other Countries (96) · IGST',
    ],
  ] as const)('shows the taxable value and the heads %s', (_case, summary, heads, place) => {
    render(
      <>
        <PlaceOfSupply tax={summary} />
        <OrderTotals
          itemCount={3}
          subtotal={345}
          total={345}
          tax={summary}
          totalTestId="the-total"
        />
      </>,
    );
    expect(rowsOf(screen.getByText('Shipping').closest('dl')!)).toEqual([
      ['Taxable value (3 items)', '₹292.37'],
      ...heads,
      ['Shipping', 'FREE'],
      ['Total', '₹345.00'],
    ]);
    if (place) expect(screen.getByTestId('place-of-supply')).toHaveTextContent(place);
    else expect(screen.queryByTestId('place-of-supply')).toBeNull();
  });
});

describe('the order summary card', () => {
  it('is a section named by its Order Summary heading, around the caller’s content', () => {
    render(
      <OrderSummaryCard id="step-summary" className="p-5">
        <p>lines</p>
      </OrderSummaryCard>,
    );
    const section = screen.getByRole('region', { name: 'Order Summary' });
    expect(section.tagName).toBe('SECTION');
    expect(section).toHaveClass('p-5', 'rounded-lg');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveAttribute(
      'id',
      'step-summary',
    );
    expect(section).toHaveTextContent(/^Order Summarylines$/);
  });
});
