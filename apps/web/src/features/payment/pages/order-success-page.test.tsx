import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../../lib/contexts/session';
import { cartLine, cartOf, recordFetch, SIGNED_IN } from '../../../test/order-fixtures';
import { renderRoute, testQueryClient } from '../../../test/render';
import { OrderSuccessPage } from './order-success-page';

const ORDER_ID = 'c'.repeat(24);

function renderConfirmation(
  answer: Parameters<typeof recordFetch>[0],
  path = `/order-success?orderId=${ORDER_ID}`,
) {
  const calls = recordFetch(answer);
  const client = testQueryClient();
  // The cart as the checkout left it, cached (and never stale in tests).
  client.setQueryData(['cart'], cartOf([cartLine()]));
  const rendered = renderRoute(
    <SessionContext value={SIGNED_IN}>
      <OrderSuccessPage />
    </SessionContext>,
    { path, route: '/order-success', client },
  );
  return { ...rendered, calls };
}

const EMPTY_CART = cartOf([]);

describe('the order-submitted confirmation', () => {
  it('says to check My Orders and that an email follows, and links to / and /orders', async () => {
    renderConfirmation((call) =>
      call.path === '/api/cart/' ? [200, EMPTY_CART] : [200, { pStatus: 'PD' }],
    );
    expect(screen.getByRole('heading', { name: 'Order Submitted' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Thank you for your order. Please check My Orders shortly to verify your payment status.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('If your payment succeeded, you will receive a confirmation email.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Paid');
  });

  it('refreshes the cart on entry although a copy is cached', async () => {
    const { calls, client } = renderConfirmation((call) =>
      call.path === '/api/cart/' ? [200, EMPTY_CART] : [200, { pStatus: 'UP' }],
    );
    await vi.waitFor(() => expect(client.getQueryData(['cart'])).toEqual(EMPTY_CART));
    expect(calls.filter((c) => c.path === '/api/cart/')).toHaveLength(1);
  });

  it('asks the server, once, to check the payment with the gateway (the return itself proves nothing)', async () => {
    const { calls } = renderConfirmation((call) =>
      call.path === '/api/cart/' ? [200, EMPTY_CART] : [200, { pStatus: 'PF' }],
    );
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Payment Failed');
    expect(
      calls.filter((c) => c.path.startsWith('/api/payments/')).map((c) => `${c.method} ${c.path}`),
    ).toEqual([`POST /api/payments/status/${ORDER_ID}`]);
  });

  it('says so when the status cannot be checked', async () => {
    renderConfirmation((call) =>
      call.path === '/api/cart/'
        ? [200, EMPTY_CART]
        : [502, { detail: 'Payment processing failed', code: 'gateway_error' }],
    );
    expect(
      await screen.findByText('The payment status could not be checked right now.'),
    ).toBeInTheDocument();
  });

  it('asks about no payment without an orderId', async () => {
    const { calls, client } = renderConfirmation(() => [200, EMPTY_CART], '/order-success');
    await vi.waitFor(() => expect(client.getQueryData(['cart'])).toEqual(EMPTY_CART));
    expect(calls.map((c) => c.path)).toEqual(['/api/cart/']);
    expect(screen.queryByText(/Payment status/)).not.toBeInTheDocument();
  });
});
