/**
 * The product's description HTML: the app's one HTML sink. Sanitised on the server at import
 * and on the way out, and here once more (lib/product-html); the CSP blocks scripts and inline
 * styles besides. Loaded as its own chunk with its sanitiser, after the page has rendered.
 */
import { useMemo } from 'react';
import { sanitizeProductHtml } from '../lib/product-html';

export function ProductDescription({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeProductHtml(html), [html]);
  return (
    <div
      data-testid="product-description"
      className="product-description"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
