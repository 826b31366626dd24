/**
 * The payment-status badge with its icon (spec §4 "Payment status pStatus"): label and colour
 * come from the shared statusBadge rule, so every screen names a status the same way.
 */
import {
  Ban,
  CheckCircle2,
  CircleHelp,
  Clock,
  PackageCheck,
  RotateCcw,
  Truck,
  XCircle,
} from 'lucide-react';
import { statusBadge, type StatusTone } from '@storefront/shared/order-status';
import { cn } from '../../lib/cn';

const TONE_CLASSES: Record<StatusTone, string> = {
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  gray: 'bg-slate-100 text-slate-700 ring-slate-200',
  purple: 'bg-purple-100 text-purple-800 ring-purple-200',
};

export function OrderStatusIcon({
  status,
  className = 'size-5',
}: {
  status: string | null | undefined;
  /** Size and colour; 20 px by default. */
  className?: string;
}) {
  const props = { 'aria-hidden': true, className: cn('shrink-0', className) } as const;
  switch (status) {
    case 'UP':
    case 'PU':
      return <Clock {...props} />;
    case 'PD':
      return <CheckCircle2 {...props} />;
    case 'PF':
      return <XCircle {...props} />;
    case 'SHIPPED':
      return <Truck {...props} />;
    case 'DELIVERED':
      return <PackageCheck {...props} />;
    case 'CANCELLED':
      return <Ban {...props} />;
    case 'REFUNDED':
      return <RotateCcw {...props} />;
    default:
      return <CircleHelp {...props} />;
  }
}

export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const badge = statusBadge(status);
  return (
    <span
      data-testid="order-status"
      data-tone={badge.tone}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONE_CLASSES[badge.tone],
      )}
    >
      <OrderStatusIcon status={status} className="size-3.5" />
      {badge.label}
    </span>
  );
}
