/**
 * The stock line of the product page (issue 20, decision 048): in stock keeps the spec's
 * STOCK_TEXT; below LOW_STOCK_THRESHOLD it adds 'Only N left'; none says 'Out of stock'. Until
 * the uncached availability answers, a quiet placeholder of the same height holds the place, so
 * nothing claims stock the product may not have and nothing moves when it answers.
 */
import { Check, X } from 'lucide-react';
import { STOCK_TEXT } from '@storefront/shared/constants';
import { lowStockText, OUT_OF_STOCK_TEXT, type StockState } from '@storefront/shared/stock';
import { StockChecking } from './stock-checking';

export function StockLine({ state }: { state: StockState | 'checking' }) {
  if (state === 'checking') return <StockChecking />;
  if (state.kind === 'out')
    return (
      <p data-testid="stock-line" className="flex items-center gap-2 font-medium text-red-700">
        <X aria-hidden="true" className="size-4" />
        {OUT_OF_STOCK_TEXT}
      </p>
    );
  return (
    <p data-testid="stock-line" className="flex items-start gap-2 font-medium text-green-700">
      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {STOCK_TEXT}
        {state.kind === 'low' ? (
          <span className="ml-2 whitespace-nowrap font-semibold text-amber-700">
            {lowStockText(state.left)}
          </span>
        ) : null}
      </span>
    </p>
  );
}
