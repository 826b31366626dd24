import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectTo } from '../lib/redirect';
import { SessionContext } from '../../../lib/contexts/session';
import type { Order } from '@storefront/shared/orders';
import { lineGst, order, recordFetch, SIGNED_IN, taxOf } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { PaymentPage } from './payment-page';

vi.mock('../lib/redirect', () => ({ redirectTo: vi.fn() }));

const ORDER = order({
  orderDetails: Array.from({ length: 8 }, (_, i) => ({
    productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    variantIndex: null,
    title: `Item ${i + 1}`,
    sku: `SKU-${i}`,
    sellerSku: null,
    source: 'Ex-india custom',
    consumerPrice: 1234.5,
    quantity: 1,
    lineTotal: 1234.5,
    gst: lineGst(123_450),
  })),
  total_amount: 9876,
  itemCount: 8,
  // Billed to a Karnataka GSTIN by a seller in Maharashtra: IGST.
  tax: taxOf(
    Array.from({ length: 8 }, () => lineGst(123_450)),
    '29',
  ),
});

function renderPayment(
  answerPay: () => [number, unknown] | Promise<[number, unknown]>,
  pStatus = 'UP',
  placed: Order = ORDER,
) {
  recordFetch((call) => {
    if (call.path.startsWith('/api/payments/pay/')) return answerPay();
    if (call.path === `/api/orders/order/${ORDER._id.$oid}`) {
      return [200, { payload: { ...placed, pStatus } }];
    }
    return [404, { detail: 'Order not found', code: 'order_not_found' }];
  });
  return renderRoute(
    <SessionContext value={SIGNED_IN}>
      <PaymentPage />
    </SessionContext>,
    { path: `/order/${ORDER._id.$oid}/payment`, route: '/order/:orderId/payment' },
  );
}

describe('the payment step', () => {
  beforeEach(() => vi.mocked(redirectTo).mockReset());

  it('shows Shipping done, Payment current and the summary with its GST and FREE shipping', async () => {
    renderPayment(() => [200, { paymentUrl: '/sandbox-pay/x' }]);
    expect(await screen.findByTestId('payment-total')).toHaveTextContent('₹9,876.00');
    expect(screen.getByText('Payment').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByText('(done)')).toBeInTheDocument();
    expect(screen.getByTestId('payment-items')).toHaveClass('max-h-40', 'overflow-y-auto');
    expect(screen.getByText('FREE')).toBeInTheDocument();
    // The spec's "Tax (included) -" is superseded (issue 21): the order's GST, by head.
    expect(screen.queryByText('Tax (included)')).toBeNull();
    expect(screen.getByTestId('place-of-supply')).toHaveTextContent(
      'Place of supply: Karnataka (29) · IGST',
    );
    // Each ₹1,234.50 line: ₹1,046.19 + ₹188.31 at 18%; eight of them.
    expect(
      within(screen.getByTestId('payment-items')).getAllByTestId('line-tax')[0],
    ).toHaveTextContent('₹1,046.19 excl. GST + ₹188.31 GST (18%)');
    expect(screen.getByText('Taxable value (8 items)').nextSibling).toHaveTextContent(
      /^₹8,369\.52$/,
    );
    expect(screen.getByTestId('tax-igst')).toHaveTextContent(/^₹1,506\.48$/);
    expect(screen.queryByTestId('tax-cgst')).toBeNull();
  });

  it('says the GST of an order from before it was recorded is not itemised', async () => {
    renderPayment(() => [200, { paymentUrl: '/sandbox-pay/x' }], 'UP', {
      ...ORDER,
      orderDetails: ORDER.orderDetails.map((line) => ({ ...line, gst: null })),
      tax: null,
      billing: null,
      shippingStateCode: null,
    });
    expect(await screen.findByTestId('payment-total')).toHaveTextContent('₹9,876.00');
    expect(screen.getByText('Subtotal (8 items)').nextSibling).toHaveTextContent('₹9,876.00');
    expect(screen.getByText('GST (included)').nextSibling).toHaveTextContent('Not itemised');
    expect(screen.queryByTestId('line-tax')).toBeNull();
  });

  it('sends the browser to the payment URL, showing Processing... meanwhile', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    renderPayment(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Complete Payment' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer([200, { paymentUrl: 'http://localhost/sandbox-pay/tx1' }]);
    await vi.waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith('http://localhost/sandbox-pay/tx1'),
    );
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it.each([
    [
      'a refused start',
      () => [502, { detail: 'Gateway down', code: 'gateway_error' }] as [number, unknown],
      'Payment processing failed',
    ],
    ['an answer without a URL', () => [200, {}] as [number, unknown], 'No payment URL received'],
    [
      'a network failure',
      () => Promise.reject(new TypeError('')),
      'Payment failed. Please try again.',
    ],
  ])('shows %s in the red box and enables the button again', async (_, answerPay, message) => {
    renderPayment(answerPay);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('says in the server’s words when the order is out of payment attempts, offers the seller’s email and keeps the button disabled', async () => {
    renderPayment(() => [
      409,
      {
        detail: 'This order has had 5 payment attempts. Please contact us.',
        code: 'payment_attempts_exhausted',
      },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Complete Payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This order has had 5 payment attempts. Please contact us.');
    const email = within(alert).getByRole('link', { name: 'Email support@storefront.local' });
    expect(email).toHaveAttribute(
      'href',
      `mailto:support@storefront.local?subject=${encodeURIComponent(`Payment for order ${ORDER.mkpOrderId}`)}`,
    );
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeDisabled();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('says a paid order is paid instead of offering a payment', async () => {
    renderPayment(() => [409, {}], 'PD');
    expect(await screen.findByText('This order has been paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Payment' })).not.toBeInTheDocument();
  });

  it('shows the skeleton, and no payment button, while the order loads', async () => {
    const calls = recordFetch(() => new Promise<[number, unknown]>(() => undefined));
    renderRoute(
      <SessionContext value={SIGNED_IN}>
        <PaymentPage />
      </SessionContext>,
      { path: `/order/${ORDER._id.$oid}/payment`, route: '/order/:orderId/payment' },
    );
    const skeleton = screen.getByLabelText('Loading order');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton.children).toHaveLength(2);
    expect(screen.getByText('Payment').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.queryByRole('button', { name: 'Complete Payment' })).not.toBeInTheDocument();
    expect(screen.queryByText('Order Not Found')).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual([`/api/orders/order/${ORDER._id.$oid}`]),
    );
  });

  it('shows Order Not Found with Return to Cart for an unknown order', async () => {
    recordFetch(() => [404, { detail: 'Order not found', code: 'order_not_found' }]);
    renderRoute(
      <SessionContext value={SIGNED_IN}>
        <PaymentPage />
      </SessionContext>,
      { path: `/order/${'c'.repeat(24)}`, route: '/order/:orderId' },
    );
    expect(await screen.findByText('Order Not Found')).toBeInTheDocument();
    expect(
      screen.getByText("The order you're looking for could not be found."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Cart' })).toHaveAttribute('href', '/cart');
  });

  it('goes back to shipping: the order’s billing and address for editing, saved onto the same order, and the GST split again', async () => {
    const calls = recordFetch((call) => {
      if (call.method === 'PUT')
        return [
          200,
          {
            payload: {
              ...ORDER,
              ...(call.body as object),
              shippingState: 'Karnataka',
              billing: {
                ...ORDER.billing!,
                gstin: '29AABCM1234F1ZT',
                city: 'Bengaluru',
                state: 'Karnataka',
                stateCode: '29',
              },
              tax: taxOf([lineGst(115_000)], '29'),
            },
          },
        ];
      if (call.path === `/api/orders/order/${ORDER._id.$oid}`) return [200, { payload: ORDER }];
      return [404, { detail: 'Order not found', code: 'order_not_found' }];
    });
    renderRoute(
      <SessionContext value={SIGNED_IN}>
        <PaymentPage />
      </SessionContext>,
      { path: `/order/${ORDER._id.$oid}/payment`, route: '/order/:orderId/payment' },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Back to Shipping' }));
    // The form loads when opened (its code stays out of the payment step's first paint).
    expect(await screen.findByLabelText('Address Line 1')).toHaveValue(ORDER.shippingAddress1);
    expect(screen.getByLabelText('City')).toHaveValue(ORDER.shippingCity);
    // The billing details as the order has them, in the checkout's own fields.
    const billing = screen.getByRole('region', { name: 'Billing Details' });
    expect(within(billing).getByRole('heading', { level: 3 })).toHaveTextContent('Billing Details');
    expect(billing).toHaveTextContent(
      'Your GST invoice is made out to these details, for your input tax credit.',
    );
    expect(screen.getByLabelText('GSTIN')).toHaveValue('27AABCM1234F1ZX');
    expect(screen.getByLabelText('Legal Name')).toHaveValue('Mehta Traders Pvt Ltd');
    expect(screen.getByLabelText('Billing Address Line 1')).toHaveValue('14 Linking Road');
    // A GSTIN of another state than the billing state is refused with the checkout's message.
    await user.clear(screen.getByLabelText('GSTIN'));
    await user.type(screen.getByLabelText('GSTIN'), '29AABCM1234F1ZT');
    await user.click(screen.getByRole('button', { name: 'Save and Continue to Payment' }));
    expect(
      await screen.findByText("The billing state must be the GSTIN's state (Karnataka)"),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.clear(screen.getByLabelText('Billing City'));
    await user.type(screen.getByLabelText('Billing City'), 'Bengaluru');
    await user.selectOptions(screen.getByLabelText('Billing State'), 'Karnataka');
    await user.clear(screen.getByLabelText('Address Line 1'));
    await user.type(screen.getByLabelText('Address Line 1'), '8 Brigade Road');
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(screen.getByLabelText('State / Union Territory'), 'Karnataka');
    await user.click(screen.getByRole('button', { name: 'Save and Continue to Payment' }));
    const shipTo = await screen.findByRole('region', { name: 'Shipping to' });
    expect(shipTo).toHaveTextContent('8 Brigade Road');
    expect(shipTo).toHaveTextContent('Bengaluru, Karnataka');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/api/orders/${ORDER._id.$oid}/shipping`);
    expect(put?.body).toMatchObject({
      recipientName: ORDER.recipientName,
      shippingAddress1: '8 Brigade Road',
      shippingCity: 'Bengaluru',
      shippingState: 'Karnataka',
      billing: {
        gstin: '29AABCM1234F1ZT',
        legalName: 'Mehta Traders Pvt Ltd',
        address1: '14 Linking Road',
        address2: 'Bandra West',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '400050',
      },
    });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // The server's new split: billed in Karnataka by a seller in Maharashtra, IGST.
    expect(shipTo).toHaveTextContent('GSTIN 29AABCM1234F1ZT · Karnataka');
    expect(screen.getByRole('status')).toHaveTextContent(
      /Order .* updated\. GST worked out again for Karnataka \(29\): IGST ₹[\d,.]+\./,
    );
    expect(screen.getByTestId('place-of-supply')).toHaveTextContent('Karnataka (29) · IGST');
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  }, 20_000);

  it('offers no way back once the order is paid', async () => {
    renderPayment(() => [200, {}], 'PD');
    await screen.findByText('This order has been paid.');
    expect(screen.queryByRole('button', { name: 'Back to Shipping' })).toBeNull();
  });
});
