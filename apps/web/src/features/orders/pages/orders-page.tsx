/**
 * Your orders (/orders; spec §2 "Orders", §5 order search, §8): a login prompt for visitors;
 * otherwise the buyer's orders, newest first, filtered by order number as they type. States:
 * loading, an error with Retry (reloads the page), no orders, and no match.
 */
import { PackageOpen, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '@storefront/shared/orders';
import { href } from '@storefront/shared/routes';
import { SignedInQuery } from '../../../components/account/sign-in-required';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOrders } from '../../../lib/api/get-orders';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { OrderCard } from '../components/order-card';
import { LazyTrackingDialog } from '../components/lazy-tracking-dialog';
import { filterOrders } from '../lib/filter-orders';

export function OrdersPage() {
  useDocumentTitle('Your Orders');
  const orders = useOrders();
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-8 lg:px-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Your Orders</h1>
      <SignedInQuery
        query={orders}
        loginMessage="Please login to view your orders"
        loading={
          <div aria-busy="true" aria-label="Loading orders" className="space-y-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-40 w-full" />
            ))}
          </div>
        }
        error={() => (
          <div className="space-y-4">
            <ErrorAlert title="Error">Failed to load orders. Please try again later.</ErrorAlert>
            <Button variant="outline" onClick={() => window.location.reload()}>
              Retry
            </Button>
          </div>
        )}
      >
        {(data) => (data.length === 0 ? <NoOrders /> : <OrderList orders={data} />)}
      </SignedInQuery>
    </div>
  );
}

function NoOrders() {
  return (
    <Card className="p-10 text-center">
      <PackageOpen aria-hidden="true" className="mx-auto size-12 text-slate-400" />
      <p className="mt-4 text-xl font-semibold">You have no orders yet</p>
      <Link to={href.home()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Start Shopping
      </Link>
    </Card>
  );
}

function OrderList({ orders }: { orders: Order[] }) {
  const [search, setSearch] = useState('');
  const [tracking, setTracking] = useState<Order | null>(null);

  const shown = filterOrders(orders, search);
  return (
    <div className="space-y-5">
      <div className="relative max-w-md">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <label htmlFor="order-search" className="sr-only">
          Search by order number
        </label>
        <input
          id="order-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by order number"
          className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-base focus:outline-2 focus:outline-blue-600"
        />
      </div>
      {shown.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">No orders match &ldquo;{search.trim()}&rdquo;</p>
          <Button variant="outline" className="mt-4" onClick={() => setSearch('')}>
            <X aria-hidden="true" className="size-4" />
            Clear Search
          </Button>
        </Card>
      ) : (
        <ul aria-label="Orders" className="space-y-4">
          {shown.map((order) => (
            <OrderCard key={order._id.$oid} order={order} onTrack={() => setTracking(order)} />
          ))}
        </ul>
      )}
      {tracking ? (
        <LazyTrackingDialog
          order={tracking}
          open
          onOpenChange={(open) => {
            if (!open) setTracking(null);
          }}
        />
      ) : null}
    </div>
  );
}
