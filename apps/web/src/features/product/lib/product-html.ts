/**
 * The web app's half of the description allowlist (packages/shared/product-html): the server
 * sanitises descriptions when it writes and when it reads them; the one component that renders
 * HTML sanitises them once more with DOMPurify, so a description that reached the browser by
 * any other path still cannot run script. The strict CSP is the layer after this one.
 */
import DOMPurify from 'dompurify';
import {
  PRODUCT_HTML_ATTRIBUTES,
  PRODUCT_HTML_SCHEMES,
  PRODUCT_HTML_TAGS,
  PRODUCT_LINK_REL,
} from '@storefront/shared/product-html';

/**
 * The configured sanitiser, made on first use: DOMPurify needs the browser's DOM, which the
 * server's renderer has not (decision 070).
 */
let purifier: ReturnType<typeof DOMPurify> | undefined;
function configuredPurifier() {
  if (purifier) return purifier;
  const purify = DOMPurify();
  // Attributes are allowed per element, as on the server (a title on a link only).
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!(PRODUCT_HTML_ATTRIBUTES[node.localName] ?? []).includes(data.attrName))
      data.keepAttr = false;
  });
  // Every link gets the shared rel, as the server's sanitiser writes it.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') node.setAttribute('rel', PRODUCT_LINK_REL);
  });
  return (purifier = purify);
}

/**
 * http(s) and mailto, or a relative URL (no scheme, not protocol-relative): DOMPurify's own
 * pattern, narrowed.
 */
const ALLOWED_URI = new RegExp(
  `^(?:(?:${PRODUCT_HTML_SCHEMES.join('|')}):|/(?!/)|[^a-z/]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

export function sanitizeProductHtml(html: string): string {
  return configuredPurifier().sanitize(html, {
    ALLOWED_TAGS: [...PRODUCT_HTML_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(PRODUCT_HTML_ATTRIBUTES).flat())],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
  });
}
