/**
 * The order list's filters as they live in the URL (so they survive a reload, a shared link
 * and Back) and as the API takes them (DeskOrderQuery). Dates are whole days in India's time;
 * amounts are rupees as typed. A URL value that could never be valid is dropped, not sent.
 */
import type { QueryValues } from '@storefront/shared/catalog-calls';
import { DESK_SORTS, DeskOrderQuery, type DeskSort } from '@storefront/shared/order-desk';
import { PAYMENT_STATUSES, type PaymentStatus } from '@storefront/shared/order-status';
import { calendarDay, endOfDay, startOfDay } from '../../../lib/dates';

export interface OrderFilters {
  status?: PaymentStatus;
  /** First and last day, 'YYYY-MM-DD', inclusive. */
  from?: string;
  to?: string;
  buyer?: string;
  /** Rupees as typed: '1500' or '1499.50'. */
  minTotal?: string;
  maxTotal?: string;
  q?: string;
  sort: DeskSort;
}

export type FilterField = Exclude<keyof OrderFilters, 'sort'>;
/** In the form's order, so the first mistake focused is the first on screen. */
export const FILTER_FIELDS: readonly FilterField[] = [
  'status',
  'q',
  'buyer',
  'minTotal',
  'maxTotal',
  'from',
  'to',
];

const text = (value: string | null) => value?.trim() || undefined;

export function filtersFromSearch(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const sort = params.get('sort');
  return {
    status: PAYMENT_STATUSES.find((known) => known === status),
    from: calendarDay(params.get('from')),
    to: calendarDay(params.get('to')),
    buyer: text(params.get('buyer')),
    minTotal: text(params.get('minTotal')),
    maxTotal: text(params.get('maxTotal')),
    q: text(params.get('q')),
    sort: DESK_SORTS.find((known) => known === sort) ?? 'newest',
  };
}

/** The URL's search for `filters`: only what is set, and no sort when it is the default. */
export function searchFromFilters(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = filters[field];
    if (value) params.set(field, value);
  }
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

/** The list call's query for `filters` and a page's cursor. */
export function deskQuery(filters: OrderFilters, after?: string): QueryValues {
  return {
    status: filters.status,
    from: filters.from && startOfDay(filters.from),
    to: filters.to && endOfDay(filters.to),
    buyer: filters.buyer,
    minTotal: filters.minTotal,
    maxTotal: filters.maxTotal,
    q: filters.q,
    sort: filters.sort === 'newest' ? undefined : filters.sort,
    after,
  };
}

/** Plainer words than the schema's length messages, for the two text filters. */
const TEXT_MESSAGES: Partial<Record<FilterField, string>> = {
  buyer: 'Type at least 2 characters of an email or company name, or a whole GSTIN',
  q: 'Type at least 3 characters of the order number',
};

/**
 * The form's mistakes by field, from the API's own schema (its messages), plus the two
 * ranges the form can check itself: a last day before the first, a maximum under the minimum.
 */
export function filterErrors(filters: OrderFilters): Partial<Record<FilterField, string>> {
  const errors: Partial<Record<FilterField, string>> = {};
  const result = DeskOrderQuery.safeParse(deskQuery(filters));
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = issue.path[0] as FilterField;
      errors[field] ??= TEXT_MESSAGES[field] ?? issue.message;
    }
  if (filters.from && filters.to && filters.to < filters.from)
    errors.to ??= 'The last day comes before the first';
  const min = Number(filters.minTotal);
  const max = Number(filters.maxTotal);
  if (!errors.minTotal && !errors.maxTotal && filters.minTotal && filters.maxTotal && max < min)
    errors.maxTotal = 'The maximum is below the minimum';
  return errors;
}
