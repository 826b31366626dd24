import { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { PRODUCT_HTML_ATTRIBUTES, PRODUCT_HTML_TAGS } from '@storefront/shared/product-html';
import { DESCRIPTION_EXTENSIONS } from './description-editor';

const PASTED = `
  <h1>Title</h1><h2>Heading</h2><h3>Sub</h3><h5>Small</h5>
  <p style="color:red" onclick="alert(1)">Plain <strong>bold</strong> <b>b</b> <em>em</em>
    <u>under</u> <s>struck</s> <code>code</code> <a href="https://example.com" target="_blank">ok</a>
    <a href="javascript:alert(1)">bad</a> <a href="mailto:sales@example.com">mail</a><br>line</p>
  <blockquote><p>quoted</p></blockquote><pre><code>block</code></pre><hr>
  <img src="x.png" onerror="alert(1)"><script>alert(1)</script><iframe src="https://x"></iframe>
  <ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>
  <table><tbody><tr><th><p>Size</p></th><th><p>Width</p></th></tr><tr><td><p>S</p></td><td><p>10 cm</p></td></tr></tbody></table>`;

describe('the description editor', () => {
  it('produces only what the server’s sanitiser keeps: its tags and attributes', () => {
    const editor = new Editor({ extensions: DESCRIPTION_EXTENSIONS, content: PASTED });
    const html = editor.getHTML();
    editor.destroy();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const allowed = new Set<string>(PRODUCT_HTML_TAGS);
    for (const element of doc.body.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      expect(allowed, `<${tag}> in ${html}`).toContain(tag);
      for (const attribute of element.getAttributeNames())
        expect(PRODUCT_HTML_ATTRIBUTES[tag] ?? [], `${tag}[${attribute}] in ${html}`).toContain(
          attribute,
        );
    }
    // What a seller wrote survives, as text at least; links only to web and mail addresses.
    expect(doc.body.textContent).toContain('quoted');
    expect(doc.querySelector('table td')?.textContent).toBe('S');
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com',
      'mailto:sales@example.com',
    ]);
  });
});
