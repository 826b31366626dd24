import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Quote } from '@storefront/shared/quotes';
import { SessionContext } from '../../../lib/contexts/session';
import { order, recordFetch, SIGNED_IN, STORE } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { CheckoutPage } from './checkout-page';

const ID = '65b0000000000000000000c1';

const QUOTE: Quote = {
  id: ID,
  status: 'answered',
  note: '',
  declineReason: null,
  createdAt: '2026-11-20T06:30:00.000Z',
  lines: [
    {
      position: 0,
      productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      variantIndex: 1,
      source: 'Ex-india custom',
      title: 'Steel Water Bottle (Blue, M)',
      quantity: 300,
      targetPricePaise: null,
    },
  ],
  versions: [
    {
      version: 1,
      unitPricesPaise: [99_00],
      totalPaise: 300 * 99_00,
      expiresAt: '2099-12-01T18:29:59.000Z',
      createdAt: '2026-11-21T06:30:00.000Z',
    },
    {
      version: 2,
      unitPricesPaise: [96_00],
      totalPaise: 300 * 96_00,
      expiresAt: '2099-12-04T18:29:59.000Z',
      createdAt: '2026-11-22T06:30:00.000Z',
    },
  ],
  messages: [],
  orderId: null,
  orderNumber: null,
};

function renderAccept(version: number, accept: () => [number, unknown], quote = QUOTE) {
  const calls = recordFetch((call) => {
    if (call.method === 'POST') return accept();
    if (call.path === '/api/store') return [200, STORE];
    if (call.path === `/api/quotes/${ID}`) return [200, { payload: quote }];
    return [404, { detail: 'Not found', code: 'not_found' }];
  });
  const rendered = renderRoute(
    <SessionContext value={SIGNED_IN}>
      <CheckoutPage />
    </SessionContext>,
    {
      path: `/checkout?quote=${ID}&version=${version}`,
      route: '/checkout',
      extraRoutes: [{ path: '/order/:id', element: <p>payment step</p> }],
    },
  );
  return { calls, ...rendered };
}

async function fillRecipient(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), 'Asha');
  await user.type(screen.getByLabelText('Last Name'), 'Mehta');
  await user.type(screen.getByLabelText('Phone Number'), '9876543210');
}

// Typing a whole form takes seconds on a loaded machine, as in checkout-page.test.tsx.
describe('accepting a quote at the checkout', { timeout: 20_000 }, () => {
  it('shows the quoted lines and total, accepts that version with the billing and shipping, and goes to pay', async () => {
    const placed = order();
    const { calls, router } = renderAccept(2, () => [201, { payload: placed }]);
    expect(await screen.findByRole('heading', { name: 'Accept quote' })).toBeInTheDocument();
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent('₹28,800.00');
    expect(screen.getByText('₹96.00 × 300')).toBeInTheDocument();
    const user = userEvent.setup();
    await fillRecipient(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/${placed._id.$oid}`));
    const accept = calls.find((call) => call.method === 'POST');
    expect(accept?.path).toBe(`/api/quotes/${ID}/accept`);
    expect(accept?.body).toMatchObject({
      version: 2,
      order: {
        recipientName: 'Asha Mehta',
        shippingPhoneNumber: '9876543210',
        billing: { gstin: '27AABCM1234F1ZX' },
      },
    });
  });

  it('shows the server’s refusal (expired meanwhile) and stays', async () => {
    renderAccept(2, () => [409, { detail: 'This quote has expired', code: 'quote_expired' }]);
    await screen.findByTestId('checkout-total');
    const user = userEvent.setup();
    await fillRecipient(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Failed to accept quote')).toBeInTheDocument();
    expect(screen.getByText('This quote has expired')).toBeInTheDocument();
  });

  it('refuses a version that a newer price replaced, and links back to the quote', async () => {
    renderAccept(1, () => [500, {}]);
    expect(
      await screen.findByText('A newer price replaced the one you chose. Look at it on the quote.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View quote' })).toHaveAttribute(
      'href',
      `/quotes/${ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).not.toBeInTheDocument();
  });
});
