import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAddCartItem } from '../../../lib/api/add-cart-item';
import { cartQueryOptions } from '../../../lib/api/get-cart';
import { cartLine, cartOf, recordFetch } from '../../../test/order-fixtures';
import { queryWrapper } from '../../../test/render';
import { useRemoveCartItem } from './remove-cart-item';
import { useUpdateCartItem } from './update-cart-item';

describe('the cart page’s edits and removals', () => {
  it('queue behind an add still on its way, and the last answer is the cart', async () => {
    let answerAdd!: () => void;
    const calls = recordFetch((call) => {
      if (call.method === 'POST') {
        return new Promise((resolve) => {
          answerAdd = () => resolve([200, cartOf([cartLine({ quantity: 4 })])]);
        });
      }
      return [200, call.method === 'PATCH' ? cartOf([cartLine({ quantity: 6 })]) : cartOf([])];
    });
    const { client, wrapper } = queryWrapper();
    const { result } = renderHook(
      () => ({ add: useAddCartItem(), update: useUpdateCartItem(), remove: useRemoveCartItem() }),
      { wrapper },
    );
    const item = {
      productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      variantIndex: 1,
      source: 'Ex-india custom',
    };

    act(() => {
      result.current.add.mutate({ ...item, quantity: 2 });
      result.current.update.mutate({ ...item, quantity: 6 });
      result.current.remove.mutate(item);
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls.map((c) => c.method)).toEqual(['POST']);

    answerAdd();
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));
    const path = '/api/cart/items/aaaaaaaaaaaaaaaaaaaaaaaa';
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', path, { quantity: 2, variantIndex: 1, source: 'Ex-india custom' }],
      ['PATCH', path, { quantity: 6, variantIndex: 1, source: 'Ex-india custom' }],
      ['DELETE', path, { variantIndex: 1, source: 'Ex-india custom' }],
    ]);
    expect(client.getQueryData(cartQueryOptions().queryKey)).toEqual(cartOf([]));
  });
});
