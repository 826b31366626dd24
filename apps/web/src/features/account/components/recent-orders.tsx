/**
 * The Recent Orders tab (product decision #2, replacing the spec's cart items): each of the buyer's
 * latest orders with its number, date, item count, total in rupees (Indian grouping) and status
 * badge; an empty state offers Start Shopping.
 */
import { formatRupees, rupeesToPaise } from '@storefront/shared/money';
import { statusBadge, type StatusTone } from '@storefront/shared/order-status';
import type { Order } from '@storefront/shared/orders';
import { href } from '@storefront/shared/routes';
import { PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useRecentOrders } from '../api/get-recent-orders';
import { RecentOrdersLoading } from './tab-loading';

const TONE_CLASSES: Record<StatusTone, string> = {
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  orange: 'bg-orange-100 text-orange-800',
  gray: 'bg-slate-100 text-slate-700',
  purple: 'bg-purple-100 text-purple-800',
};

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function OrderRow({ order }: { order: Order }) {
  const badge = statusBadge(order.pStatus);
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-2 py-4">
      <div className="min-w-40 flex-1">
        <Link
          to={href.orderDetail(order._id.$oid)}
          className="font-semibold text-blue-700 hover:underline"
        >
          {order.mkpOrderId}
        </Link>
        <p className="text-sm text-slate-500">
          Placed on {dateFormat.format(new Date(order.createdAt.$date))} ·{' '}
          {order.itemCount === 1 ? '1 item' : `${order.itemCount} items`}
        </p>
      </div>
      <span className="font-semibold text-slate-900 tabular-nums">
        {formatRupees(rupeesToPaise(order.total_amount))}
      </span>
      <span
        data-tone={badge.tone}
        className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', TONE_CLASSES[badge.tone])}
      >
        {badge.label}
      </span>
    </li>
  );
}

export function RecentOrders() {
  const orders = useRecentOrders();

  if (orders.isPending) return <RecentOrdersLoading />;
  if (orders.isError) {
    return (
      <ErrorAlert title="Failed to load orders. Please try again later.">
        {orders.error.message}
      </ErrorAlert>
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 py-10 text-center">
        <PackageOpen aria-hidden="true" className="size-10 text-slate-400" />
        <p className="text-lg font-semibold text-slate-900">No orders yet</p>
        <p className="text-sm text-slate-600">Your orders will appear here once you place one.</p>
        <Link to={href.home()} className={buttonClasses('primary', 'md', 'mt-2')}>
          Start Shopping
        </Link>
      </div>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-slate-200">
        {orders.data.map((order) => (
          <OrderRow key={order._id.$oid} order={order} />
        ))}
      </ul>
      <Link to={href.orders()} className={buttonClasses('outline', 'md', 'mt-4')}>
        View all orders
      </Link>
    </div>
  );
}
