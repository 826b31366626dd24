/**
 * The order's tracking view (product decision #6): the four steps with the date and time each was
 * reached, and the carrier and tracking number once the order has shipped.
 */
import { Check, CreditCard, PackageCheck, ShoppingBag, Truck } from 'lucide-react';
import type { Order } from '@storefront/shared/orders';
import { cn } from '../../../lib/cn';
import { formatDate, formatTime } from '../lib/dates';
import { trackingSteps, type TrackingLabel } from '../lib/tracking-steps';

const ICONS: Record<TrackingLabel, typeof Truck> = {
  Placed: ShoppingBag,
  Paid: CreditCard,
  Shipped: Truck,
  Delivered: PackageCheck,
};

export function TrackingTimeline({ order }: { order: Order }) {
  const steps = trackingSteps(order);
  return (
    <div className="space-y-5">
      <ol aria-label="Tracking timeline" className="space-y-0">
        {steps.map((step, index) => {
          const Icon = ICONS[step.label];
          const done = step.at !== null;
          const last = index === steps.length - 1;
          return (
            <li
              key={step.label}
              data-testid="tracking-step"
              data-done={done}
              className="relative flex gap-4 pb-6 last:pb-0"
            >
              {!last ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-10 left-5 h-[calc(100%-2.5rem)] w-0.5 -translate-x-1/2',
                    steps[index + 1]?.at ? 'bg-green-600' : 'bg-slate-200',
                  )}
                />
              ) : null}
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-full',
                  done ? 'bg-green-600 text-white' : 'bg-slate-100 text-slate-400',
                )}
              >
                {done ? <Check className="size-5" /> : <Icon className="size-5" />}
              </span>
              <div className="pt-1">
                <p className={cn('font-semibold', done ? 'text-slate-900' : 'text-slate-500')}>
                  {step.label}
                </p>
                <p className="text-sm text-slate-600">
                  {step.at ? `${formatDate(step.at)}, ${formatTime(step.at)}` : 'Pending'}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      {order.carrier && order.trackingNumber ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-4 text-sm">
          <dt className="text-slate-600">Carrier</dt>
          <dd className="font-medium">{order.carrier}</dd>
          <dt className="text-slate-600">Tracking number</dt>
          <dd className="font-mono font-medium">{order.trackingNumber}</dd>
          {order.trackingUrl ? (
            <dd className="col-span-2 mt-1">
              <a
                href={order.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-blue-700 underline"
              >
                Follow the parcel on {order.carrier}&rsquo;s site
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </dd>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-slate-600">
          The carrier and tracking number appear here once the order has shipped.
        </p>
      )}
    </div>
  );
}
