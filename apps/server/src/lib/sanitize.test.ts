import { describe, expect, it } from 'vitest';
import { XSS_VECTORS } from '@storefront/shared/testing/xss-vectors';
import { htmlProblems } from '../test/html-audit.js';
import { htmlToText, sanitizeProductHtml } from './sanitize.js';

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

  it('reads text out of HTML with the blocks apart', () => {
    expect(htmlToText('<p>One</p><ul><li>Two</li><li>Three</li></ul>')).toBe('One Two Three');
  });
});
