/**
 * Loads the toast renderer (Radix Toast) only while there are toasts, so pages that never toast
 * do not carry it in their first load.
 */
import { lazy, Suspense } from 'react';
import { useToasts } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function ToasterHost() {
  const toasts = useToasts();
  return toasts.length > 0 ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
