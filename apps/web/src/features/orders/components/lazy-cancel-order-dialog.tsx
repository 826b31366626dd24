/**
 * The Cancel Order dialog, loaded when Cancel Order is first pressed: like the tracking dialog,
 * Radix Dialog (~15 KB gzipped) stays out of the order page's first load, which has the billing,
 * tax and line GST to show within its 120 KB (decision 057).
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const CancelOrderDialog = lazy(() =>
  import('./cancel-order-dialog').then((module) => ({ default: module.CancelOrderDialog })),
);

export function LazyCancelOrderDialog(props: ComponentProps<typeof CancelOrderDialog>) {
  return (
    <Suspense fallback={null}>
      <CancelOrderDialog {...props} />
    </Suspense>
  );
}
