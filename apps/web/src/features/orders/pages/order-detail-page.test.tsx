import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '@storefront/shared/orders';
import { LOGGED_OUT, SessionContext, type Session } from '../../../lib/contexts/session';
import { order, recordFetch, SIGNED_IN } from '../../../test/order-fixtures';
import { pendingFetch, renderRoute } from '../../../test/render';
import { OrderDetailPage } from './order-detail-page';

const ORDER_ID = 'c'.repeat(24);
const ERROR_COPY =
  "We couldn't fetch the details for this order. It might not exist or there was a problem connecting.";

function renderDetail(session: Session = SIGNED_IN) {
  return renderRoute(
    <SessionContext value={session}>
      <OrderDetailPage />
    </SessionContext>,
    { path: `/orders/${ORDER_ID}`, route: '/orders/:orderId' },
  );
}

/** Answers GET /api/orders/order/{id} with this order. */
function serve(overrides: Partial<Order>) {
  const served = order({ _id: { $oid: ORDER_ID }, ...overrides });
  const calls = recordFetch(() => [200, { payload: served }]);
  return { served, calls };
}

/** '22 Nov 2026' and '3:05 pm' in the test machine's time zone, computed without Intl. */
function localDateAndTime(iso: string) {
  const at = new Date(iso);
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const hours = at.getHours();
  return {
    date: `${at.getDate()} ${months[at.getMonth()]} ${at.getFullYear()}`,
    time: `${hours % 12 || 12}:${String(at.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`,
  };
}

describe('the order detail page', () => {
  it('shows the loading skeleton while the order loads', () => {
    pendingFetch();
    renderDetail();
    expect(screen.getByLabelText('Loading order')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Back to Orders' })).toBeInTheDocument();
  });

  it('asks a visitor to log in and fetches nothing', () => {
    const calls = recordFetch(() => [200, {}]);
    renderDetail(LOGGED_OUT);
    expect(screen.getByText('Please login to view your orders')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the error card with the fetch error and a link to all orders', async () => {
    const calls = recordFetch(() => [404, { detail: 'Order not found', code: 'order_not_found' }]);
    renderDetail();
    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Error Loading Order' })).toBeInTheDocument();
    expect(card).toHaveTextContent(ERROR_COPY);
    expect(card).toHaveTextContent('Failed to fetch order details: 404 Error');
    expect(card).not.toHaveTextContent('Please try again later.');
    expect(within(card).getByRole('link', { name: 'View All Orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
    // A missing order is not asked for again.
    expect(calls.map((c) => c.path)).toEqual([`/api/orders/order/${ORDER_ID}`]);
  });

  it("says 'Please try again later.' when the error has no message", async () => {
    recordFetch(() => {
      throw new Error('');
    });
    renderDetail();
    const card = await screen.findByRole('alert');
    expect(card).toHaveTextContent(`Error Loading Order${ERROR_COPY}Please try again later.`);
  });

  it("shows 'Order {number}', 'Placed on {date} at {time}' and the status", async () => {
    const createdAt = '2026-11-22T12:05:00.000Z';
    serve({ mkpOrderId: 'MKP-20261122-AB12CD', createdAt: { $date: createdAt }, pStatus: 'PD' });
    renderDetail();
    expect(
      await screen.findByRole('heading', { name: 'Order MKP-20261122-AB12CD', level: 1 }),
    ).toBeInTheDocument();
    const { date, time } = localDateAndTime(createdAt);
    expect(screen.getByText(`Placed on ${date} at ${time}`)).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Paid');
  });

  it('shows address lines 2 and 3 and the phone only when given', async () => {
    serve({
      recipientName: 'Asha Mehta',
      shippingAddress1: '12 MG Road',
      shippingAddress2: 'Camp',
      shippingAddress3: 'Near the Clock Tower',
      shippingCity: 'Pune',
      shippingState: 'Maharashtra',
      shippingPostalCode: '411001',
      shippingCountry: 'in',
      shippingPhoneNumber: '9876543210',
    });
    const { unmount } = renderDetail();
    const address = (await screen.findByText('12 MG Road')).closest('address')!;
    expect([...address.children].map((line) => line.textContent)).toEqual([
      'Asha Mehta',
      '12 MG Road',
      'Camp',
      'Near the Clock Tower',
      'Pune, Maharashtra (27) 411001',
      'India',
      'Phone: 9876543210',
    ]);
    unmount();

    serve({ shippingAddress2: '', shippingAddress3: '', shippingPhoneNumber: '' });
    renderDetail();
    const bare = (await screen.findByText('12 MG Road')).closest('address')!;
    expect([...bare.children].map((line) => line.textContent)).toEqual([
      'Asha Mehta',
      '12 MG Road',
      'Pune, Maharashtra (27) 411001',
      'India',
    ]);
  });

  it("lists each item with its SKU, the seller SKU or 'N/A', price, quantity and total", async () => {
    serve({
      total_amount: 1497.5,
      orderDetails: [
        {
          productId: 'a'.repeat(24),
          variantIndex: 1,
          title: 'Steel Water Bottle (Blue, M)',
          sku: 'HK-1-BLUE-M',
          sellerSku: 'SUP-778',
          source: 'Ex-india custom',
          consumerPrice: 115,
          quantity: 10,
          lineTotal: 1150,
          gst: null,
        },
        {
          productId: 'b'.repeat(24),
          variantIndex: null,
          title: 'Paper Clip',
          sku: 'HK-2',
          sellerSku: null,
          source: 'Ex-china',
          consumerPrice: 347.5,
          quantity: 1,
          lineTotal: 347.5,
          gst: null,
        },
      ],
    });
    renderDetail();
    const lines = await screen.findAllByTestId('order-line');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Steel Water Bottle (Blue, M)SKU: HK-1-BLUE-MSeller SKU: SUP-778₹115.00 × Qty: 10₹1,150.00',
      'Paper ClipSKU: HK-2Seller SKU: N/A₹347.50 × Qty: 1₹347.50',
    ]);
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹1,497.50');
  });

  it('shows whom the order is billed to, the place of supply, each line’s GST and the heads', async () => {
    serve({});
    renderDetail();
    const billing = await screen.findByTestId('billing-details');
    expect([...billing.children].map((line) => line.textContent)).toEqual([
      'Mehta Traders Pvt Ltd',
      'GSTIN: 27AABCM1234F1ZX',
      '14 Linking Road',
      'Bandra West',
      'Mumbai, Maharashtra (27) 400050',
    ]);
    expect(screen.getByRole('heading', { name: 'Billing Details' })).toBeInTheDocument();
    // ₹1,150.00 at 18%: ₹974.58 + ₹175.42, split ₹87.71 CGST and ₹87.71 SGST within Maharashtra.
    expect(within(screen.getByTestId('order-line')).getByTestId('line-tax')).toHaveTextContent(
      '₹974.58 excl. GST + ₹175.42 GST (18%)',
    );
    expect(screen.getByTestId('place-of-supply')).toHaveTextContent(
      'Place of supply: Maharashtra (27) · CGST + SGST',
    );
    expect(screen.getByText('Taxable value (10 items)').nextSibling).toHaveTextContent(
      /^₹974\.58$/,
    );
    expect(screen.getByTestId('tax-cgst')).toHaveTextContent(/^₹87\.71$/);
    expect(screen.getByTestId('tax-sgst')).toHaveTextContent(/^₹87\.71$/);
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^₹1,150\.00$/);
  });

  it('shows an order from before GST was recorded without billing or tax', async () => {
    serve({
      billing: null,
      tax: null,
      shippingStateCode: null,
      orderDetails: order().orderDetails.map((line) => ({ ...line, gst: null })),
    });
    renderDetail();
    expect(await screen.findByTestId('order-total')).toHaveTextContent('₹1,150.00');
    expect(screen.queryByRole('heading', { name: 'Billing Details' })).toBeNull();
    expect(screen.queryByTestId('place-of-supply')).toBeNull();
    expect(screen.queryByTestId('line-tax')).toBeNull();
    expect(screen.getByText('Pune, Maharashtra 411001')).toBeInTheDocument();
  });

  it.each([
    ['UP', true],
    ['PF', true],
    ['', true],
    // Left out of the answer altogether.
    [undefined, true],
    ['PD', false],
    ['SHIPPED', false],
    ['DELIVERED', false],
  ])('status %j: Pay Now shown %s', async (pStatus, payable) => {
    serve({ pStatus: pStatus as string });
    renderDetail();
    await screen.findByRole('heading', { name: 'Payment' });
    const payNow = screen.queryByRole('link', { name: 'Pay Now' });
    if (payable) expect(payNow).toHaveAttribute('href', `/order/${ORDER_ID}/payment`);
    else expect(payNow).not.toBeInTheDocument();
  });

  it('Back to Orders goes to /orders', async () => {
    serve({});
    const { router } = renderDetail();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Back to Orders' }));
    expect(router.state.location.pathname).toBe('/orders');
  });

  it.each([
    ['UP', true],
    ['PF', true],
    ['PD', true],
    ['SHIPPED', false],
    ['DELIVERED', false],
    ['CANCELLED', false],
    ['REFUNDED', false],
  ])('status %s: Cancel Order shown %s', async (pStatus, cancellable) => {
    serve({ pStatus });
    renderDetail();
    await screen.findByRole('heading', { name: 'Payment' });
    const cancel = screen.queryByRole('button', { name: 'Cancel Order' });
    if (cancellable) expect(cancel).toBeInTheDocument();
    else expect(cancel).not.toBeInTheDocument();
  });

  it('cancels a paid order after saying it will be refunded, then shows the refund', async () => {
    const paid = order({ _id: { $oid: ORDER_ID }, pStatus: 'PD' });
    const cancelled: Order = {
      ...paid,
      pStatus: 'CANCELLED',
      refunds: [{ amount: paid.total_amount, state: 'processing', at: paid.createdAt }],
    };
    const calls = recordFetch((call) =>
      call.method === 'POST' ? [200, { payload: cancelled }] : [200, { payload: paid }],
    );
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('It will be refunded in full to your original payment method');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByTestId('order-refund')).toHaveTextContent('Refund in progress');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `/api/orders/${ORDER_ID}/cancel`,
      body: {},
    });
  });

  it('shows the server’s refusal in the dialog and keeps the order as it was', async () => {
    recordFetch((call) =>
      call.method === 'POST'
        ? [
            409,
            {
              detail:
                'Order MKP-1 is Shipped (SHIPPED); an order can be cancelled only before it ships.',
              code: 'order_not_cancellable',
            },
          ]
        : [200, { payload: order({ _id: { $oid: ORDER_ID }, pStatus: 'PD' }) }],
    );
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'an order can be cancelled only before it ships',
    );
    // Keep Order closes the dialog and gives the focus back to Cancel Order.
    await user.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toHaveFocus();
  });
});
