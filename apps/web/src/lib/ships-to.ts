/**
 * Where the store ships (issue 21): the seller's `shipsTo` setting names countries of the
 * checkout's list by name ('India'); the checkout holds their codes ('in'). A country the store
 * does not ship to is told at checkout, with the words the server refuses the order with (code
 * `country_not_served`), and the order is not attempted. The words are the shared
 * store-settings' `countryNotServedMessage` (a test holds them equal); that module brings zod
 * with its schemas, which the checkout and the policy page load only after their first paint.
 */

/** "India", "India and Nepal", "India, Nepal and Bhutan". */
export function countryList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

export function countryNotServedMessage(shipsTo: readonly string[]): string {
  return `We ship only to ${countryList(shipsTo)}. Choose a delivery address there.`;
}
