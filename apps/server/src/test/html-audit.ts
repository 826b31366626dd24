/**
 * What a sanitised description must never hold, read with a real HTML parser (entities decoded
 * as a browser decodes them): elements outside the allowlist, attributes outside it (on*, style,
 * target ...), link targets other than http(s)/mailto/relative, and links without the shared rel.
 * Answers one line per problem; an empty list means clean.
 */
import { Parser } from 'htmlparser2';
import {
  PRODUCT_HTML_ATTRIBUTES,
  PRODUCT_HTML_TAGS,
  PRODUCT_LINK_REL,
} from '@storefront/shared/product-html';

const TAGS = new Set<string>(PRODUCT_HTML_TAGS);

/** The scheme a browser resolves an attribute URL to (WHATWG URL parsing, as Node's URL does). */
function scheme(url: string): string {
  try {
    return new URL(url, 'https://shop.example.in/').protocol.slice(0, -1);
  } catch {
    return 'unparsable';
  }
}
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!TAGS.has(name)) problems.push(`element <${name}>`);
        const allowed = PRODUCT_HTML_ATTRIBUTES[name] ?? [];
        for (const [attribute, value] of Object.entries(attributes)) {
          if (!allowed.includes(attribute)) problems.push(`<${name} ${attribute}>`);
          if (/^on/i.test(attribute)) problems.push(`handler ${attribute}`);
          if (attribute === 'href') {
            if (!SAFE_SCHEMES.has(scheme(value)) || value.trim().startsWith('//'))
              problems.push(`href ${value}`);
          }
        }
        if (name === 'a' && attributes.rel !== PRODUCT_LINK_REL)
          problems.push(`<a rel="${attributes.rel ?? ''}">`);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}
