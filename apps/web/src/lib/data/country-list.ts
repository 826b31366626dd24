/**
 * The country list as the checkout loads it after its first paint (lib/hooks/use-countries): a
 * module of its own, imported only dynamically, so its chunk is its namespace (the shared
 * countries module is also imported statically elsewhere, and a namespace taken from a shared
 * chunk needs a runtime helper in every chunk).
 */
export { COUNTRIES, countryName, findCountry } from '@storefront/shared/countries';
