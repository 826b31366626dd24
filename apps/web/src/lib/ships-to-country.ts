/**
 * Whether the store ships to a country of the checkout (issue 21): the setting names countries
 * of the list by name ('India'), the checkout holds their codes ('in'); either matches. Until the
 * country list has loaded, the checkout can only hold India, known by `isIndia`.
 */
import type { findCountry as FindCountry } from '@storefront/shared/countries';
import { isIndia } from '@storefront/shared/gst';

export function shipsToCountry(
  shipsTo: readonly string[],
  country: string,
  findCountry: typeof FindCountry | undefined,
): boolean {
  const chosen = findCountry?.(country);
  return shipsTo.some((served) => {
    const listed = findCountry?.(served);
    if (chosen && listed) return listed.code === chosen.code;
    if (isIndia(country)) return isIndia(served);
    return served.trim().toLowerCase() === country.trim().toLowerCase();
  });
}
