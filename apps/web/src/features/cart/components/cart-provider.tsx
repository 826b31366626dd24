/**
 * Plugs the buyer's cart into lib/contexts/cart-boundary: the header badge reads the item count
 * (the sum of quantities, 0 for a visitor) and the product page's Add to Cart adds through the
 * cart API.
 */
import { useMemo, type ReactNode } from 'react';
import { CartContext, type CartBoundary } from '../../../lib/contexts/cart-boundary';
import { useCartQuery } from '../../../lib/api/get-cart';
import { useSession } from '../../../lib/contexts/session';
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
