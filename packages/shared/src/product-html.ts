/**
 * The HTML a product description may hold (ASVS 5.0 1.3.1, an allowlist): the server sanitises
 * with it when a description is written and again when it is read, and the web app once more
 * before its one HTML sink renders it. No element can run script, load a frame or carry style;
 * links keep only http(s) and mailto targets and always get the `rel` below.
 */
export const PRODUCT_HTML_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'a',
] as const;

/** Attributes by element; every other attribute (on*, style, target, src ...) is dropped. */
export const PRODUCT_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'rel'],
};

export const PRODUCT_HTML_SCHEMES = ['https', 'http', 'mailto'] as const;

/** Every link in a description: no referrer, no window.opener, no ranking credit. */
export const PRODUCT_LINK_REL = 'nofollow noopener noreferrer';
