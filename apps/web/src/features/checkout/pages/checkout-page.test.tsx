import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@storefront/shared/orders';
import { SessionContext } from '../../../lib/contexts/session';
import { cartLine, cartOf, order, recordFetch, SIGNED_IN } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { CheckoutPage } from './checkout-page';

function renderCheckout() {
  return renderRoute(
    <SessionContext value={SIGNED_IN}>
      <CheckoutPage />
    </SessionContext>,
    { path: '/checkout', extraRoutes: [{ path: '/order/:id', element: <p>payment step</p> }] },
  );
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of [
    ['First Name', 'Asha'],
    ['Last Name', 'Mehta'],
    ['Address Line 1', '12 MG Road'],
    ['City', 'Pune'],
    ['State / Province', 'Maharashtra'],
    ['ZIP / Postal Code', '411001'],
    ['Phone Number', '9876543210'],
  ] as const) {
    await user.type(screen.getByLabelText(label), value);
  }
}

describe('the checkout page', () => {
  it('shows the spec messages of every required field and sends nothing', async () => {
    const calls = recordFetch(() => [200, cartOf([cartLine()])]);
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    // The rules load after the form paints (lib/form): the messages may follow.
    expect(await screen.findByText(CHECKOUT_MESSAGES.firstName)).toBeInTheDocument();
    for (const message of [
      CHECKOUT_MESSAGES.lastName,
      CHECKOUT_MESSAGES.address1,
      CHECKOUT_MESSAGES.city,
      CHECKOUT_MESSAGES.state,
      CHECKOUT_MESSAGES.postalCode,
      CHECKOUT_MESSAGES.phone,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('offers about 240 countries with India chosen, and shows the order summary', async () => {
    recordFetch(() => [200, cartOf([cartLine({ quantity: 10 })])]);
    renderCheckout();
    const country = await screen.findByLabelText('Country');
    expect(country).toHaveValue('in');
    expect(country.querySelectorAll('option').length).toBeGreaterThanOrEqual(240);
    expect(screen.getByRole('option', { name: 'India' })).toHaveAttribute('value', 'in');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹1,035.00');
    expect(screen.getByText('FREE')).toBeInTheDocument();
  });

  it('creates the order with an Idempotency-Key, reuses it on a retry, then opens the order', async () => {
    const placed = order();
    let attempts = 0;
    const calls = recordFetch((call) => {
      if (call.method === 'POST') {
        attempts += 1;
        return attempts === 1
          ? [409, { detail: 'Another order is being placed', code: 'order_in_flight' }]
          : [201, { payload: placed }];
      }
      return [200, cartOf([cartLine()])];
    });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('button', { name: 'Continue to Payment' });
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Failed to create order')).toBeInTheDocument();
    expect(screen.getByText('Another order is being placed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('payment step')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.path).toBe('/api/orders/');
    expect(posts[0]?.body).toEqual({
      currency: 'INR',
      source: 1,
      recipientName: 'Asha Mehta',
      shippingAddress1: '12 MG Road',
      shippingAddress2: '',
      shippingAddress3: '',
      shippingCity: 'Pune',
      shippingState: 'Maharashtra',
      shippingPostalCode: '411001',
      shippingCountry: 'in',
      shippingPhoneNumber: '9876543210',
    });
    const key = posts[0]?.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[1]?.headers['idempotency-key']).toBe(key);
  });

  it('starts a new attempt with a new key when the details change', async () => {
    const calls = recordFetch((call) =>
      call.method === 'POST'
        ? [409, { detail: 'Your cart is empty', code: 'cart_empty' }]
        : [200, cartOf([cartLine()])],
    );
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('button', { name: 'Continue to Payment' });
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByText('Failed to create order');
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Mumbai' } });
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST');
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('says the cart is empty when there is nothing to check out', async () => {
    recordFetch(() => [200, cartOf([])]);
    renderCheckout();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(
      screen.getByText('You need to add items to your cart before proceeding to checkout.'),
    ).toBeInTheDocument();
  });
});
