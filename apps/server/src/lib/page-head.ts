/**
 * A page's head as the server writes it into the built HTML: its title, description, canonical
 * URL, Open Graph tags and JSON-LD, so a crawler or a link preview understands the page without
 * running JavaScript. A module makes a page's meta (catalog/page-meta.ts); the web app serves it.
 */
import type { PageDefinition, PageMatch } from '@storefront/shared/routes';
import { escapeHtml, safeJson } from './html.js';

export interface PageMeta {
  title: string;
  description: string;
  /** Absent on a 404: a page that names nothing has no canonical form. */
  canonicalUrl?: string;
  image?: string;
  type?: 'website' | 'product';
  jsonLd?: object;
  /** 404 when the page names something that does not exist. */
  status?: 200 | 404;
}

/** Public API answers by call URL: a page's first answers (decision 036). */
export type Answers = Record<string, unknown>;

/** Makes a page's meta from its match and its first answers (which it may be made from). */
export type PageMetaMaker = (match: PageMatch, answers: Answers) => Promise<PageMeta>;

/** A maker for every kind of meta the route manifest names. */
export type PageMetaMakers = Record<NonNullable<PageDefinition['meta']>, PageMetaMaker>;

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
  return html
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description"[^>]*>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}
