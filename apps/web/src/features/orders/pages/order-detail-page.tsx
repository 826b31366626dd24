/**
 * One order (/orders/{id}; spec §2 "Order detail"): Back to Orders; 'Order {number}' with the
 * date and time it was placed and its status; the Billing Details (issue 21: the GSTIN, legal
 * name and address the invoice is made out to), Shipping Address and Payment cards (Pay Now only
 * for UP, PF or no status); the items as priced when ordered, each with its price excluding GST
 * and its GST; the place of supply, the taxable value, the GST's heads and the total. Track
 * Package opens the tracking view once paid (docs/product-decisions.md #6). A delivered order's
 * Returns card (issue 22) comes after its tax documents.
 */
import { AlertTriangle, ArrowLeft, Building2, CreditCard, MapPin, Truck } from 'lucide-react';
import { Suspense, use, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { canCancel, canPay, canTrack, statusBadge } from '@storefront/shared/order-status';
import type { Order } from '@storefront/shared/orders';
import { href } from '@storefront/shared/routes';
import { SignedInQuery } from '../../../components/account/sign-in-required';
import { OrderStatusBadge, OrderStatusIcon } from '../../../components/order/order-status-badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatDate, formatTime } from '../lib/dates';
import { formatRupeeAmount } from '../../../lib/format';
import { useOrder } from '../../../lib/api/get-order';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { loadCountries } from '../../../lib/hooks/use-countries';
import { LazyCancelOrderDialog } from '../components/lazy-cancel-order-dialog';
import { LineTax } from '../../../components/order/line-tax';
import { FreeShippingRow, PlaceOfSupply, TaxRows } from '../../../components/order/order-totals';
import { LazyReturnsCard } from '../components/lazy-returns-card';
import { LazyTrackingDialog } from '../components/lazy-tracking-dialog';
import { Reorder } from '../components/reorder';
import { TaxDocumentsCard } from '../components/tax-documents-card';

// The country list names the shipping country: asked for as this module runs, it loads beside
// the order, and the skeleton stands until both are here (2.3 KB gzipped off the page's initial
// JavaScript, the 120 KB budget). A failed load is tried again when the order is drawn, whose
// boundary shows the error.
void loadCountries().catch(() => undefined);

export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const navigate = useNavigate();
  useDocumentTitle(order.data ? `Order ${order.data.mkpOrderId}` : 'Order');

  return (
    <div className="mx-auto max-w-screen-lg px-4 py-8 lg:px-8">
      <Button variant="ghost" className="-ml-3 mb-4" onClick={() => void navigate(href.orders())}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Orders
      </Button>
      <SignedInQuery
        query={order}
        loginMessage="Please login to view your orders"
        loading={<OrderDetailSkeleton />}
        error={(error) => <OrderError message={error.message} />}
      >
        {(data) => (
          <Suspense fallback={<OrderDetailSkeleton />}>
            <OrderDetail order={data} />
          </Suspense>
        )}
      </SignedInQuery>
    </div>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const { countryName } = use(loadCountries());
  const [tracking, setTracking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const placed = order.createdAt.$date;
  const id = order._id.$oid;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Order {order.mkpOrderId}</h1>
          <p className="mt-1 text-slate-600">
            Placed on {formatDate(placed)} at {formatTime(placed)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <OrderStatusIcon status={order.pStatus} className="size-6 text-slate-600" />
          <OrderStatusBadge status={order.pStatus} />
          {canTrack(order.pStatus) ? (
            <Button
              variant="secondary"
              size="sm"
              className="ml-2"
              onClick={() => setTracking(true)}
            >
              <Truck aria-hidden="true" className="size-4" />
              Track Package
            </Button>
          ) : null}
        </div>
      </div>
      <Reorder orderId={id} />

      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {order.billing ? (
          <DetailCard
            title="Billing Details"
            icon={<Building2 aria-hidden="true" className="size-5" />}
          >
            <address data-testid="billing-details" className="text-sm leading-6 not-italic">
              <span className="block font-semibold">{order.billing.legalName}</span>
              <span className="block">GSTIN: {order.billing.gstin}</span>
              <span className="block">{order.billing.address1}</span>
              {order.billing.address2 ? (
                <span className="block">{order.billing.address2}</span>
              ) : null}
              <span className="block">
                {order.billing.city}, {order.billing.state} ({order.billing.stateCode}){' '}
                {order.billing.postalCode}
              </span>
            </address>
          </DetailCard>
        ) : null}
        <DetailCard
          title="Shipping Address"
          icon={<MapPin aria-hidden="true" className="size-5" />}
        >
          <address className="text-sm leading-6 not-italic">
            <span className="block font-semibold">{order.recipientName}</span>
            <span className="block">{order.shippingAddress1}</span>
            {order.shippingAddress2 ? (
              <span className="block">{order.shippingAddress2}</span>
            ) : null}
            {order.shippingAddress3 ? (
              <span className="block">{order.shippingAddress3}</span>
            ) : null}
            <span className="block">
              {order.shippingCity}, {order.shippingState}
              {order.shippingStateCode ? ` (${order.shippingStateCode})` : ''}{' '}
              {order.shippingPostalCode}
            </span>
            <span className="block">{countryName(order.shippingCountry)}</span>
            {order.shippingPhoneNumber ? (
              <span className="block">Phone: {order.shippingPhoneNumber}</span>
            ) : null}
          </address>
        </DetailCard>
        <DetailCard title="Payment" icon={<CreditCard aria-hidden="true" className="size-5" />}>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Status</dt>
              <dd>{statusBadge(order.pStatus).label}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Amount</dt>
              <dd className="font-semibold">{formatRupeeAmount(order.total_amount)}</dd>
            </div>
            {order.refunds.map((refund, index) => (
              <div key={index} className="flex justify-between gap-4" data-testid="order-refund">
                <dt className="text-slate-600">
                  {refund.state === 'completed' ? 'Refunded' : 'Refund in progress'}
                </dt>
                <dd className="font-semibold">{formatRupeeAmount(refund.amount)}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            {canPay(order.pStatus) ? (
              <Link to={href.orderPayment(id)} className={buttonClasses('primary', 'sm')}>
                Pay Now
              </Link>
            ) : null}
            {canCancel(order.pStatus) ? (
              <Button
                ref={cancelButton}
                variant="outline"
                size="sm"
                onClick={() => setCancelling(true)}
              >
                Cancel Order
              </Button>
            ) : null}
          </div>
        </DetailCard>
      </div>

      <TaxDocumentsCard order={order} />

      <LazyReturnsCard order={order} />

      <Card as="section" aria-labelledby="order-items">
        <h2 id="order-items" className="border-b border-slate-200 px-5 py-4 text-lg font-bold">
          Order Items
        </h2>
        <ul className="divide-y divide-slate-100">
          {order.orderDetails.map((line, index) => (
            <li
              key={`${line.sku}-${index}`}
              data-testid="order-line"
              className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">{line.title}</p>
                <p className="text-slate-600">SKU: {line.sku}</p>
                <p className="text-slate-600">Seller SKU: {line.sellerSku ?? 'N/A'}</p>
              </div>
              <div className="shrink-0 text-sm sm:text-right">
                <p>
                  {formatRupeeAmount(line.consumerPrice)}{' '}
                  <span className="text-slate-600">× Qty: {line.quantity}</span>
                </p>
                <p className="font-semibold">{formatRupeeAmount(line.lineTotal)}</p>
                {line.gst ? <LineTax gst={line.gst} /> : null}
              </div>
            </li>
          ))}
        </ul>
        <div className="border-t border-slate-200 px-5 py-4">
          {order.tax ? (
            <>
              <PlaceOfSupply tax={order.tax} />
              <dl className="mt-3 space-y-2 text-sm">
                <TaxRows tax={order.tax} itemCount={order.itemCount} />
                <FreeShippingRow />
              </dl>
            </>
          ) : null}
          <p
            className={cn(
              'flex justify-between text-lg font-bold',
              order.tax && 'mt-3 border-t border-slate-200 pt-3',
            )}
          >
            <span>Order Total</span>
            <span data-testid="order-total">{formatRupeeAmount(order.total_amount)}</span>
          </p>
        </div>
      </Card>

      {tracking ? <LazyTrackingDialog order={order} open onOpenChange={setTracking} /> : null}
      {cancelling ? (
        <LazyCancelOrderDialog
          order={order}
          open
          onOpenChange={setCancelling}
          returnFocus={() => cancelButton.current?.focus()}
        />
      ) : null}
    </div>
  );
}

function DetailCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card as="section" className="p-5">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-bold">
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  );
}

function OrderError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mx-auto max-w-lg rounded-lg border border-red-200 bg-white p-8 text-center shadow-sm"
    >
      <AlertTriangle aria-hidden="true" className="mx-auto size-12 text-red-500" />
      <h1 className="mt-4 text-xl font-bold">Error Loading Order</h1>
      <p className="mt-2 text-slate-700">
        We couldn&apos;t fetch the details for this order. It might not exist or there was a problem
        connecting.
      </p>
      <p className="mt-2 text-sm text-slate-600">{message || 'Please try again later.'}</p>
      <Link to={href.orders()} className={buttonClasses('primary', 'md', 'mt-6')}>
        View All Orders
      </Link>
    </div>
  );
}

function OrderDetailSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading order" className="space-y-6">
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-44" />
        <Skeleton className="h-44" />
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
