/**
 * Catalog pages come as complete HTML (decision 070): the real web build's renderer (npm test
 * builds it first) writes the page into #root, so what a buyer reads and the links to go on
 * with are there before any script runs; the CSP's "no inline script" holds, and a page that is
 * not a catalog page is still the browser's to render.
 */
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductDetail, ProductListResponse } from '@storefront/shared/catalog';
import {
  imageAtWidth,
  imageCheckUrl,
  PRODUCT_CARD_IMAGE,
  PRODUCT_MAIN_IMAGE,
  resolveImageUrl,
} from '@storefront/shared/images';
import { href } from '@storefront/shared/routes';
import { XSS_VECTORS } from '@storefront/shared/testing/xss-vectors';
import { categorySlug } from '@storefront/shared/slugs';
import { escapeHtml } from '../../lib/html.js';
import { sanitizeProductHtml } from '../../lib/sanitize.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertProducts } from '../../test/catalog-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 12 });
});
afterAll(async () => {
  await t.close();
});

const page = async (url: string) => {
  const response = await t.app.inject({ url });
  expect(response.statusCode).toBe(200);
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(response.body);
  expect(root, 'the #root element').not.toBeNull();
  // Without React's markers between adjacent texts ('Last updated: <!-- -->1 January').
  return {
    html: response.body,
    root: root![1]!.replaceAll('<!-- -->', ''),
    statements: Number(response.headers['x-sql-statements']),
  };
};

/** Every <script> of the page: none may run inline code (the CSP has no 'unsafe-inline'). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes, body]) =>
      body!.trim() !== '' && !/type="application\/(ld\+)?json"/.test(attributes!),
  );

describe('server-rendered policy pages', () => {
  it.each([
    [href.shippingPolicy(), 'Shipping Policy'],
    [href.returnsPolicy(), 'Returns Policy'],
    [href.privacyPolicy(), 'Privacy Policy'],
    [href.termsConditions(), 'Terms &amp; Conditions'],
  ])('%s has its heading, its text and the links on in its HTML', async (url, title) => {
    const { html, root } = await page(url);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(root).toContain('Last updated: 1 January 2026');
    // The frame's links: the header's categories (from the inlined answer), the footer's pages.
    const [category] = (await t.app.inject({ url: '/api/products/categories' })).json<{
      payload: { slug: string }[];
    }>().payload;
    expect(root).toContain(`href="${href.category(category!.slug)}"`);
    for (const link of [href.returnsPolicy(), href.privacyPolicy(), href.home()])
      expect(root).toContain(`href="${link}"`);
    // Signed out: tokens live in the browser, which fills the signed-in parts in.
    expect(root).toContain('Hello, Sign in');
    expect(inlineScripts(html)).toEqual([]);
    // The resources the render asked for went to the head, so #root holds the page alone.
    expect(root).toMatch(/^<div /);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/favicon.svg"/>');
  });
});

describe('the server-rendered product page', () => {
  it("has the product's name, prices, gallery images and links in its HTML", async () => {
    const [summary] = (
      await t.app.inject({ url: '/api/products?limit=1' })
    ).json<ProductListResponse>().payload;
    const product = (await t.app.inject({ url: `/api/products/product/${summary!._id}` })).json<{
      payload: ProductDetail;
    }>().payload;
    const { html, root, statements } = await page(href.product(product._id));

    expect(root).toMatch(new RegExp(`<h1[^>]*>${escapeHtml(product.name)}</h1>`));
    // The volume prices' table, a row a tier, in rupees with GST as the cart charges them.
    expect(root).toContain('Volume Pricing');
    expect(root).toMatch(/₹[\d,]+\.\d\d/);
    // The gallery, its images checked by the server (spec §4): no skeleton waits for a script.
    const main = resolveImageUrl(product.images[0]);
    expect(root).toContain(`src="${imageAtWidth(main, PRODUCT_MAIN_IMAGE.width)}"`);
    expect(root).toContain('data-testid="product-gallery"');
    expect(root).not.toContain('data-testid="gallery-loading"');
    const checks = /<script type="application\/json" id="image-checks">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(checks![1]!)).toEqual(
      Object.fromEntries(product.images.map((source) => [imageCheckUrl(source), true])),
    );
    // Links on: the breadcrumb's category, and a quote for this product.
    expect(root).toContain(`href="${escapeHtml(href.category(categorySlug(product.category)))}"`);
    expect(root).toContain('href="/quotes/new?product=');
    expect(inlineScripts(html)).toEqual([]);
    // The image checks of the product's own art cost no statement (images/check.ts).
    expect(statements).toBe(0);
  });
});

describe("the server-rendered product's description", () => {
  it('is in the HTML as the server sanitised it: a hostile description renders inert', async () => {
    const raw = `<p>Plain words</p>${XSS_VECTORS.join('\n')}`;
    // Stored as it comes, unsanitised, as a row written by anything but the seed would be.
    const [id] = await insertProducts(t, [
      { name: 'Hostile description', code: 'XSS-SSR', spPaise: 10_000, descriptionHtml: raw },
    ]);
    const { html, root } = await page(href.product(id!));
    const clean = sanitizeProductHtml(raw);
    expect(root).toContain(
      `<div data-testid="product-description" class="product-description">${clean}</div>`,
    );
    expect(clean).toContain('<p>Plain words</p>');
    // Nothing in it that could run script, whatever the browser makes of it.
    expect(clean).not.toMatch(
      /<(script|iframe|object|embed|svg|math|style|img|form|base|meta|link)\b/i,
    );
    expect(clean).not.toMatch(/\son\w+\s*=|\sstyle\s*=|javascript:/i);
    expect(inlineScripts(html)).toEqual([]);
  });
});

describe('the server-rendered listing pages', () => {
  it("have their cards' names, prices, images and product links in their HTML", async () => {
    const [summary] = (
      await t.app.inject({ url: '/api/products?limit=1' })
    ).json<ProductListResponse>().payload;
    const slug = categorySlug(summary!.category);
    const listing = (
      await t.app.inject({
        url: `/api/products?query=${encodeURIComponent(summary!.category)}&limit=20&page=1`,
      })
    ).json<ProductListResponse>();
    const { root, statements } = await page(href.category(slug));

    const shown = listing.payload.filter((product) => product.imgUrl[0]?.src);
    expect(shown.length).toBeGreaterThan(0);
    expect(root).toContain(`Showing ${shown.length} of ${listing.total} products`);
    for (const product of shown) {
      expect(root).toContain(escapeHtml(product.name));
      expect(root).toContain(`href="${href.product(product._id)}"`);
      const image = imageAtWidth(resolveImageUrl(product.imgUrl[0]!.src), PRODUCT_CARD_IMAGE.width);
      expect(root).toContain(`src="${image}"`);
    }
    expect(root).toMatch(/₹[\d,]+\.\d\d/);
    expect(root).not.toContain('Validating images...');
    // Its meta's one (the listing by slug, catalog/page-meta.ts), and one for its cards' seed
    // images, which the summaries name without their product's code (images/check.ts).
    expect(statements).toBe(2);
  });
});

describe('the server-rendered home page', () => {
  it('has its hero, its category cards and its collection banners, linked, in its HTML', async () => {
    const { html, root } = await page(href.home());
    expect(root).toContain('Streamline Your Supply Chain');
    const categories = (await t.app.inject({ url: '/api/products/categories' })).json<{
      payload: { category: string; slug: string }[];
    }>().payload;
    expect(root).toContain(`href="${escapeHtml(href.category(categories[0]!.slug))}"`);
    expect(root).toContain(`>${escapeHtml(categories[0]!.category)}</h3>`);
    const collections = (await t.app.inject({ url: '/api/products/collections' })).json<{
      payload: { slug: string; title: string }[];
    }>().payload;
    expect(collections.length).toBeGreaterThan(0);
    expect(root).toContain(escapeHtml(collections[0]!.title));
    expect(inlineScripts(html)).toEqual([]);
  });
});

describe('pages the browser renders', () => {
  it.each([href.cart(), href.auth(), href.orders()])('%s keeps an empty #root', async (url) => {
    const { root } = await page(url);
    expect(root).toBe('');
  });
});

describe('the rendered pages kept in memory', () => {
  it('serve a page again with no statement and its ETag, until the catalog changes', async () => {
    const [summary] = (
      await t.app.inject({ url: '/api/products?limit=1' })
    ).json<ProductListResponse>().payload;
    // A subcategory's listing: this file's other tests render none.
    const url = href.subcategory(categorySlug(summary!.subcategory));
    const first = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    const shown = /href="\/products\/([0-9a-f]{24})"/.exec(first.body)![1]!;
    expect(Number(first.headers['x-sql-statements'])).toBeGreaterThan(0);
    const again = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(again.headers['x-sql-statements']).toBe('0');
    expect(again.body).toBe(first.body);
    const etag = String(again.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20}"$/);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // Compressed once, with the entry: the browser's Brotli is the same page.
    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);

    // Any catalog write (here an operator's SQL) empties the cache through the database's notice.
    const renamed = 'Renamed Where The Page Cache Sees It';
    await t.database.db.execute(sql`UPDATE products SET name = ${renamed} WHERE id = ${shown}`);
    await t.catalogNoticesSettled();
    expect((await t.app.inject({ url })).body).toContain(renamed);
  });
});

describe('a render past its time', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await buildTestApp({ products: 3, config: { renderTimeoutMs: 1 } });
  });
  afterAll(async () => {
    await slow.close();
  });

  it('sends the page for the browser to render, logged, and not kept', async () => {
    const warnings: unknown[][] = [];
    vi.spyOn(slow.app.log, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args);
    });
    const [summary] = (
      await slow.app.inject({ url: '/api/products?limit=1' })
    ).json<ProductListResponse>().payload;
    // Its first answers come from the database first: the 1 ms are out before the render.
    const url = href.category(categorySlug(summary!.category));
    const response = await slow.app.inject({ url });
    expect(response.statusCode).toBe(200);
    // The app's shell with the page's answers: the browser renders it as any other page.
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('id="api-answers"');
    expect(warnings).toEqual([
      [{ url, timeoutMs: 1 }, 'server render timed out; the browser renders the page'],
    ]);
    // Not kept: the next visitor's page is made again (its meta reads the listing).
    const again = await slow.app.inject({ url });
    expect(Number(again.headers['x-sql-statements'])).toBeGreaterThan(0);
  });
});
