/**
 * Plugs the buyer's cart into the cart boundary (cart-boundary.tsx): the header badge reads the
 * item count (the sum of quantities, 0 for a visitor) and the product page's Add to Cart adds
 * through the cart API. Shared, not the cart feature's: the root layout mounts it for the
 * header and the product page, and the cart page does not use it.
 */
import { useMemo, type ReactNode } from 'react';
import { CartContext, type CartBoundary } from './cart-boundary';
import { useCartQuery } from '../api/get-cart';
import { useSession } from './session';
import { useAddCartItem } from '../api/add-cart-item';

export function CartProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const cart = useCartQuery();
  const { mutateAsync } = useAddCartItem();
  // A cart cached before a sign-out is not the visitor's.
  const itemCount = user ? (cart.data?.itemCount ?? 0) : 0;
  const value = useMemo<CartBoundary>(
    () => ({
      itemCount,
      addItem: async (line) => {
        await mutateAsync(line);
      },
    }),
    [itemCount, mutateAsync],
  );
  return <CartContext value={value}>{children}</CartContext>;
}
