/**
 * The shipping policy's "Where we ship" (issue 21): the countries of the seller's `shipsTo`
 * setting, read from GET /api/store, so the policy says what the checkout enforces.
 */
import { countryList } from '../../../lib/ships-to';
import { useStore } from '../../../lib/api/get-store';

export function WhereWeShip() {
  const store = useStore();
  if (store.isPending)
    return (
      <p aria-busy="true" className="h-7 w-2/3 animate-pulse rounded bg-slate-200">
        <span className="sr-only">Loading where we ship…</span>
      </p>
    );
  if (store.isError)
    return <p>Where we ship could not be loaded. Please try again later, or write to us.</p>;
  return (
    <p data-testid="ships-to">
      We ship only to addresses in {countryList(store.data.shipsTo)}. At checkout, a delivery
      address in any other country is not accepted.
    </p>
  );
}
