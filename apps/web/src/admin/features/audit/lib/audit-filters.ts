/**
 * The audit log's filters as they live in the URL, and as the API takes them (AuditQuery):
 * dates are whole days in India's time, like the order list's.
 */
import type { QueryValues } from '@storefront/shared/catalog-calls';
import { AuditQuery } from '@storefront/shared/staff';
import { calendarDay, endOfDay, startOfDay } from '../../../lib/dates';

export const AUDIT_FILTERS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];
export type AuditFilters = Partial<Record<AuditFilter, string>>;

export function auditFiltersFromSearch(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of AUDIT_FILTERS) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    if (name === 'from' || name === 'to') {
      const day = calendarDay(value);
      if (day) filters[name] = day;
    } else filters[name] = value;
  }
  return filters;
}

export function searchFromAuditFilters(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTERS) if (filters[name]) params.set(name, filters[name]);
  return params;
}

export function auditQuery(filters: AuditFilters, before?: string): QueryValues {
  return {
    ...filters,
    from: filters.from && startOfDay(filters.from),
    to: filters.to && endOfDay(filters.to),
    before,
  };
}

/** The form's mistakes by field, in the API schema's words. */
export function auditFilterErrors(filters: AuditFilters): AuditFilters {
  const errors: AuditFilters = {};
  const result = AuditQuery.safeParse(auditQuery(filters));
  if (!result.success)
    for (const issue of result.error.issues) errors[issue.path[0] as AuditFilter] ??= issue.message;
  if (filters.from && filters.to && filters.to < filters.from)
    errors.to ??= 'The last day comes before the first';
  return errors;
}
