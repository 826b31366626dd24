import { useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartLine, cartOf, recordFetch } from '../../test/order-fixtures';
import { queryWrapper } from '../../test/render';
import { useAddCartItem } from './add-cart-item';
import { cartQueryOptions } from './get-cart';

const PATH = '/api/cart/items/aaaaaaaaaaaaaaaaaaaaaaaa';
const line = { productId: 'aaaaaaaaaaaaaaaaaaaaaaaa', variantIndex: 1, source: 'Ex-india custom' };

describe('a cart change', () => {
  it('waits for the change before it, even one sent from another component', async () => {
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const calls = recordFetch(async (call) => {
      const { quantity } = call.body as { quantity: number };
      if (quantity === 2) await firstAnswered;
      return [200, cartOf([cartLine({ quantity })])];
    });
    const { wrapper } = queryWrapper();
    const first = renderHook(() => useAddCartItem(), { wrapper });
    const second = renderHook(() => useAddCartItem(), { wrapper });

    act(() => {
      first.result.current.mutate({ ...line, quantity: 2 });
      second.result.current.mutate({ ...line, quantity: 5 });
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    // Give the second change every chance to jump the queue.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls).toHaveLength(1);

    answerFirst();
    await waitFor(() => expect(second.result.current.isSuccess).toBe(true));
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', PATH, { quantity: 2, variantIndex: 1, source: 'Ex-india custom' }],
      ['POST', PATH, { quantity: 5, variantIndex: 1, source: 'Ex-india custom' }],
    ]);
  });

  it('writes the whole cart it answers under the cart key, without fetching the cart again', async () => {
    const calls = recordFetch((call) =>
      call.method === 'GET'
        ? [200, cartOf([cartLine({ quantity: 2 })])]
        : [200, cartOf([cartLine({ quantity: 7 })])],
    );
    const { client, wrapper } = queryWrapper();
    const cart = renderHook(() => useQuery(cartQueryOptions()), { wrapper });
    await waitFor(() => expect(cart.result.current.data?.itemCount).toBe(2));
    const add = renderHook(() => useAddCartItem(), { wrapper });

    await act(() => add.result.current.mutateAsync({ ...line, quantity: 5 }));

    expect(client.getQueryData(cartQueryOptions().queryKey)).toEqual(
      cartOf([cartLine({ quantity: 7 })]),
    );
    await waitFor(() => expect(cart.result.current.data?.itemCount).toBe(7));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/cart/', `POST ${PATH}`]);
  });
});
