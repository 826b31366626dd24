/**
 * The cart boundary of the header (item-count badge) and the product page (Add to Cart), so
 * that neither imports the cart feature: CartProvider (cart-provider.tsx, mounted by the root
 * layout) renders <CartContext value={...}> with the buyer's cart. Outside a provider the count
 * is 0 and adding an item fails instead of pretending to succeed.
 */
import { createContext, useContext } from 'react';

export interface CartLineInput {
  productId: string;
  quantity: number;
  source: string;
  /** Sent only when the product has options (spec §5 "Add to cart"). */
  variantIndex?: number;
}

export interface CartBoundary {
  itemCount: number;
  addItem: (line: CartLineInput) => Promise<void>;
}

/** The value outside a CartProvider. */
export const NO_CART: CartBoundary = {
  itemCount: 0,
  addItem: () => Promise.reject(new Error('Failed to add item to cart.')),
};

export const CartContext = createContext<CartBoundary>(NO_CART);

export function useCart(): CartBoundary {
  return useContext(CartContext);
}
