/** A return request's status as staff read it (decision 061's states), in the list and the page. */
import type { ReturnStatus } from '@storefront/shared/return-requests';
import { cn } from '../../../../lib/cn';

/** The desk's words: what the request waits for, not the buyer's instructions. */
export const RETURN_DESK_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  refused: 'Refused',
  received: 'Received',
  refunded: 'Refunded',
};

const TONES: Record<ReturnStatus, string> = {
  requested: 'bg-blue-100 text-blue-800 ring-blue-200',
  accepted: 'bg-orange-100 text-orange-800 ring-orange-200',
  refused: 'bg-slate-100 text-slate-700 ring-slate-200',
  received: 'bg-orange-100 text-orange-800 ring-orange-200',
  refunded: 'bg-purple-100 text-purple-800 ring-purple-200',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span
      data-testid="return-status"
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        TONES[status],
      )}
    >
      {RETURN_DESK_LABELS[status]}
    </span>
  );
}
