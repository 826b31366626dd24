/**
 * What Add to Cart does (spec §4, §5, §8; docs/product-decisions.md #4):
 * - options that name no variant fail with the spec's messages (destructive toast
 *   'Error Adding to Cart');
 * - a logged-out buyer goes to /auth?returnUrl=<this page with the chosen quantity, options and
 *   source>, and comes back to the same choices after login;
 * - a signed-in buyer's line goes to the cart through lib/contexts/cart-boundary ('Adding...'
 *   while it is sent); success toasts 'Added to Cart', a refusal toasts the server's message (or
 *   'Failed to add item to cart.').
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ProductDetail } from '@storefront/shared/catalog';
import { toast } from '../../../components/ui/use-toast';
import { useCart } from '../../../lib/contexts/cart-boundary';
import { describeError } from '../../../lib/api/error-message';
import { href } from '@storefront/shared/routes';
import { useSession } from '../../../lib/contexts/session';
import { selectionReturnUrl, type ProductSelection } from '../lib/selection-url';
import { resolveVariant } from '../lib/variant';

export function useAddToCart(product: Pick<ProductDetail, '_id' | 'options' | 'varients'>) {
  const { user } = useSession();
  const cart = useCart();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isPending, setIsPending] = useState(false);

  async function addToCart(selection: ProductSelection) {
    const variant = resolveVariant(product, selection.options);
    if (!variant.ok) {
      toast({ variant: 'destructive', title: 'Error Adding to Cart', description: variant.error });
      return;
    }
    if (!user) {
      void navigate(
        href.auth({ returnUrl: selectionReturnUrl(pathname, selection, product.options) }),
      );
      return;
    }
    setIsPending(true);
    try {
      await cart.addItem({
        productId: product._id,
        quantity: selection.quantity,
        source: selection.source,
        ...(variant.variantIndex === undefined ? {} : { variantIndex: variant.variantIndex }),
      });
      toast({
        title: 'Added to Cart',
        description: `${selection.quantity} item(s) added to your cart.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error Adding to Cart',
        description: describeError(error) ?? 'Failed to add item to cart.',
      });
    } finally {
      setIsPending(false);
    }
  }

  return { addToCart, isPending };
}
