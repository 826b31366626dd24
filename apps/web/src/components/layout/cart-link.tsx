import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { useCart } from '../../lib/contexts/cart-boundary';
import { href } from '@storefront/shared/routes';

/** Cart link with an item-count badge when the cart is not empty (spec §2). */
export function CartLink() {
  const { itemCount } = useCart();
  return (
    <Link
      to={href.cart()}
      aria-label={itemCount > 0 ? `Cart, ${itemCount} items` : 'Cart'}
      className="relative flex items-end gap-1 rounded px-2 py-1 hover:outline hover:outline-1 hover:outline-white focus-visible:outline-2 focus-visible:outline-amber-400"
    >
      <ShoppingCart aria-hidden="true" className="size-7" />
      {itemCount > 0 ? (
        <span
          data-testid="cart-count"
          className="absolute -top-1 left-5 min-w-5 rounded-full bg-amber-400 px-1 text-center text-xs font-bold text-slate-900"
        >
          {itemCount}
        </span>
      ) : null}
      <span className="hidden text-sm font-bold lg:inline">Cart</span>
    </Link>
  );
}
