/**
 * Where the store ships (issue 21): the seller's `shipsTo` setting names countries by the spec's
 * names ('India'); the checkout's country list holds ISO codes ('in') with names. A country the
 * store does not ship to is told at checkout, with the words the server refuses the order with
 * (code `country_not_served`), and the order is not attempted.
 */
import { countryName } from './data/countries';

/** Whether the store ships to the country of a checkout code (or name), by code or by name. */
export function shipsToCountry(shipsTo: readonly string[], country: string): boolean {
  const keys = new Set([country.trim().toLowerCase(), countryName(country).toLowerCase()]);
  return shipsTo.some((served) => keys.has(served.trim().toLowerCase()));
}

/** 'India', 'India and Nepal', 'India, Nepal and Bhutan': names as the store lists them. */
export function countryList(shipsTo: readonly string[]): string {
  const names = shipsTo.map((country) => countryName(country));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function countryNotServedMessage(shipsTo: readonly string[]): string {
  return `We ship only to ${countryList(shipsTo)}. Choose a delivery address there.`;
}
