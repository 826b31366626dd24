/**
 * Reorder (issue 22, decision 065): the order's lines back in the cart at today's prices, then
 * what happened to each: how many went in as ordered, which went in with another quantity and
 * why, and which are no longer available and why.
 */
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import type { ReorderLine, ReorderResponse } from '@storefront/shared/quick-order';
import { href } from '@storefront/shared/routes';
import { Button } from '../../../components/ui/button';
import { describeError } from '../../../lib/api/error-message';
import { useReorderOrder } from '../api/reorder-order';

const count = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

export function Reorder({ orderId }: { orderId: string }) {
  const reorder = useReorderOrder();
  return (
    <div className="w-full">
      <Button
        variant="outline"
        size="sm"
        disabled={reorder.isPending}
        onClick={() => reorder.mutate(orderId)}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {reorder.isPending ? 'Adding to cart...' : 'Reorder'}
      </Button>
      {reorder.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {describeError(reorder.error) ?? 'The order could not be added to your cart.'}
        </p>
      ) : null}
      {reorder.data ? <ReorderOutcome answer={reorder.data} /> : null}
    </div>
  );
}

function ReorderOutcome({ answer }: { answer: ReorderResponse }) {
  const put = answer.added.length + answer.adjusted.length;
  return (
    <div
      role="status"
      data-testid="reorder-outcome"
      className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <p className="font-medium text-slate-900">
        {put > 0
          ? `${count(put)} added to your cart at today's prices.`
          : 'Nothing from this order could be added to your cart.'}{' '}
        {put > 0 ? (
          <Link to={href.cart()} className="font-semibold text-blue-700 hover:underline">
            View cart
          </Link>
        ) : null}
      </p>
      <Lines title="With another quantity" lines={answer.adjusted} testId="reorder-adjusted" />
      <Lines title="No longer available" lines={answer.unavailable} testId="reorder-unavailable" />
    </div>
  );
}

function Lines({ title, lines, testId }: { title: string; lines: ReorderLine[]; testId: string }) {
  if (lines.length === 0) return null;
  return (
    <div className="mt-2">
      <p className="flex items-center gap-1.5 font-medium text-amber-800">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {title}
      </p>
      <ul className="mt-1 space-y-1 pl-5.5">
        {lines.map((line) => (
          <li key={line.position} data-testid={testId} className="text-slate-700">
            <span className="font-medium text-slate-900">{line.title}</span>{' '}
            <span className="font-mono text-xs text-slate-500">{line.sku}</span>:{' '}
            {line.added > 0 ? `${line.added} instead of ${line.ordered}. ` : ''}
            {line.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
