import { describe, expect, it } from 'vitest';
import { apiUrl, catalogCalls, pageFromParam } from './catalog-calls';
import { MAX_LISTING_PAGE } from './constants';

describe('the catalog calls both sides build', () => {
  it('writes a query string as URLSearchParams does, leaving out what is undefined', () => {
    const query = { q: "men's (tee) ~ 100% & more!*", page: 2, none: undefined };
    // new URLSearchParams({ q, page: '2' }).toString(), which the web app used to call
    expect(apiUrl('/api/x', query)).toBe(
      '/api/x?q=men%27s+%28tee%29+%7E+100%25+%26+more%21*&page=2',
    );
    expect(apiUrl('/api/x', { none: undefined })).toBe('/api/x');
  });

  it('asks a listing by its slug as a query, 20 a page, the page as the URL gives it', () => {
    expect(catalogCalls.listing('home-&-kitchen', 3)).toBe(
      '/api/products?query=home+kitchen&limit=20&page=3',
    );
    // Both callers read the page so: never past the last page the API serves.
    expect(catalogCalls.listing('baby', pageFromParam('99999', MAX_LISTING_PAGE))).toMatch(
      /&page=10000$/,
    );
    expect(catalogCalls.product('a/b')).toBe('/api/products/product/a%2Fb');
  });

  it('reads ?page= as a positive whole number, else page 1', () => {
    expect(pageFromParam('4')).toBe(4);
    for (const value of [null, '', '0', '-2', '1.5', 'x']) expect(pageFromParam(value)).toBe(1);
    expect(pageFromParam('50', 10)).toBe(10);
  });
});
