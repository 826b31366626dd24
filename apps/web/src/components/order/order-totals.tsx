/**
 * The totals under an order summary (spec §9; issue 21): the taxable value, the GST ('GST
 * (included)' until the place of supply is known, then its heads), shipping FREE
 * (docs/product-decisions.md #8), any rows a step adds, and the total. An order from before GST
 * was recorded has no tax: its subtotal is shown instead. Amounts are rupees as the API answers
 * them.
 */
import type { ReactNode } from 'react';
import type { TaxSummary } from '@storefront/shared/tax-summary';
import { formatRupeeAmount } from '../../lib/format';
import { placeOfSupplyText, taxHeadRows } from '../../lib/tax';

/** One row of a totals list: the label muted, the value styled by the caller. */
export function TotalsRow({
  label,
  className,
  testId,
  children,
}: {
  label: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
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

/** The taxable value and the GST's rows of a total, for a list of the caller's. */
export function TaxRows({ tax, itemCount }: { tax: TaxSummary; itemCount?: number }) {
  const items =
    itemCount === undefined ? '' : ` (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`;
  return (
    <>
      <TotalsRow label={`Taxable value${items}`} testId="taxable-value">
        {formatRupeeAmount(tax.taxable)}
      </TotalsRow>
      {taxHeadRows(tax).map((row) => (
        <TotalsRow key={row.head} label={row.label} testId={`tax-${row.head.toLowerCase()}`}>
          {formatRupeeAmount(row.amount)}
        </TotalsRow>
      ))}
    </>
  );
}

/** 'Place of supply: Karnataka (29)' once it is known, with the heads that follow from it. */
export function PlaceOfSupply({ tax }: { tax: TaxSummary }) {
  const place = placeOfSupplyText(tax);
  if (!place) return null;
  return (
    <p data-testid="place-of-supply" className="text-sm text-slate-600">
      Place of supply: <span className="font-medium text-slate-900">{place}</span>
      {tax.supplyType === 'inter' ? ' · IGST' : ` · ${tax.heads.join(' + ')}`}
    </p>
  );
}

export function OrderTotals({
  itemCount,
  subtotal,
  total,
  tax,
  totalTestId,
  children,
}: {
  itemCount: number;
  subtotal: number;
  total: number;
  /** The GST of the cart or order; null for an order from before it was recorded. */
  tax?: TaxSummary | null;
  /** The total's test id, which tests and journeys read the amount by. */
  totalTestId: string;
  /** Rows between shipping and the total. */
  children?: ReactNode;
}) {
  return (
    <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
      {tax ? (
        <TaxRows tax={tax} itemCount={itemCount} />
      ) : (
        <TotalsRow label={`Subtotal (${itemCount} items)`}>{formatRupeeAmount(subtotal)}</TotalsRow>
      )}
      <FreeShippingRow />
      {children}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{formatRupeeAmount(total)}</dd>
      </div>
    </dl>
  );
}
