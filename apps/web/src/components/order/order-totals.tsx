/**
 * The totals under an order summary (spec §9): the subtotal, shipping FREE
 * (docs/product-decisions.md #8), any rows a step adds, and the total. Amounts are rupees as the
 * API answers them.
 */
import type { ReactNode } from 'react';
import { formatRupeeAmount } from '../../lib/format';

/** One row of a totals list: the label muted, the value styled by the caller. */
export function TotalsRow({
  label,
  className,
  children,
}: {
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-600">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** Every order ships free (docs/product-decisions.md #8), so no step computes a shipping fee. */
export function FreeShippingRow() {
  return (
    <TotalsRow label="Shipping" className="font-semibold text-green-700">
      FREE
    </TotalsRow>
  );
}

export function OrderTotals({
  itemCount,
  subtotal,
  total,
  totalTestId,
  children,
}: {
  itemCount: number;
  subtotal: number;
  total: number;
  /** The total's test id, which tests and journeys read the amount by. */
  totalTestId: string;
  /** Rows between shipping and the total (the payment step's tax). */
  children?: ReactNode;
}) {
  return (
    <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
      <TotalsRow label={`Subtotal (${itemCount} items)`}>{formatRupeeAmount(subtotal)}</TotalsRow>
      <FreeShippingRow />
      {children}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{formatRupeeAmount(total)}</dd>
      </div>
    </dl>
  );
}
