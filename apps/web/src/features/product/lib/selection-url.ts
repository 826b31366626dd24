/**
 * The product page's choices in its URL (product decision #4): a logged-out Add to Cart sends the
 * buyer to /auth?returnUrl=<this page with ?qty, ?source and ?opt.{name}>, so the page comes
 * back with the same quantity, options and source after login.
 */
import type { ProductOption } from '@storefront/shared/catalog';
import { DEFAULT_SOURCE } from '@storefront/shared/pricing';
import { OFFERED_SOURCES } from './sources';
import { clampQuantity } from './quantity';

export interface ProductSelection {
  quantity: number;
  source: string;
  options: string[];
}

export function selectionFromParams(
  params: URLSearchParams,
  options: readonly ProductOption[],
): ProductSelection {
  const qty = params.get('qty');
  const source = params.get('source');
  return {
    quantity: qty === null ? 1 : clampQuantity(Number(qty)),
    source: OFFERED_SOURCES.some((s) => s.value === source) && source ? source : DEFAULT_SOURCE,
    options: options.map((option) => {
      const wanted = params.get(`opt.${option.name}`);
      return wanted !== null && option.values.includes(wanted) ? wanted : (option.values[0] ?? '');
    }),
  };
}

export function selectionReturnUrl(
  pathname: string,
  selection: ProductSelection,
  options: readonly ProductOption[],
): string {
  const params = new URLSearchParams({ qty: String(selection.quantity), source: selection.source });
  options.forEach((option, index) => {
    const value = selection.options[index];
    if (value !== undefined) params.set(`opt.${option.name}`, value);
  });
  return `${pathname}?${params.toString()}`;
}
