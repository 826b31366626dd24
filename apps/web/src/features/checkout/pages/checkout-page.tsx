/**
 * Checkout (/checkout; spec §2 "Checkout", §4, §5; product decision #1): the Shipping step, with
 * the billing details (issue 21). Its submit creates the order, which the server prices from its
 * cart, and goes to /order/{id}, the Payment step. Each attempt carries its own Idempotency-Key;
 * a retry of the same details after a failure reuses it, so a lost answer never becomes a second
 * order. The summary is the cart taxed for the ship-to the form reports: the place of supply
 * and its heads once the delivery state is chosen.
 *
 * With `?quote={id}&version={n}` it accepts that quote instead (issue 22, decision 063): the
 * same billing and shipping, the quote's lines at its prices as the summary, and the submit
 * asks the server to turn the quote into the order, then goes on to the same payment step.
 */
import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CartQuery } from '@storefront/shared/cart';
import type { OrderCreateBody } from '@storefront/shared/orders';
import { href } from '@storefront/shared/routes';
import { SignedInQuery } from '../../../components/account/sign-in-required';
import { ErrorAlert } from '../../../components/ui/alert';
import { describeError } from '../../../lib/api/error-message';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api/api-client';
import { useAddressBook } from '../../../lib/api/get-address-book';
import { useCartQuery } from '../../../lib/api/get-cart';
import { useStore } from '../../../lib/api/get-store';
import { useSession } from '../../../lib/contexts/session';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useCreateOrder } from '../api/create-order';
import { useTaxedCart } from '../api/get-taxed-cart';
import { CheckoutSummary } from '../components/checkout-summary';
import { CheckoutFrame, checkoutLoading } from '../components/checkout-frame';
import { newIdempotencyKey } from '../lib/idempotency-key';

// The form (its fields, the GST state list, the form rules) is a chunk of its own, asked for as
// this module runs: it loads beside the cart and the address book, which it waits for anyway,
// behind the same placeholder, instead of before them (the 120 KB budget). A failed load here is
// tried again by the lazy component, whose boundary shows the error.
const loadCheckoutForm = () => import('../components/checkout-form');
void loadCheckoutForm().catch(() => undefined);
const CheckoutForm = lazy(() => loadCheckoutForm().then((m) => ({ default: m.CheckoutForm })));
const formLoading = <Skeleton className="h-96" aria-label="Loading your addresses" />;

// A quote's checkout, only on that way in: its summary and calls stay out of the cart's.
const QuoteCheckout = lazy(() =>
  import('../components/quote-checkout').then((m) => ({ default: m.QuoteCheckout })),
);

export function CheckoutPage() {
  const [params] = useSearchParams();
  const quoteId = params.get('quote');
  if (quoteId)
    return (
      <CheckoutFrame
        title="Accept quote"
        back={{ to: href.quote(quoteId), label: 'Back to quote' }}
      >
        <Suspense fallback={checkoutLoading}>
          <QuoteCheckout quoteId={quoteId} version={Number(params.get('version'))} />
        </Suspense>
      </CheckoutFrame>
    );
  return <CartCheckout />;
}

function CartCheckout() {
  useDocumentTitle('Checkout');
  const cart = useCartQuery();
  const { user } = useSession();
  const store = useStore();
  const book = useAddressBook();
  const [shipTo, setShipTo] = useState<CartQuery | null>(null);
  const taxed = useTaxedCart(shipTo);
  const createOrder = useCreateOrder();
  const navigate = useNavigate();
  const attempt = useRef<{ body: string; key: string } | null>(null);

  function submit(body: OrderCreateBody) {
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) {
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    }
    createOrder.mutate(
      { body, idempotencyKey: attempt.current.key },
      { onSuccess: (order) => void navigate(href.order(order._id.$oid)) },
    );
  }

  // Once the order exists the server has emptied the cart; the page stays as it is until the
  // payment step has loaded instead of flashing the empty state.
  const placed = createOrder.isSuccess;

  return (
    <CheckoutFrame title="Checkout" back={{ to: href.cart(), label: 'Back to cart' }}>
      <SignedInQuery
        query={cart}
        loginMessage="Please login to check out"
        loading={checkoutLoading}
        error={(error) => <ErrorAlert title="Error">{error.message}</ErrorAlert>}
      >
        {(data) =>
          data.lines.length === 0 && !placed ? (
            <Card className="p-10 text-center">
              <ShoppingCart aria-hidden="true" className="mx-auto size-12 text-slate-400" />
              <p className="mt-4 text-xl font-semibold">Your cart is empty</p>
              <p className="mt-2 text-slate-600">
                You need to add items to your cart before proceeding to checkout.
              </p>
              <Link to={href.home()} className={buttonClasses('primary', 'md', 'mt-6')}>
                Continue Shopping
              </Link>
            </Card>
          ) : (
            <div className="grid gap-8 lg:grid-cols-3">
              <Card className="p-5 lg:col-span-2">
                {createOrder.isError ? (
                  <div className="mb-4">
                    <ErrorAlert title="Failed to create order">
                      {describeError(createOrder.error)}
                    </ErrorAlert>
                  </div>
                ) : null}
                {book.isPending ? (
                  formLoading
                ) : (
                  <Suspense fallback={formLoading}>
                    <CheckoutForm
                      user={user}
                      store={store.data}
                      book={book.data}
                      onSubmit={submit}
                      isSubmitting={createOrder.isPending || placed}
                      serverFields={
                        createOrder.error instanceof ApiError ? createOrder.error.fields : undefined
                      }
                      onShipToChange={setShipTo}
                    />
                  </Suspense>
                )}
              </Card>
              <div className="lg:sticky lg:top-4 lg:self-start">
                <CheckoutSummary
                  cart={shipTo !== null && taxed.data ? taxed.data : data}
                  store={store.data}
                  updating={shipTo !== null && taxed.isFetching}
                />
              </div>
            </div>
          )
        }
      </SignedInQuery>
    </CheckoutFrame>
  );
}
