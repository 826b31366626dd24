/**
 * Catalog pages come as complete HTML (decision 070): the real web build's renderer (npm test
 * builds it first) writes the page into #root, so what a buyer reads and the links to go on
 * with are there before any script runs; the CSP's "no inline script" holds, and a page that is
 * not a catalog page is still the browser's to render.
 */
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ProductDetail,
  ProductListResponse,
  ProductSummary,
} from '@storefront/shared/catalog';
import {
  imageAtWidth,
  imageCheckUrl,
  PRODUCT_CARD_IMAGE,
  PRODUCT_MAIN_IMAGE,
  resolveImageUrl,
} from '@storefront/shared/images';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import {
  HOME_CARD_PAGE,
  HOME_CARD_SLICE,
  HOME_CATEGORY_CARDS,
  HOME_COLLECTION_BANNERS,
  HOME_ROW_PAGE,
  PAGE_SIZE,
} from '@storefront/shared/constants';
import { href } from '@storefront/shared/routes';
import { XSS_VECTORS } from '@storefront/shared/testing/xss-vectors';
import { categorySlug } from '@storefront/shared/slugs';
import { escapeHtml } from '../../lib/html.js';
import { sanitizeProductHtml } from '../../lib/sanitize.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertProducts } from '../../test/catalog-fixtures.js';
import { answersIn } from '../../test/page-answers.js';
import { HOSTED_ALGOLIA } from '../search/search-fixtures.js';

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

describe("the server-rendered product page's related products", () => {
  it('are in its HTML, named, priced and linked, from the answer it carries', async () => {
    const [first, ...others] = await insertProducts(
      t,
      ['Kraft Tape Roll', 'Kraft Tape Wide', 'Kraft Tape Brown'].map((name, i) => ({
        name,
        code: `KRAFT-${i + 1}`,
        spPaise: 40_00 + i * 100,
      })),
    );
    await t.catalogNoticesSettled();
    const related = (await t.app.inject({ url: catalogCalls.related(first!) })).json<{
      payload: ProductSummary[];
    }>().payload;
    expect(related.map((product) => product._id)).toEqual(expect.arrayContaining(others));
    const { html, root, statements } = await page(href.product(first!));
    const section = root.slice(root.indexOf('data-testid="related-products"'));
    expect(section).not.toContain('aria-busy="true"');
    for (const product of related) {
      expect(section).toContain(`href="${href.product(product._id)}"`);
      expect(section).toContain(escapeHtml(product.name));
    }
    expect(answersIn(html)[catalogCalls.related(first!)]).toEqual({ payload: related });
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
  it("has its hero, its category cards' and its collection rows' products, linked, in its HTML", async () => {
    const { html, root, statements } = await page(href.home());
    expect(root).toContain('Streamline Your Supply Chain');
    const categories = (await t.app.inject({ url: catalogCalls.categories() })).json<{
      payload: { category: string; slug: string }[];
    }>().payload;
    const collections = (await t.app.inject({ url: catalogCalls.collections() })).json<{
      payload: { slug: string; title: string }[];
    }>().payload;
    const productsOf = async (url: string) =>
      (await t.app.inject({ url })).json<ProductListResponse>().payload;
    // Each card: its category's name and link, and items 5 to 8 of its products (spec §2).
    for (const category of categories.slice(0, HOME_CATEGORY_CARDS)) {
      expect(root).toContain(`>${escapeHtml(category.category)}</h3>`);
      expect(root).toContain(`href="${escapeHtml(href.category(category.slug))}"`);
      const shown = (
        await productsOf(catalogCalls.homeListing(category.slug, HOME_CARD_PAGE))
      ).slice(...HOME_CARD_SLICE);
      for (const product of shown) {
        expect(root).toContain(`href="${href.product(product._id)}"`);
        expect(root).toContain(`>${escapeHtml(product.name)}</span>`);
      }
    }
    // Each row: its banner's title, and its products' cards (name, price, image, link); a row
    // with no products is left out (spec §2).
    let cards = 0;
    for (const collection of collections.slice(0, HOME_COLLECTION_BANNERS)) {
      const row = await productsOf(catalogCalls.homeListing(collection.slug, HOME_ROW_PAGE));
      if (!row.length) {
        expect(root).not.toContain(`id="row-${collection.slug}"`);
        continue;
      }
      expect(root).toContain(`>${escapeHtml(collection.title)}</h3>`);
      for (const product of row) {
        expect(root).toContain(`>${escapeHtml(product.name)}</a></h3>`);
        expect(root).toContain(`href="${href.product(product._id)}"`);
        const image = resolveImageUrl(product.imgUrl[0]?.src);
        expect(root).toContain(`src="${imageAtWidth(image, PRODUCT_CARD_IMAGE.width)}"`);
      }
      cards += row.length;
    }
    expect(cards).toBeGreaterThan(0);
    expect(root.match(/data-testid="product-card"/g)).toHaveLength(cards);
    expect(root).toMatch(/data-testid="card-price"[^>]*>₹[\d,]+\.\d\d</);
    expect(root).not.toContain('data-testid="skeleton"');
    expect(root).not.toContain('data-testid="product-card-skeleton"');
    expect(inlineScripts(html)).toEqual([]);
    // The page reads what it inlines and nothing else: its answers come from the catalog the
    // server holds (catalog/product-store.ts), which costs no statement.
    expect(statements).toBe(0);
  });
});

describe('the server-rendered search page', () => {
  // Two pages of results: more products than a page holds (PAGE_SIZE) answer the words.
  const words = 'ledger';
  beforeAll(async () => {
    await insertProducts(
      t,
      Array.from({ length: PAGE_SIZE + 5 }, (_, i) => ({
        name: `Ruled Ledger Book ${i + 1}`,
        code: `LEDGER-${i + 1}`,
        spPaise: 25_000 + i * 100,
      })),
    );
    await t.catalogNoticesSettled();
  });
  const search = (q: string, pageNumber?: number) =>
    `${href.search(q)}${pageNumber ? `&page=${pageNumber}` : ''}`;
  const answerOf = async (q: string, pageNumber: number) =>
    (await t.app.inject({ url: catalogCalls.searchResults(q, pageNumber) })).json<{
      hits: { objectID: string; name: string; imgUrl: { src: string }[] }[];
      nbHits: number;
      nbPages: number;
    }>();

  it("has its hits' names, prices, images and links, and real links to its other pages", async () => {
    const answer = await answerOf(words, 1);
    expect(answer.nbPages).toBeGreaterThan(1);
    const { html, root, statements } = await page(search(words));
    expect(root).toContain(`${answer.nbHits} products found · Page 1 of ${answer.nbPages}`);
    expect(root.match(/data-testid="search-hit"/g)).toHaveLength(answer.hits.length);
    for (const hit of answer.hits) {
      expect(root).toContain(`href="${href.product(hit.objectID)}"`);
      expect(root).toContain(`alt="${escapeHtml(hit.name)}"`);
      const image = resolveImageUrl(hit.imgUrl[0]?.src);
      expect(root).toContain(`src="${imageAtWidth(image, 160)}"`);
    }
    // The buyer's words marked in the names, as InstantSearch marks them.
    expect(root).toMatch(/<mark class="[^"]*">Ledger<\/mark>/);
    expect(root).toMatch(/data-testid="card-price"[^>]*>₹[\d,]+\.\d\d</);
    expect(root).not.toContain('data-testid="search-skeleton"');
    expect(root).toContain(`href="${escapeHtml(search(words, 2))}"`);
    // The hits' image checks came with the page, so the browser shows them as they are.
    const checks = /<script type="application\/json" id="image-checks">(.*?)<\/script>/.exec(html);
    expect(Object.keys(JSON.parse(checks![1]!) as object)).toEqual([
      ...new Set(answer.hits.map((hit) => imageCheckUrl(hit.imgUrl[0]?.src))),
    ]);
    expect(inlineScripts(html)).toEqual([]);
    // Nothing read but its answers (the API's own requests): its hits name their products'
    // codes, so their image checks cost no statement (images/check.ts).
    expect(statements).toBe(0);
  });

  it('renders the page its link names, with JavaScript or without', async () => {
    const second = await answerOf(words, 2);
    const { root } = await page(search(words, 2));
    expect(root).toContain(`Page 2 of ${second.nbPages}`);
    for (const hit of second.hits) expect(root).toContain(`href="${href.product(hit.objectID)}"`);
    const first = await answerOf(words, 1);
    expect(root).not.toContain(`href="${href.product(first.hits[0]!.objectID)}"`);
    expect(root).toContain(`href="${escapeHtml(search(words))}"`);
  });

  it('without words asks for them, and searches nothing', async () => {
    const { root, statements } = await page('/search');
    expect(root).toContain('What are you looking for?');
    expect(statements).toBe(0);
  });
});

describe('the search page with hosted Algolia', () => {
  it("carries the engine's settings but no built-in results, which the browser would not use", async () => {
    const hosted = await buildTestApp({ products: 12, config: HOSTED_ALGOLIA });
    try {
      const url = `${href.search('pack')}&page=2`;
      const response = await hosted.app.inject({ url });
      expect(response.statusCode).toBe(200);
      const answers = answersIn(response.body);
      expect(Object.keys(answers)).toEqual([
        catalogCalls.categories(),
        catalogCalls.searchConfig(),
      ]);
      expect(answers[catalogCalls.searchConfig()]).toMatchObject({ provider: 'algolia' });
      expect(inlineScripts(response.body)).toEqual([]);
    } finally {
      await hosted.close();
    }
  });
});

describe('pages the browser renders', () => {
  it.each([href.cart(), href.auth(), href.orders()])('%s keeps an empty #root', async (url) => {
    const { root } = await page(url);
    expect(root).toBe('');
  });

  it('load their scripts at once: the entry and the page module, preloaded', async () => {
    const { html } = await page(href.cart());
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/cart-page-/);
    expect(html).not.toContain('id="page-scripts"');
  });
});

describe("a server-rendered page's scripts", () => {
  it('start after its paint: named for the starter, the entry last, none loading with the HTML', async () => {
    const { html } = await page(href.returnsPolicy());
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
    expect(head).not.toContain('rel="modulepreload"');
    const named = /<script type="application\/json" id="page-scripts">(.*?)<\/script>/.exec(head);
    const { modules, entry } = JSON.parse(named![1]!) as { modules: string[]; entry: string };
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(modules.some((href) => href.startsWith('/assets/policy-page-'))).toBe(true);
    expect(head).toMatch(
      /<script type="module" crossorigin src="\/assets\/page-scripts-[\w-]+\.js">/,
    );
    // Every script it names is served.
    for (const script of [entry, ...modules])
      expect((await t.app.inject({ url: script })).statusCode).toBe(200);
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
