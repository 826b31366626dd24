/**
 * GET /api/staff/tax-rates (catalog, finance, owner): the store's HSN rate table, read by the
 * Tax rates page and by the product editor, which names the rate a product without its own
 * takes from it. `rateTable` turns it into what the shared `rateForHsn` reads.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaxRateList } from '@storefront/shared/tax-rates';
import { staffRequest } from './staff-client';

export const taxRatesKey = ['staff', 'tax-rates'] as const;

export const taxRatesQuery = queryOptions({
  queryKey: taxRatesKey,
  queryFn: ({ signal }) => staffRequest('/api/staff/tax-rates', TaxRateList, { signal }),
});

export function useTaxRates() {
  return useQuery(taxRatesQuery);
}

/** The table by prefix, in basis points, as `rateForHsn` reads it. */
export function rateTable(list: TaxRateList | undefined): ReadonlyMap<string, number> {
  return new Map((list?.rates ?? []).map((rate) => [rate.hsnPrefix, rate.rateBp]));
}
