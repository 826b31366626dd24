/**
 * Product HTML is sanitised with a known library and the shared allowlist (ASVS 5.0 1.3.1)
 * when it is written and again when it is read (catalog service), so a row written by anything
 * else than the seed still reaches a browser clean; the web app renders it through one
 * component only, which sanitises once more.
 */
import sanitizeHtml from 'sanitize-html';
import {
  PRODUCT_HTML_ATTRIBUTES,
  PRODUCT_HTML_SCHEMES,
  PRODUCT_HTML_TAGS,
  PRODUCT_LINK_REL,
} from '@storefront/shared/product-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...PRODUCT_HTML_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(PRODUCT_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...PRODUCT_HTML_SCHEMES],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: PRODUCT_LINK_REL }) },
  disallowedTagsMode: 'discard',
};

export function sanitizeProductHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

export function htmlToText(html: string): string {
  const spaced = html.replace(/<\/(p|li|h[1-6]|tr|td|th)>|<br\s*\/?>/gi, (tag) => `${tag} `);
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, ' ')
    .trim();
}
