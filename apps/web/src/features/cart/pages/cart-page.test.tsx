import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../../lib/contexts/session';
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

/** A cart line of 3 whose server holds back its answer to a PATCH of 5 until `answerFive`. */
function cartHoldingFive() {
  let answerFive!: () => void;
  const fiveAnswered = new Promise<void>((resolve) => (answerFive = resolve));
  let current = cartOf([cartLine({ quantity: 3 })]);
  const calls = recordFetch(async (call) => {
    if (call.method === 'PATCH') {
      const { quantity } = call.body as { quantity: number };
      if (quantity === 5) await fiveAnswered;
      current = cartOf([cartLine({ quantity })]);
    }
    return [200, current];
  });
  return { calls, answerFive };
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

  it('sends an edit back to the old quantity while the previous edit is still on its way', async () => {
    // 3 → 5 (sent, unanswered) → 3: the cart still says 3, but the server is about to say 5.
    const { calls, answerFive } = cartHoldingFive();
    renderCart();
    await flush();
    const box = screen.getByRole('textbox', { name: 'Quantity of Steel Water Bottle' });
    const patches = () => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

    fireEvent.change(box, { target: { value: '5' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(patches()).toEqual([{ quantity: 5, source: 'Ex-india custom', variantIndex: 1 }]);

    fireEvent.change(box, { target: { value: '3' } });
    expect(box).toHaveValue('3');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('₹115.00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    answerFive();
    await flush();
    // Cart changes reach the server one after another: 5, then the buyer's last word, 3.
    expect(patches()).toEqual([
      { quantity: 5, source: 'Ex-india custom', variantIndex: 1 },
      { quantity: 3, source: 'Ex-india custom', variantIndex: 1 },
    ]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(box).toHaveValue('3');
    expect(screen.getByText('Subtotal (3 items)')).toBeInTheDocument();
    expect(screen.getByTestId('line-total')).toHaveTextContent('₹345.00');
  });

  it('typing the quantity already on its way sends nothing more', async () => {
    const { calls, answerFive } = cartHoldingFive();
    renderCart();
    await flush();
    const box = screen.getByRole('textbox', { name: 'Quantity of Steel Water Bottle' });

    fireEvent.change(box, { target: { value: '5' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    fireEvent.change(box, { target: { value: '6' } });
    fireEvent.change(box, { target: { value: '5' } });
    // The box keeps the 5 on its way rather than the cart's 3 of before.
    expect(box).toHaveValue('5');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    answerFive();
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { quantity: 5, source: 'Ex-india custom', variantIndex: 1 },
    ]);
    expect(box).toHaveValue('5');
    expect(screen.getByText('Subtotal (5 items)')).toBeInTheDocument();
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

  it('shows the order total and FREE shipping under Shipping details, closed at first', async () => {
    recordFetch(() => [200, cartOf([cartLine({ quantity: 3 })])]);
    renderCart();
    await flush();
    const details = screen.getByRole('button', { name: 'Shipping details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('FREE')).not.toBeInTheDocument();
    fireEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(details.getAttribute('aria-controls')!)).toContainElement(
      screen.getByText('FREE'),
    );
    expect(screen.getByText('Order total').nextSibling).toHaveTextContent('₹345.00');
    fireEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('FREE')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('shows each line’s price excl. GST and GST, and the cart’s taxable value and GST (included)', async () => {
    const bottle = cartLine({ quantity: 2 });
    const pricing = { ...bottle.pricing, gstRateBp: 500 };
    const lamp = cartLine({
      id: 'bbbbbbbbbbbbbbbbbbbbbbbb:none:Ex-india custom',
      productId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      variantIndex: null,
      product: { ...bottle.product, _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', name: 'Desk Lamp' },
      quantity: 10,
      pricing,
    });
    recordFetch(() => [200, cartOf([bottle, lamp])]);
    renderCart();
    await flush();
    const [first, second] = screen.getAllByTestId('cart-line');
    // ₹230.00 at 18%: ₹194.92 + ₹35.08; ₹1,035.00 at 5%: ₹985.71 + ₹49.29 (half up per line).
    expect(within(first!).getByTestId('line-tax')).toHaveTextContent(
      '₹194.92 excl. GST + ₹35.08 GST (18%)',
    );
    expect(within(second!).getByTestId('line-tax')).toHaveTextContent(
      '₹985.71 excl. GST + ₹49.29 GST (5%)',
    );
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByTestId('taxable-value')).toHaveTextContent(/^₹1,180\.63$/);
    expect(within(summary).getByText('GST (included)')).toBeInTheDocument();
    expect(within(summary).getByTestId('tax-gst')).toHaveTextContent(/^₹84\.37$/);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(/^₹1,265\.00$/);
    // No place of supply in the cart: no head is named yet.
    expect(within(summary).queryByText(/^(CGST|SGST|UTGST|IGST)$/)).toBeNull();

    // A pending edit is taxed at once with the line's rate, the rest of the cart as it was.
    fireEvent.change(within(first!).getByRole('textbox'), { target: { value: '10' } });
    expect(within(first!).getByTestId('line-tax')).toHaveTextContent(
      '₹877.12 excl. GST + ₹157.88 GST (18%)',
    );
    expect(within(summary).getByTestId('taxable-value')).toHaveTextContent(/^₹1,862\.83$/);
    expect(within(summary).getByTestId('tax-gst')).toHaveTextContent(/^₹207\.17$/);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(/^₹2,070\.00$/);
  });

  it('says why a line cannot be ordered, and steps a pack at a time from the minimum', async () => {
    let current = cartOf([
      cartLine({
        quantity: 10,
        minOrderQuantity: 10,
        orderMultiple: 5,
        available: 8,
        problem: 'Only 8 of Steel Water Bottle (Blue, M) left in stock; you asked for 10.',
      }),
    ]);
    const calls = recordFetch((call) => {
      if (call.method === 'PATCH') {
        const { quantity } = call.body as { quantity: number };
        current = cartOf([cartLine({ quantity, minOrderQuantity: 10, orderMultiple: 5 })]);
      }
      return [200, current];
    });
    renderCart();
    await flush();
    expect(screen.getByTestId('line-problem')).toHaveTextContent(
      'Only 8 of Steel Water Bottle (Blue, M) left in stock; you asked for 10.',
    );
    expect(screen.getByText('Minimum order 10 units, sold in packs of 5')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Decrease quantity of Steel Water Bottle' }),
    ).toBeDisabled();
    fireEvent.click(
      screen.getByRole('button', { name: 'Increase quantity of Steel Water Bottle' }),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    await flush();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { quantity: 15, source: 'Ex-india custom', variantIndex: 1 },
    ]);
    expect(screen.queryByTestId('line-problem')).not.toBeInTheDocument();
  });
});
