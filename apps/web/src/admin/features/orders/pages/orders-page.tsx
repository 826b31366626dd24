/**
 * The order desk's list: filters, sort and keyset pages, all in the URL (lib/order-filters.ts,
 * lib/keyset-pages.ts), and the count of matching orders on the first page ('1,000+' past the
 * server's cap).
 */
import { Download } from 'lucide-react';
import { useNavigate, useSearchParams, Link } from 'react-router';
import { apiUrl } from '@storefront/shared/catalog-calls';
import { DESK_SORTS, type DeskSort } from '@storefront/shared/order-desk';
import { formatRupees, groupIndian } from '@storefront/shared/money';
import { buttonClasses } from '../../../../components/ui/button';
import { OrderStatusBadge } from '../../../../components/order/order-status-badge';
import { KeysetPager } from '../../../components/keyset-pager';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime } from '../../../lib/dates';
import { useKeysetPages } from '../../../lib/keyset-pages';
import { consoleHref, consolePaths } from '../../../paths';
import { useOrders } from '../api/get-orders';
import { OrderFiltersForm } from '../components/order-filters-form';
import {
  deskQuery,
  filtersFromSearch,
  searchFromFilters,
  type OrderFilters,
} from '../lib/order-filters';

const SORT_LABELS: Record<DeskSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Highest total first',
  total_asc: 'Lowest total first',
};

export function OrdersPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = filtersFromSearch(params);
  const pages = useKeysetPages('after');
  const orders = useOrders(deskQuery(filters, pages.cursor));
  const show = (next: OrderFilters) => {
    const search = searchFromFilters(next).toString();
    void navigate(search ? `${consolePaths.orders}?${search}` : consolePaths.orders);
  };

  const count = orders.data?.count;
  const countText =
    count === null || count === undefined
      ? undefined
      : count >= (orders.data?.countCap ?? Infinity)
        ? `${groupIndian(count)}+ orders`
        : `${groupIndian(count)} ${count === 1 ? 'order' : 'orders'}`;

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every order of the store, newest first unless sorted."
      />
      <OrderFiltersForm
        // Redrawn from the URL when it changes, so Back shows the filters of the list it shows.
        key={searchFromFilters(filters).toString()}
        filters={filters}
        onApply={show}
        onClear={() => show({ sort: filters.sort })}
      />
      <div className="mt-6 mb-3 flex flex-wrap items-end justify-between gap-3">
        <p aria-live="polite" className="text-sm font-medium text-slate-700">
          {countText ?? (pages.pageNumber > 1 ? `Page ${pages.pageNumber}` : '')}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={apiUrl('/api/staff/orders/export.csv', deskQuery(filters))}
            download
            className={buttonClasses('outline', 'sm')}
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
          <label htmlFor="orders-sort" className="text-sm font-medium text-slate-800">
            Sort
          </label>
          <select
            id="orders-sort"
            value={filters.sort}
            onChange={(event) => show({ ...filters, sort: event.target.value as DeskSort })}
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            {DESK_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {orders.isPending ? (
        <Loading what="orders" />
      ) : orders.isError ? (
        <QueryError error={orders.error} what="the orders" />
      ) : orders.data.orders.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          No orders match these filters.
        </p>
      ) : (
        <>
          <DataTable caption="Orders matching the filters" captionHidden>
            <thead>
              <tr>
                <Th>Order</Th>
                <Th>Placed</Th>
                <Th>Buyer</Th>
                <Th>Ship to</Th>
                <Th className="text-right">Items</Th>
                <Th className="text-right">Total</Th>
                <Th>Status</Th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <tr key={order.id} className="hover:bg-slate-50">
                  <Td className="font-mono whitespace-nowrap">
                    <Link
                      to={consoleHref.order(order.mkpOrderId)}
                      className="text-blue-700 hover:underline"
                    >
                      {order.mkpOrderId}
                    </Link>
                  </Td>
                  <Td className="whitespace-nowrap">{formatDateTime(order.createdAt)}</Td>
                  <Td>
                    <span className="block font-medium">{order.buyer.companyName}</span>
                    <span className="block text-slate-500">{order.buyer.email}</span>
                  </Td>
                  <Td className="min-w-40">{order.shipTo}</Td>
                  <Td className="text-right">{order.itemCount}</Td>
                  <Td className="text-right whitespace-nowrap">{formatRupees(order.totalPaise)}</Td>
                  <Td>
                    <OrderStatusBadge status={order.pStatus} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <KeysetPager
            label="Orders pages"
            pageNumber={pages.pageNumber}
            hasPrevious={pages.hasPrevious}
            next={orders.data.next}
            onPrevious={pages.previous}
            onNext={pages.next}
          />
        </>
      )}
    </>
  );
}
