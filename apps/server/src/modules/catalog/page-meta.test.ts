import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@storefront/shared/catalog';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { tempWebDist, type TempWebDist } from '../../test/web-dist.js';

const SHELL = `<!doctype html><html><head><title>Shell</title><meta name="description" content="shell" /></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let web: TempWebDist;
beforeAll(async () => {
  web = tempWebDist({ 'index.html': SHELL });
  t = await buildTestApp({
    products: 60,
    config: { webDist: web.dir, publicUrl: 'https://shop.example.in' },
  });
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<
    string,
    unknown
  >;

describe('served HTML for crawlers and link previews', () => {
  it('makes a product page’s meta from the product its first answers hold, not a second read', async () => {
    const list = (
      await t.app.inject({ url: '/api/products?query=beauty&limit=1' })
    ).json() as ProductListResponse;
    const product = list.payload[0]!;
    const response = await t.app.inject({ url: `/products/${product._id}` });
    expect(response.body).toContain(`<title>${product.name} | B2B Storefront</title>`);
    // The product came through the API's own call (a request of its own, with its own count);
    // the page itself ran no SQL statement.
    expect(response.headers['x-sql-statements']).toBe('0');
  });

  it('writes a product’s title, description, canonical URL, Open Graph tags and JSON-LD', async () => {
    const list = (
      await t.app.inject({ url: '/api/products?query=electronics&limit=1' })
    ).json() as ProductListResponse;
    const product = list.payload[0]!;
    const response = await t.app.inject({ url: `/products/${product._id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<title>${product.name} | B2B Storefront</title>`);
    expect(html).toContain(
      `<link rel="canonical" href="https://shop.example.in/products/${product._id}" />`,
    );
    expect(html).toContain('<meta property="og:type" content="product" />');
    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: product.name,
      // One unit with the default source, GST included: what the page leads with.
      offers: {
        priceCurrency: 'INR',
        price: (Math.round((Math.round(product.sp * 100) * 115) / 100) / 100).toFixed(2),
      },
    });
    expect(ld['offers']).not.toHaveProperty('availability');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 with the app for a product that does not exist', async () => {
    const response = await t.app.inject({ url: '/products/ffffffffffffffffffffffff' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('titles a category page with the category’s display name', async () => {
    const response = await t.app.inject({ url: '/categories/bags,-wallets-and-luggage' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<title>Bags, Wallets &amp; Luggage — wholesale prices | B2B Storefront</title>',
    );
  });

  it.each([
    '/categories/bags,-wallets-&-luggage',
    '/categories/Bags,-Wallets-and-Luggage',
    '/categories/bags%2C-wallets-%26-luggage',
  ])('gives %s the stored slug as its canonical URL and og:url', async (url) => {
    const { statusCode, body } = await t.app.inject({ url });
    expect(statusCode).toBe(200);
    const canonical = 'https://shop.example.in/categories/bags,-wallets-and-luggage';
    expect(body).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(body).toContain(`<meta property="og:url" content="${canonical}" />`);
  });

  it('titles a collection with its display name, not its slug', async () => {
    const { body } = await t.app.inject({ url: '/categories/international-best-sellers' });
    expect(body).toContain(
      '<title>Global Best Sellers — wholesale prices | B2B Storefront</title>',
    );
    expect(body).toContain('<meta property="og:title" content="Global Best Sellers');
    expect(body).toContain(
      '<link rel="canonical" href="https://shop.example.in/categories/international-best-sellers" />',
    );
  });

  it('points a subcategory reached under /categories/ to its /subcategories/ URL', async () => {
    const { body } = await t.app.inject({ url: '/categories/drinkware' });
    expect(body).toContain('<title>Drinkware — wholesale prices | B2B Storefront</title>');
    expect(body).toContain(
      '<link rel="canonical" href="https://shop.example.in/subcategories/drinkware" />',
    );
  });

  it('writes page 1 of the listing as an ItemList and its first image as og:image', async () => {
    const page1 = (
      await t.app.inject({ url: '/api/products?query=electronics&limit=20&page=1' })
    ).json() as ProductListResponse;
    const { body } = await t.app.inject({ url: '/categories/electronics' });
    const ld = jsonLdOf(body);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Electronics',
      url: 'https://shop.example.in/categories/electronics',
      numberOfItems: page1.total,
    });
    expect(ld.itemListElement).toEqual(
      page1.payload.map((p, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: `https://shop.example.in/products/${p._id}`,
        name: p.name,
      })),
    );
    const first = page1.payload.find((p) => p.images[0])!;
    expect(body).toContain(
      `<meta property="og:image" content="https://shop.example.in/images/${first.images[0]}.png" />`,
    );
  });

  it.each(['/categories/no-such-category', '/subcategories/nothing-here', '/categories/and'])(
    'answers %s 404 with the app, no canonical URL and no invented title',
    async (url) => {
      const { statusCode, body } = await t.app.inject({ url });
      expect(statusCode).toBe(404);
      expect(body).toContain('<div id="root">');
      expect(body).toContain('<title>Page not found | B2B Storefront</title>');
      expect(body).not.toContain('rel="canonical"');
      expect(body).not.toContain('No Such Category');
    },
  );

  it('serves the app with 200 on the spec’s routes and 404 elsewhere', async () => {
    for (const path of [
      '/',
      '/cart',
      '/orders/abc',
      '/order/abc/payment',
      '/search',
      '/verify-email/x',
      '/faq',
    ]) {
      expect((await t.app.inject({ url: path })).statusCode, path).toBe(200);
    }
    const unknown = await t.app.inject({ url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
  });
});
