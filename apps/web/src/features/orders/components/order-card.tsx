/**
 * One order in the list (spec §2 "Orders"): number, placed-on date, items count, total, the
 * status badge with its icon, and its actions — View Details always, Pay Now while payment is
 * due (UP, PF or none), Track Package once paid (docs/product-decisions.md #6). Issue 21: whom
 * it is billed to (legal name and GSTIN), its place of supply, and its taxable value and GST
 * beside the total; the lines' GST is on the order's own page.
 */
import { CreditCard, Eye, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { canPay, canTrack } from '@storefront/shared/order-status';
import type { Order } from '@storefront/shared/orders';
import { href } from '@storefront/shared/routes';
import { OrderStatusBadge } from '../../../components/order/order-status-badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { formatDate } from '../lib/dates';
import { Reorder } from './reorder';
import { formatRupeeAmount } from '../../../lib/format';
import { Card } from '../../../components/ui/card';

export function OrderCard({ order, onTrack }: { order: Order; onTrack: () => void }) {
  const id = order._id.$oid;
  return (
    <Card as="li" data-testid="order-card" className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-mono text-base font-bold">{order.mkpOrderId}</h2>
          <p className="text-sm text-slate-600">Placed on {formatDate(order.createdAt.$date)}</p>
        </div>
        <OrderStatusBadge status={order.pStatus} />
      </div>
      {order.billing ? (
        <p data-testid="order-billed-to" className="mt-2 text-sm text-slate-600">
          Billed to <span className="font-medium text-slate-900">{order.billing.legalName}</span> ·
          GSTIN {order.billing.gstin}
          {order.tax?.placeOfSupply
            ? ` · Place of supply: ${order.tax.placeOfSupply.name} (${order.tax.placeOfSupply.code})`
            : ''}
        </p>
      ) : null}
      <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600">Items</dt>
          <dd className="font-semibold">{order.itemCount}</dd>
        </div>
        {order.tax ? (
          <>
            <div>
              <dt className="text-slate-600">Taxable value</dt>
              <dd data-testid="order-taxable" className="font-semibold">
                {formatRupeeAmount(order.tax.taxable)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">GST ({order.tax.heads.join(' + ')})</dt>
              <dd data-testid="order-gst" className="font-semibold">
                {formatRupeeAmount(order.tax.tax)}
              </dd>
            </div>
          </>
        ) : null}
        <div>
          <dt className="text-slate-600">Total</dt>
          <dd className="font-semibold">{formatRupeeAmount(order.total_amount)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={href.orderDetail(id)} className={buttonClasses('outline', 'sm')}>
          <Eye aria-hidden="true" className="size-4" />
          View Details
        </Link>
        {canPay(order.pStatus) ? (
          <Link to={href.orderPayment(id)} className={buttonClasses('primary', 'sm')}>
            <CreditCard aria-hidden="true" className="size-4" />
            Pay Now
          </Link>
        ) : null}
        {canTrack(order.pStatus) ? (
          <Button variant="secondary" size="sm" onClick={onTrack}>
            <Truck aria-hidden="true" className="size-4" />
            Track Package
          </Button>
        ) : null}
      </div>
      <div className="mt-2">
        <Reorder orderId={id} />
      </div>
    </Card>
  );
}
