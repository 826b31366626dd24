/** Writes a page's meta (lib/page-meta.ts) into the head of the built HTML. */
import { escapeHtml, safeJson } from '../../lib/html.js';
import type { PageMeta } from '../../lib/page-meta.js';

export function renderMeta(html: string, meta: PageMeta): string {
  const tags = [
    ...(meta.canonicalUrl
      ? [
          `<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}" />`,
          `<meta property="og:url" content="${escapeHtml(meta.canonicalUrl)}" />`,
        ]
      : []),
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    ...(meta.jsonLd
      ? [`<script type="application/ld+json">${safeJson(meta.jsonLd)}</script>`]
      : []),
  ].join('\n    ');
  // Replacer functions: a replacement string would expand `$&`, `$'` or `$\`` in the data
  // (a product's name) into parts of the page.
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
