/**
 * The cart (/cart; spec §2 "Cart", §4, §9): the buyer's lines with their steppers, Remove and
 * the totals, or 'Your cart is empty' with Continue Shopping.
 */
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CartLineView } from '@storefront/shared/cart';
import { href } from '@storefront/shared/routes';
import { SignedInQuery } from '../../../components/account/sign-in-required';
import { ErrorAlert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { describeError } from '../../../lib/api/error-message';
import { useCartQuery } from '../../../lib/api/get-cart';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useLineTaxRule } from '../../../lib/hooks/use-line-tax-rule';
import { unsplitTax } from '../../../lib/tax';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartItem } from '../api/update-cart-item';
import { CartLineItem, linePricePaise } from '../components/cart-line-item';
import { CartSummary } from '../components/cart-summary';

export function CartPage() {
  useDocumentTitle('Shopping Cart');
  const cart = useCartQuery();

  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8 lg:px-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Shopping Cart</h1>
      <SignedInQuery
        query={cart}
        loginMessage="Please login to view your cart"
        loading={<CartSkeleton />}
        error={(error) => <ErrorAlert title="Error">{error.message}</ErrorAlert>}
      >
        {({ lines }) => (lines.length === 0 ? <EmptyCart /> : <CartContents lines={lines} />)}
      </SignedInQuery>
    </div>
  );
}

function CartContents({ lines }: { lines: CartLineView[] }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const [pending, setPending] = useState<Record<string, number>>({});

  const quantityOf = (line: CartLineView) => pending[line.id] ?? line.quantity;
  const itemCount = lines.reduce((sum, line) => sum + quantityOf(line), 0);
  const taxRule = useLineTaxRule();
  const prices = lines.map((line) => linePricePaise(line, quantityOf(line), taxRule));
  const totalPaise = prices.reduce((sum, price) => sum + price.lineTotalPaise, 0);
  // The cart knows no place of supply: its GST is one figure until checkout (decision 057);
  // unknown for the moment a pending edit waits for the tax rule to load.
  const taxes = prices.map((price) => price.gst);
  const tax = taxes.every((gst) => gst !== undefined) ? unsplitTax(taxes) : null;

  function setPendingOf(id: string, quantity: number | undefined) {
    setPending(({ [id]: _, ...rest }) =>
      quantity === undefined ? rest : { ...rest, [id]: quantity },
    );
  }

  async function commit(line: CartLineView, quantity: number) {
    try {
      await update.mutateAsync({
        productId: line.productId,
        quantity,
        source: line.source,
        variantIndex: line.variantIndex,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error Updating Cart',
        description: describeError(error) ?? 'Failed to update cart.',
      });
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <Card
        as="ul"
        aria-label="Cart items"
        className="divide-y divide-slate-200 px-5 lg:col-span-2"
      >
        {lines.map((line) => (
          <CartLineItem
            key={line.id}
            line={line}
            taxRule={taxRule}
            pendingQuantity={pending[line.id]}
            onPendingChange={(quantity) => setPendingOf(line.id, quantity)}
            onCommit={(quantity) => commit(line, quantity)}
            isRemoving={remove.isPending && remove.variables.productId === line.productId}
            onRemove={() =>
              remove.mutate(
                {
                  productId: line.productId,
                  source: line.source,
                  variantIndex: line.variantIndex,
                },
                {
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Error Updating Cart',
                      description: describeError(error),
                    }),
                },
              )
            }
          />
        ))}
      </Card>
      <div className="lg:sticky lg:top-4 lg:self-start">
        <CartSummary itemCount={itemCount} totalPaise={totalPaise} tax={tax} />
      </div>
    </div>
  );
}

function EmptyCart() {
  return (
    <Card className="p-10 text-center">
      <ShoppingCart aria-hidden="true" className="mx-auto size-12 text-slate-400" />
      <p className="mt-4 text-xl font-semibold">Your cart is empty</p>
      <Link to={href.home()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Continue Shopping
      </Link>
    </Card>
  );
}

function CartSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading cart" className="grid gap-8 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </div>
      <Skeleton className="h-56 w-full" />
    </div>
  );
}
