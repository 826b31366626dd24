/**
 * The payment step (/order/{id} and /order/{id}/payment; spec §2 "Payment", §4, §8;
 * product decision #1): Shipping done, Payment current; one payment method; the order summary.
 * Complete Payment asks the server for the gateway URL and sends the browser there; while that
 * runs the button reads 'Processing...' and is disabled, and a failure shows in a red box with
 * the button enabled again, unless the order has used up its payment attempts (then the box
 * offers the seller's email and the button stays disabled). A paid order says so instead of
 * offering a payment (Pay Now only for UP, PF or no status, spec §4).
 */
import { ArrowLeft, CheckCircle2, PackageX, Smartphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { canPay, canTrack } from '@storefront/shared/order-status';
import type { Order } from '@storefront/shared/orders';
import type { TaxSummary } from '@storefront/shared/tax-summary';
import { href } from '@storefront/shared/routes';
import { CheckoutSteps } from '../../../components/order/checkout-steps';
import { SignedInQuery } from '../../../components/account/sign-in-required';
import { OrderStatusBadge } from '../../../components/order/order-status-badge';
import { SUPPORT_EMAIL, supportMailto } from '../../../components/layout/site-info';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api/api-client';
import { cn } from '../../../lib/cn';
import { useOrder } from '../../../lib/api/get-order';
import { redirectTo } from '../lib/redirect';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useStartPayment } from '../api/start-payment';
import { PaymentSummary } from '../components/payment-summary';
import { formatRupeeAmount } from '../../../lib/format';
import { placeOfSupplyText, taxHeadRows } from '../../../lib/tax';

// The way back to shipping loads when opened: its forms are the checkout's, not the payment's.
const EditShipping = lazy(() =>
  import('../components/edit-shipping').then((m) => ({ default: m.EditShipping })),
);

export function PaymentPage() {
  useDocumentTitle('Payment');
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);

  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8 lg:px-8">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold sm:text-3xl">Checkout</h1>
        <CheckoutSteps current="Payment" />
      </div>
      <SignedInQuery
        query={order}
        loginMessage="Please login to view your orders"
        loading={<PaymentSkeleton />}
        error={() => <OrderNotFound />}
      >
        {(data) => <PaymentStep order={data} />}
      </SignedInQuery>
    </div>
  );
}

/**
 * The order's ship-to and billing above the payment method, with the way back to shipping while
 * the order is unpaid (issue 22, decision 073): its details open for editing, saved onto the same
 * order, and the GST the server then worked out again is shown beside them.
 */
function PaymentStep({ order }: { order: Order }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editable = canPay(order.pStatus);
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        {editing && editable ? (
          <Suspense fallback={<Skeleton className="h-96" />}>
            <EditShipping
              order={order}
              onDone={(changed) => {
                setEditing(false);
                if (changed) setSaved(true);
              }}
            />
          </Suspense>
        ) : (
          <>
            <ShipTo
              order={order}
              saved={saved}
              onEdit={
                editable
                  ? () => {
                      setSaved(false);
                      setEditing(true);
                    }
                  : undefined
              }
            />
            <PaymentMethod order={order} />
          </>
        )}
      </div>
      <div className="lg:sticky lg:top-4 lg:self-start">
        <PaymentSummary order={order} />
      </div>
    </div>
  );
}

function ShipTo({
  order,
  saved,
  onEdit,
}: {
  order: Order;
  /** The details were just changed: say so, with the GST the server worked out again. */
  saved: boolean;
  onEdit: (() => void) | undefined;
}) {
  const { billing, tax } = order;
  const lines = [
    order.shippingAddress1,
    order.shippingAddress2,
    order.shippingAddress3,
    `${order.shippingCity}, ${order.shippingState} ${order.shippingPostalCode}`,
  ].filter(Boolean);
  return (
    <Card as="section" aria-labelledby="ship-to" className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="ship-to" className="text-lg font-bold">
            Shipping to
          </h2>
          <address className="mt-1 text-sm break-words text-slate-700 not-italic">
            <span className="font-medium text-slate-900">{order.recipientName}</span>
            {lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">{order.shippingPhoneNumber}</span>
          </address>
          {billing ? (
            <>
              <h3 className="mt-3 text-sm font-semibold">Billed to</h3>
              <p className="text-sm break-words text-slate-700">
                {billing.legalName} · GSTIN {billing.gstin} · {billing.state}
              </p>
            </>
          ) : null}
        </div>
        {onEdit ? (
          <Button variant="outline" size="sm" onClick={onEdit}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Shipping
          </Button>
        ) : null}
      </div>
      {saved ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          Order {order.mkpOrderId} updated.
          {tax ? ` ${regainedTax(tax)}` : ''}
        </p>
      ) : null}
    </Card>
  );
}

/** 'GST worked out again for Karnataka (29): IGST ₹1,234.00.' — the server's new split. */
function regainedTax(tax: TaxSummary): string {
  const heads = taxHeadRows(tax)
    .map((row) => `${row.label} ${formatRupeeAmount(row.amount)}`)
    .join(' + ');
  const place = placeOfSupplyText(tax);
  return `GST worked out again${place ? ` for ${place}` : ''}: ${heads}.`;
}

/** What went wrong, and whether trying again can help. */
interface Failure {
  message: string;
  /** The order has used up its payment attempts: only the seller can help now. */
  final: boolean;
}

/**
 * The spec's three failure messages (§8); and the server's own words when the order has used
 * up its payment attempts, since trying again cannot help then.
 */
function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError))
    return { message: 'Payment failed. Please try again.', final: false };
  return error.code === 'payment_attempts_exhausted' && error.detail
    ? { message: error.detail, final: true }
    : { message: 'Payment processing failed', final: false };
}

function PaymentMethod({ order }: { order: Order }) {
  const start = useStartPayment(order._id.$oid);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const busy = start.isPending || redirecting;

  function completePayment() {
    setFailure(null);
    start.mutate(undefined, {
      onSuccess: ({ paymentUrl }) => {
        if (!paymentUrl) {
          setFailure({ message: 'No payment URL received', final: false });
          return;
        }
        // The page stays 'Processing...' until the browser has left for the gateway.
        setRedirecting(true);
        redirectTo(paymentUrl);
      },
      onError: (error) => setFailure(failureOf(error)),
    });
  }

  return (
    <Card as="section" aria-labelledby="payment-method" className="space-y-5 p-5">
      <h2 id="payment-method" className="text-lg font-bold">
        Payment Method
      </h2>
      <div
        role="radiogroup"
        aria-label="Payment method"
        className="rounded-md border-2 border-blue-600 bg-blue-50 p-4"
      >
        <div role="radio" aria-checked="true" className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-5 items-center justify-center rounded-full border-2 border-blue-600"
          >
            <span className="size-2.5 rounded-full bg-blue-600" />
          </span>
          <Smartphone aria-hidden="true" className="size-6 text-blue-700" />
          <span>
            <span className="block font-semibold">Mobile payment app</span>
            <span className="block text-sm text-slate-600">
              Pay with UPI, cards or net banking on the payment provider&apos;s secure page.
            </span>
          </span>
        </div>
      </div>

      {canPay(order.pStatus) ? (
        <>
          {failure ? (
            <ErrorAlert>
              {failure.message}
              {failure.final ? (
                <>
                  {' '}
                  <a
                    href={supportMailto(`Payment for order ${order.mkpOrderId}`)}
                    className="font-medium underline"
                  >
                    Email {SUPPORT_EMAIL}
                  </a>
                </>
              ) : null}
            </ErrorAlert>
          ) : null}
          <Button
            size="lg"
            className="w-full"
            disabled={busy || failure?.final === true}
            onClick={completePayment}
          >
            {busy ? 'Processing...' : 'Complete Payment'}
          </Button>
        </>
      ) : (
        <div
          className={cn(
            'flex flex-wrap items-center gap-3 rounded-md border p-4',
            canTrack(order.pStatus)
              ? 'border-green-200 bg-green-50 text-green-900'
              : 'border-slate-200 bg-slate-50',
          )}
        >
          {canTrack(order.pStatus) ? (
            <>
              <CheckCircle2 aria-hidden="true" className="size-5" />
              <p className="font-medium">This order has been paid.</p>
            </>
          ) : (
            <p className="font-medium">No payment is needed for this order now.</p>
          )}
          <OrderStatusBadge status={order.pStatus} />
          <Link
            to={href.orderDetail(order._id.$oid)}
            className={buttonClasses('outline', 'sm', 'ml-auto')}
          >
            View Order Details
          </Link>
        </div>
      )}
    </Card>
  );
}

function OrderNotFound() {
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <PackageX aria-hidden="true" className="mx-auto size-12 text-slate-400" />
      <h2 className="mt-4 text-xl font-bold">Order Not Found</h2>
      <p className="mt-2 text-slate-600">The order you&apos;re looking for could not be found.</p>
      <Link to={href.cart()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Return to Cart
      </Link>
    </Card>
  );
}

function PaymentSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading order" className="grid gap-8 lg:grid-cols-3">
      <Skeleton className="h-64 lg:col-span-2" />
      <Skeleton className="h-80" />
    </div>
  );
}
