import { describe, expect, it } from 'vitest';
import {
  PRODUCT_HTML_ATTRIBUTES,
  PRODUCT_HTML_TAGS,
  PRODUCT_LINK_REL,
} from '@storefront/shared/product-html';
import { XSS_VECTORS } from '@storefront/shared/testing/xss-vectors';
import { sanitizeProductHtml } from './product-html';

const TAGS = new Set<string>(PRODUCT_HTML_TAGS);

/** What the browser would build from the HTML (inert: a template runs nothing), audited. */
function problems(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.localName;
    if (!TAGS.has(tag)) found.push(`element <${tag}>`);
    for (const { name, value } of element.attributes) {
      if (!(PRODUCT_HTML_ATTRIBUTES[tag] ?? []).includes(name)) found.push(`<${tag} ${name}>`);
      if (name === 'href') {
        const url = new URL(value, 'https://shop.example.in/');
        if (!['https:', 'http:', 'mailto:'].includes(url.protocol) || value.startsWith('//'))
          found.push(`href ${value}`);
      }
    }
    if (tag === 'a' && element.getAttribute('rel') !== PRODUCT_LINK_REL)
      found.push(`<a rel="${element.getAttribute('rel') ?? ''}">`);
  }
  return found;
}

describe('the web app’s description sanitiser', () => {
  it(`leaves none of ${XSS_VECTORS.length} hostile vectors an element, handler or URL that can run script`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
    const found = XSS_VECTORS.flatMap((vector) =>
      problems(sanitizeProductHtml(vector)).map((problem) => `${vector} → ${problem}`),
    );
    expect(found).toEqual([]);
  });

  it('the audit finds what the raw vectors carry', () => {
    expect(problems('<img src=x onerror=__xss()>')).toEqual([
      'element <img>',
      '<img src>',
      '<img onerror>',
    ]);
    expect(problems('<a href="javascript:x()" target="_blank">x</a>')).toEqual([
      'href javascript:x()',
      '<a target>',
      '<a rel="">',
    ]);
  });

  it.each([
    ['<p onclick="__xss()" style="color:red">text</p>', '<p>text</p>'],
    ['<a href="javascript:__xss()">x</a>', `<a rel="${PRODUCT_LINK_REL}">x</a>`],
    [
      '<a href="https://example.com/" target="_blank">x</a>',
      `<a href="https://example.com/" rel="${PRODUCT_LINK_REL}">x</a>`,
    ],
    ['<svg><script>__xss()</script></svg><em>e</em>', '<em>e</em>'],
    ['<ul><li>Steel body</li></ul>', '<ul><li>Steel body</li></ul>'],
  ])('turns %s into %s', (input, output) => {
    expect(sanitizeProductHtml(input)).toBe(output);
  });
});
