/** A quote's status as both sides name it (QUOTE_STATUS_LABELS), coloured by what it asks next. */
import { QUOTE_STATUS_LABELS } from '@storefront/shared/quote-labels';
import type { QuoteStatus } from '@storefront/shared/quotes';
import { cn } from '../../lib/cn';

const TONES: Record<QuoteStatus, string> = {
  open: 'bg-blue-100 text-blue-800 ring-blue-200',
  answered: 'bg-amber-100 text-amber-900 ring-amber-200',
  accepted: 'bg-green-100 text-green-800 ring-green-200',
  declined: 'bg-red-100 text-red-800 ring-red-200',
  withdrawn: 'bg-slate-100 text-slate-700 ring-slate-200',
  buyer_declined: 'bg-slate-100 text-slate-700 ring-slate-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        TONES[status],
      )}
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}
