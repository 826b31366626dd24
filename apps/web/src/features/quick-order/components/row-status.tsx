/**
 * What a checked row says (decision 065): the product it named with its price, or, in red, why
 * it cannot be added, in the server's words.
 */
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { QuickOrderRowResult } from '@storefront/shared/quick-order';
import { formatRupeeAmount } from '../../../lib/format';

export function RowStatus({ result }: { result: QuickOrderRowResult }) {
  const { item, problem } = result;
  const name = item ? `${item.name}${item.option1 ? ` (${item.option1})` : ''}` : null;
  if (problem)
    return (
      <div data-testid="row-problem" data-code={problem.code} className="text-sm text-red-700">
        <p className="flex items-start gap-1.5">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span data-testid="problem-message">{problem.message}</span>
        </p>
        {name && problem.code !== 'product_unavailable' ? (
          <p className="mt-0.5 pl-5.5 text-xs text-slate-600">{name}</p>
        ) : null}
      </div>
    );
  if (!item) return null;
  return (
    <div data-testid="row-ok" className="text-sm">
      <p className="flex items-start gap-1.5 text-slate-900">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
        <span>
          {name} <span className="font-mono text-xs text-slate-500">{item.sku}</span>
        </span>
      </p>
      <p className="pl-5.5 text-xs text-slate-600">
        {formatRupeeAmount(item.unitPrice)} each · {formatRupeeAmount(item.lineTotal)}
      </p>
    </div>
  );
}
