/**
 * A page's meta: its title, description, canonical URL, Open Graph tags and JSON-LD, so a crawler
 * or a link preview understands the page without running JavaScript. The module that owns a
 * page's data makes it (catalog/page-meta.ts); the web-app module writes it into the HTML.
 */
import type { PageDefinition, PageMatch } from '@storefront/shared/routes';

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
