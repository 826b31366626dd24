/**
 * The order's returns card, loaded after the order page paints (decision 064): it and its dialog
 * stay out of the page's first load (its 120 KB budget, decision 057), and only a delivered or
 * refunded order asks for it; no other order can have a return.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const ReturnsCard = lazy(() =>
  import('./returns-card').then((module) => ({ default: module.ReturnsCard })),
);

const MAY_HAVE_RETURNS: readonly string[] = ['DELIVERED', 'REFUNDED'];

export function LazyReturnsCard(props: ComponentProps<typeof ReturnsCard>) {
  if (!MAY_HAVE_RETURNS.includes(props.order.pStatus)) return null;
  return (
    <Suspense fallback={null}>
      <ReturnsCard {...props} />
    </Suspense>
  );
}
