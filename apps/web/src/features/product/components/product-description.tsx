/**
 * The product's description HTML: the app's one HTML sink. The server sanitises descriptions
 * when it writes and when it reads them (apps/server/src/lib/sanitize.ts), and the browser once
 * more with DOMPurify (lib/product-html); the CSP blocks scripts and inline styles besides.
 * Loaded as its own chunk with its sanitiser.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { sanitizeProductHtml } from '../lib/product-html';

const subscribeToNothing = () => () => undefined;

export function ProductDescription({ html }: { html: string }) {
  // The server's renderer and the hydrating browser render the description as the API answered
  // it, sanitised by the server on its way out: the page's HTML carries it, and both trees are
  // the same string (no hydration mismatch; DOMPurify needs a DOM the server has not). Once
  // hydrated, and on every page the browser renders itself, DOMPurify sanitises it again, so a
  // description that reached the browser by any other path still cannot run script (decision 070).
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const clean = useMemo(() => (hydrated ? sanitizeProductHtml(html) : html), [html, hydrated]);
  return (
    <div
      data-testid="product-description"
      className="product-description"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
