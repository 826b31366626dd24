import { describe, expect, it } from 'vitest';
import { renderMeta } from './page-head.js';

const SHELL = `<!doctype html><html><head><title>Shell</title><meta name="description" content="shell" /></head><body><div id="root"></div></body></html>`;

const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<
    string,
    unknown
  >;

describe('a page head written with its meta', () => {
  it('never lets a name close the JSON-LD script or break out of an attribute', () => {
    const html = renderMeta(SHELL, {
      title: 'Bad "name" </script><script>alert(1)</script>',
      description: 'x',
      canonicalUrl: 'https://shop.example.in/p',
      jsonLd: { name: '</script><script>alert(1)</script>' },
    });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<title>Bad &quot;name&quot; &lt;/script&gt;');
    expect(jsonLdOf(html)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
