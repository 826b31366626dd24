/**
 * Add to Cart (spec §4): idle 'Add to Cart'; pending 'Adding...' and disabled. What a click does
 * is the caller's `onAddToCart` (see hooks/use-add-to-cart).
 */
import { ShoppingCart } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export function AddToCartButton({
  onAddToCart,
  isPending,
}: {
  onAddToCart: () => void;
  isPending: boolean;
}) {
  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full sm:w-72"
      disabled={isPending}
      onClick={onAddToCart}
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {isPending ? 'Adding...' : 'Add to Cart'}
    </Button>
  );
}
