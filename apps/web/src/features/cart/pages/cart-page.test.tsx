import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../../lib/session';
import { cartLine, cartOf, recordFetch, SIGNED_IN } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { CartPage } from './cart-page';

function renderCart() {
  return renderRoute(
    <SessionContext value={SIGNED_IN}>
      <CartPage />
    </SessionContext>,
    { path: '/cart' },
  );
}

/** Lets the pending fetch promises and React updates settle under fake timers. */
async function flush() {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

describe('the cart page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a quantity edit only after a 500 ms pause, pricing the new tier at once', async () => {
    let current = cartOf([cartLine({ quantity: 2 })]);
    const calls = recordFetch((call) => {
      if (call.method === 'PATCH') {
        current = cartOf([cartLine({ quantity: (call.body as { quantity: number }).quantity })]);
      }
      return [200, current];
    });
    renderCart();
    await flush();
    const box = screen.getByRole('textbox', { name: 'Quantity of Steel Water Bottle' });
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₹115.00');

    fireEvent.change(box, { target: { value: '1' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.change(box, { target: { value: '10' } });
    // The tier of 10+ units (₹90.00 × 1.15) shows before the server has been asked.
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₹103.50');
    expect(screen.getByTestId('line-total')).toHaveTextContent('₹1,035.00');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('₹1,035.00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await flush();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({
      path: '/api/cart/items/aaaaaaaaaaaaaaaaaaaaaaaa',
      body: { quantity: 10, source: 'Ex-india custom', variantIndex: 1 },
    });
    // The answer reaches the page through the query cache's notification.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(box).toHaveValue('10');
    expect(screen.getByText('Subtotal (10 items)')).toBeInTheDocument();
  });

  it('holds a cleared or zero box empty and sends nothing, then shows the quantity again', async () => {
    const calls = recordFetch(() => [200, cartOf([cartLine({ quantity: 4 })])]);
    renderCart();
    await flush();
    const box = screen.getByRole('textbox', { name: 'Quantity of Steel Water Bottle' });

    fireEvent.change(box, { target: { value: '' } });
    expect(box).toHaveValue('');
    fireEvent.change(box, { target: { value: '0' } });
    expect(box).toHaveValue('');
    expect(
      screen.getByRole('button', { name: 'Decrease quantity of Steel Water Bottle' }),
    ).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    fireEvent.blur(box);
    expect(box).toHaveValue('4');
  });

  it('disables minus at 1 and ignores letters', async () => {
    recordFetch(() => [200, cartOf([cartLine({ quantity: 1 })])]);
    renderCart();
    await flush();
    const box = screen.getByRole('textbox', { name: 'Quantity of Steel Water Bottle' });
    expect(
      screen.getByRole('button', { name: 'Decrease quantity of Steel Water Bottle' }),
    ).toBeDisabled();
    fireEvent.change(box, { target: { value: 'x' } });
    expect(box).toHaveValue('1');
  });

  it('removes a line with its variant and source', async () => {
    const calls = recordFetch((call) => [
      200,
      call.method === 'DELETE' ? cartOf([]) : cartOf([cartLine()]),
    ]);
    renderCart();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Steel Water Bottle' }));
    await flush();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({
      source: 'Ex-india custom',
      variantIndex: 1,
    });
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('shows the order total and FREE shipping under Shipping details', async () => {
    recordFetch(() => [200, cartOf([cartLine({ quantity: 3 })])]);
    renderCart();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Shipping details' }));
    expect(screen.getByText('FREE')).toBeInTheDocument();
    expect(screen.getByText('Order total').nextSibling).toHaveTextContent('₹345.00');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });
});
