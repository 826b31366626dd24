/**
 * The ~240 countries of the checkout and of the account's address form
 * (@storefront/shared/countries), loaded after the form has painted: the checkout ships to the
 * billing address (India) unless the buyer asks for another one, so the list stays out of its
 * first load (decision 057, the 120 KB budget). Undefined until loaded. A page that needs the
 * list to paint (an order's shipping country) asks for it early and waits for `loadCountries`.
 */
import { useEffect, useState } from 'react';

import type { COUNTRIES, countryName, findCountry } from '@storefront/shared/countries';

interface Countries {
  COUNTRIES: typeof COUNTRIES;
  countryName: typeof countryName;
  findCountry: typeof findCountry;
}

let countries: Countries | undefined;
let loading: Promise<Countries> | undefined;

/** The list, loaded once (the same promise for every caller while it loads). */
export function loadCountries(): Promise<Countries> {
  loading ??= import('../data/country-list').then(
    (module) =>
      (countries = {
        COUNTRIES: module.COUNTRIES,
        countryName: module.countryName,
        findCountry: module.findCountry,
      }),
    (error: unknown) => {
      // A failed load is tried again by the next page that asks.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function useCountries(): Countries | undefined {
  const [loaded, setLoaded] = useState(countries);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    void loadCountries().then(
      (next) => current && setLoaded(next),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [loaded]);
  return loaded;
}
