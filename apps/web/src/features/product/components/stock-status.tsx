/**
 * The product page's words on stock and quantities (issue 20, decision 048), loaded after the
 * page's first paint (a chunk of its own, so the product page's initial JavaScript stays within
 * its budget). `StockStatus` reads the uncached availability, shows the stock line for the
 * chosen variant, says when the chosen quantity is more than is left, and tells the page when
 * Add to Cart must wait (`onBlocked`); `QuantityNotes` states the minimum order and pack size and
 * why a chosen quantity cannot be ordered. The server refuses what it must whatever these show.
 */
import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import type { OrderQuantityRules } from '@storefront/shared/order-quantity';
import {
  availableFor,
  quantityProblem,
  quantityRulesText,
  stockShortMessage,
  stockState,
} from '@storefront/shared/stock';
import { useAvailability } from '../api/get-availability';
import { StockLine } from './stock-line';

export interface StockStatusProps {
  productId: string;
  /** The chosen variant's index; undefined without options. */
  variantIndex: number | undefined;
  /** False when the chosen options name no variant: stock then says nothing. */
  variantChosen: boolean;
  quantity: number;
  /** How the messages name the product and the chosen variant. */
  label: string;
  onBlocked: (blocked: boolean) => void;
}

export function StockStatus({
  productId,
  variantIndex,
  variantChosen,
  quantity,
  label,
  onBlocked,
}: StockStatusProps) {
  const availability = useAvailability(productId);
  const available =
    availability.data && variantChosen ? availableFor(availability.data, variantIndex) : null;
  const state = availability.isPending ? 'checking' : stockState(available);
  const out = state !== 'checking' && state.kind === 'out';
  const short =
    !out && available !== null && quantity > available
      ? stockShortMessage(label, available, quantity)
      : null;
  const blocked = out || short !== null;
  useEffect(() => onBlocked(blocked), [blocked, onBlocked]);
  return (
    <>
      <StockLine state={state} />
      {short ? <Problem testId="stock-problem">{short}</Problem> : null}
    </>
  );
}

function Problem({ testId, children }: { testId: string; children: string }) {
  return (
    <p
      role="status"
      data-testid={testId}
      className="flex items-start gap-2 text-sm font-medium text-red-700"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}

export function QuantityNotes({
  rules,
  quantity,
  label,
}: {
  rules: OrderQuantityRules;
  quantity: number;
  label: string;
}) {
  const text = quantityRulesText(rules);
  const problem = quantityProblem(label, quantity, rules);
  return (
    <>
      {text ? (
        <p data-testid="quantity-rules" className="text-sm text-slate-600">
          {text}
        </p>
      ) : null}
      {problem ? <Problem testId="quantity-problem">{problem}</Problem> : null}
    </>
  );
}
