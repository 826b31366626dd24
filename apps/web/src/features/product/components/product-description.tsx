/**
 * The product's description HTML: the app's one HTML sink. Sanitised on the server at import
 * and on the way out, and here once more (lib/product-html); the CSP blocks scripts and inline
 * styles besides. Loaded as its own chunk with its sanitiser, after the page has rendered.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { sanitizeProductHtml } from '../lib/product-html';

const subscribeToNothing = () => () => undefined;

export function ProductDescription({ html }: { html: string }) {
  // Sanitised in the browser only (DOMPurify needs its DOM): a server-rendered page has the
  // box empty, and hydration fills it in (decision 070).
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const clean = useMemo(() => (inBrowser ? sanitizeProductHtml(html) : ''), [html, inBrowser]);
  return (
    <div
      data-testid="product-description"
      className="product-description"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
