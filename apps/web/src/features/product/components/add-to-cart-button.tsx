/**
 * Add to Cart (spec §4): idle 'Add to Cart'; pending 'Adding...' and disabled; disabled too when
 * the chosen variant is out of stock or the quantity cannot be ordered (issue 20; the page says
 * why beside it). What a click does is the caller's `onAddToCart` (see hooks/use-add-to-cart).
 */
import { ShoppingCart } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export function AddToCartButton({
  onAddToCart,
  isPending,
  disabled = false,
}: {
  onAddToCart: () => void;
  isPending: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full sm:w-72"
      disabled={isPending || disabled}
      onClick={onAddToCart}
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {isPending ? 'Adding...' : 'Add to Cart'}
    </Button>
  );
}
