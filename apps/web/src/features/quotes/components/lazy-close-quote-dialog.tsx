/**
 * The withdraw / decline dialog, loaded when first opened: Radix Dialog (~15 KB gzipped) stays
 * out of the quote page's first load, as the order page's dialogs do (decision 057).
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const CloseQuoteDialog = lazy(() =>
  import('./close-quote-dialog').then((module) => ({ default: module.CloseQuoteDialog })),
);

export function LazyCloseQuoteDialog(props: ComponentProps<typeof CloseQuoteDialog>) {
  return (
    <Suspense fallback={null}>
      <CloseQuoteDialog {...props} />
    </Suspense>
  );
}
