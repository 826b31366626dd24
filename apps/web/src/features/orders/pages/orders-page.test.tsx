import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOGGED_OUT, SessionContext, type Session } from '../../../lib/contexts/session';
import { lineGst, order, recordFetch, SIGNED_IN, taxOf } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { filterOrders } from '../lib/filter-orders';
import { OrdersPage } from './orders-page';

const PENDING = order({ mkpOrderId: 'MKP-20261122-AB12CD', pStatus: 'UP' });
const PAID = order({ mkpOrderId: 'MKP-20261121-XY34ZW', pStatus: 'PD', total_amount: 123456 });
const FAILED = order({ mkpOrderId: 'MKP-20261120-QQ56RR', pStatus: 'PF' });

function renderOrders(session: Session = SIGNED_IN) {
  return renderRoute(
    <SessionContext value={session}>
      <OrdersPage />
    </SessionContext>,
    { path: '/orders' },
  );
}

describe('order search', () => {
  it('matches a trimmed, case-insensitive part of the order number', () => {
    const orders = [PENDING, PAID, FAILED];
    expect(filterOrders(orders, '  ab12 ').map((o) => o.mkpOrderId)).toEqual([
      'MKP-20261122-AB12CD',
    ]);
    expect(filterOrders(orders, 'mkp-2026112')).toHaveLength(3);
    expect(filterOrders(orders, '   ')).toHaveLength(3);
    expect(filterOrders(orders, 'Asha')).toHaveLength(0);
  });
});

describe('the orders page', () => {
  it('asks a visitor to log in', () => {
    renderOrders(LOGGED_OUT);
    expect(screen.getByText('Please login to view your orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/auth?returnUrl=%2Forders',
    );
  });

  it('shows each order with its badge and the actions its status allows', async () => {
    recordFetch(() => [200, { payload: [PENDING, PAID, FAILED] }]);
    renderOrders();
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(3);
    const [pending, paid, failed] = cards.map((card) => within(card));
    expect(pending?.getByTestId('order-status')).toHaveTextContent('Payment Pending');
    expect(pending?.getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
      'href',
      `/order/${PENDING._id.$oid}/payment`,
    );
    expect(pending?.queryByRole('button', { name: 'Track Package' })).not.toBeInTheDocument();
    expect(paid?.getByTestId('order-status')).toHaveAttribute('data-tone', 'green');
    expect(paid?.getByText('₹1,23,456.00')).toBeInTheDocument();
    expect(paid?.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(paid?.getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      `/orders/${PAID._id.$oid}`,
    );
    expect(failed?.getByTestId('order-status')).toHaveAttribute('data-tone', 'red');
    expect(failed?.getByRole('link', { name: 'Pay Now' })).toBeInTheDocument();

    await userEvent.setup().click(paid!.getByRole('button', { name: 'Track Package' }));
    expect(await screen.findByRole('dialog', { name: 'Track Package' })).toBeInTheDocument();
  });

  it('says whom each order is billed to, its place of supply, taxable value and GST', async () => {
    const inter = order({
      billing: {
        ...PENDING.billing!,
        gstin: '29AAPFU0939F1ZR',
        state: 'Karnataka',
        stateCode: '29',
      },
      tax: taxOf([lineGst(115_000)], '29'),
    });
    const old = order({ billing: null, tax: null, shippingStateCode: null });
    recordFetch(() => [200, { payload: [PENDING, inter, old] }]);
    renderOrders();
    const [intra, igst, before] = (await screen.findAllByTestId('order-card')).map((card) =>
      within(card),
    );
    expect(intra?.getByTestId('order-billed-to')).toHaveTextContent(
      'Billed to Mehta Traders Pvt Ltd · GSTIN 27AABCM1234F1ZX · Place of supply: Maharashtra (27)',
    );
    expect(intra?.getByTestId('order-taxable')).toHaveTextContent(/^₹974\.58$/);
    expect(intra?.getByText('GST (CGST + SGST)')).toBeInTheDocument();
    expect(intra?.getByTestId('order-gst')).toHaveTextContent(/^₹175\.42$/);
    expect(igst?.getByTestId('order-billed-to')).toHaveTextContent(
      'GSTIN 29AAPFU0939F1ZR · Place of supply: Karnataka (29)',
    );
    expect(igst?.getByText('GST (IGST)')).toBeInTheDocument();
    expect(before?.queryByTestId('order-billed-to')).toBeNull();
    expect(before?.queryByTestId('order-gst')).toBeNull();
  });

  it('filters as the buyer types, and Clear Search brings every order back', async () => {
    recordFetch(() => [200, { payload: [PENDING, PAID] }]);
    const user = userEvent.setup();
    renderOrders();
    const search = await screen.findByRole('searchbox', { name: 'Search by order number' });
    await user.type(search, ' xy34 ');
    expect(screen.getAllByTestId('order-card')).toHaveLength(1);
    expect(screen.getByText('MKP-20261121-XY34ZW')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nothing');
    expect(screen.queryAllByTestId('order-card')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getAllByTestId('order-card')).toHaveLength(2);
  });

  it('offers Start Shopping when there are no orders', async () => {
    recordFetch(() => [200, { payload: [] }]);
    renderOrders();
    expect(await screen.findByRole('link', { name: 'Start Shopping' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('shows the load error with Retry', async () => {
    recordFetch(() => [500, { detail: 'Database down', code: 'x' }]);
    renderOrders();
    expect(
      await screen.findByText('Failed to load orders. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
