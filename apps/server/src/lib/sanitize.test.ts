import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { XSS_VECTORS } from '@storefront/shared/testing/xss-vectors';
import { DEFAULT_SEED, generateProducts, generateTaxonomy } from '../seed/generate.js';
import { createRandom } from '../seed/random.js';
import { htmlProblems } from '../test/html-audit.js';
import { sanitizedHtmlText, sanitizeProductHtml } from './sanitize.js';

/** The text the sanitiser itself leaves of HTML with no tag allowed, the blocks apart. */
const sanitiserText = (html: string) =>
  sanitizeHtml(
    html.replace(/<\/(p|li|h[1-6]|tr|td|th)>|<br\s*\/?>/gi, (tag) => `${tag} `),
    { allowedTags: [], allowedAttributes: {} },
  )
    .replace(/\s+/g, ' ')
    .trim();

/** Descriptions that test the text's edges: entities, attributes, breaks, case, comments. */
const TEXT_EDGES = [
  '<p>Fish &amp; chips &lt;b&gt; 5 &gt; 3 &quot;q&quot; &#39;s&#39; &nbsp;x&nbsp;</p>',
  '<a href="https://example.com/?a=1&b=2" title="x > y &quot;z&quot; <p>">link</a> after',
  '<p>one<br>two<br/>three<br />four<BR>five</p>',
  '<table><thead><tr><th>A</th><td>B</td></tr></thead><tbody><tr><td>C</td></tr></tbody></table>D',
  '<!-- a comment --><p>x</p><![CDATA[y]]>z',
  '<h2>Head</h2><h3>Sub</h3><h4>Minor</h4>tail',
  'a < b > c & d &amp;amp; &#x3C;img&#x3E; &unknown; &',
  '<p>unclosed <b>bold <i>italic</p> after',
  '<P>Upper</P><UL><LI>Case</LI></UL>',
  '<span title="<b>">s</span><em>e</em><u>u</u><strong>s</strong>',
  '\u00a0 tabs\tand\nnew\r\nlines\u2028 ',
  'Emoji 🧪 and ünïcödé and 日本語',
  '<textarea>t</textarea><option>o</option><select><option>s</option></select><math><mi>x</mi></math>',
  '<p>a</p>\n\n<p>b</p>',
  '',
];

describe('product description sanitising', () => {
  it(`leaves none of ${XSS_VECTORS.length} hostile vectors an element, handler or URL that can run script`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
    const problems = XSS_VECTORS.flatMap((vector) =>
      htmlProblems(sanitizeProductHtml(vector)).map((problem) => `${vector} → ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('the audit itself finds what the vectors carry', () => {
    expect(htmlProblems('<img src=x onerror=__xss()>')).toEqual([
      'element <img>',
      '<img src>',
      '<img onerror>',
      'handler onerror',
    ]);
    expect(htmlProblems('<a href="jav&#x09;ascript:x()" target=_blank>x</a>')).toEqual([
      'href jav\tascript:x()',
      '<a target>',
      '<a rel="">',
    ]);
  });

  it.each([
    ['<script>__xss()</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="__xss()" style="color:red">text</p>', '<p>text</p>'],
    ['<a href="javascript:__xss()">x</a>', '<a rel="nofollow noopener noreferrer">x</a>'],
    [
      '<a href="https://example.com/" target="_blank">x</a>',
      '<a href="https://example.com/" rel="nofollow noopener noreferrer">x</a>',
    ],
    ['<iframe src="https://example.com/"></iframe><b>b</b>', '<b>b</b>'],
    ['<svg><script>__xss()</script></svg><em>e</em>', '<em>e</em>'],
    ['<math><mi>x</mi></math>', 'x'],
    ['<ul><li>Steel body</li></ul>', '<ul><li>Steel body</li></ul>'],
  ])('turns %s into %s', (input, output) => {
    expect(sanitizeProductHtml(input)).toBe(output);
  });

  it('reads text out of sanitised HTML with the blocks apart', () => {
    expect(
      sanitizedHtmlText(sanitizeProductHtml('<p>One</p><ul><li>Two</li><li>Three</li></ul>')),
    ).toBe('One Two Three');
  });

  it('reads the same text out of sanitised HTML as the sanitiser leaves with no tag allowed', () => {
    const taxonomy = generateTaxonomy(createRandom(DEFAULT_SEED));
    const generated = generateProducts(taxonomy, DEFAULT_SEED, 0, 300).products.map(
      (product) => product.descriptionHtml,
    );
    const inputs = [...XSS_VECTORS, ...TEXT_EDGES, ...generated];
    const differing = inputs
      .map((input) => sanitizeProductHtml(input))
      .filter((clean) => sanitizedHtmlText(clean) !== sanitiserText(clean));
    expect(differing).toEqual([]);
  });
});
