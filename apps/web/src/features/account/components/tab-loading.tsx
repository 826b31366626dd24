/**
 * What the Recent Orders and Addresses tabs show while their orders or addresses load, and the
 * profile page while their code does (they are loaded on the buyer's intent), so the one
 * placeholder stands until the tab can draw.
 */
import { Skeleton } from '../../../components/ui/skeleton';

export function RecentOrdersLoading() {
  return (
    <div aria-busy="true" aria-label="Loading orders" className="grid gap-3">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-14" />
      ))}
    </div>
  );
}

export function AddressesLoading() {
  return <Skeleton className="h-48" aria-label="Loading your addresses" />;
}
