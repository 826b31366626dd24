/**
 * The tracking dialog, loaded when Track Package is first pressed: Radix Dialog and its focus
 * and scroll locks (~15 KB gzipped) stay out of the orders pages' first load.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const TrackingDialog = lazy(() =>
  import('./tracking-dialog').then((module) => ({ default: module.TrackingDialog })),
);

export function LazyTrackingDialog(props: ComponentProps<typeof TrackingDialog>) {
  return (
    <Suspense fallback={null}>
      <TrackingDialog {...props} />
    </Suspense>
  );
}
