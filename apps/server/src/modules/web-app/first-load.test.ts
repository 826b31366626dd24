/**
 * What a page announces first (decision 036): its page module's chunks as modulepreload links,
 * a product's gallery images as preloads, and the answers of the public calls that paint it,
 * byte for byte the API's, and never a buyer's own.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import {
  imageAtWidth,
  imageCheckUrl,
  PLACEHOLDER_IMAGE,
  PRODUCT_CARD_IMAGE,
  resolveImageUrl,
} from '@storefront/shared/images';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { tempWebDist, type TempWebDist } from '../../test/web-dist.js';
import { answerCalls, listingImagePreloads } from './first-load.js';
import { answersIn } from '../../test/page-answers.js';

const SHELL = `<!doctype html><html><head><title>Shell</title><meta name="description" content="shell" /><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;
// A Vite manifest: the entry shares `_shared.js` with the product page, which also imports
// `_tabs.js`; the home page imports only what the entry has.
const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_tabs.js': { file: 'assets/tabs.js', css: ['assets/tabs.css'] },
  'src/features/product/pages/product-page.tsx': {
    file: 'assets/product-page.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_tabs.js'],
  },
  'src/features/search/pages/search-page.tsx': {
    file: 'assets/search-page.js',
    isDynamicEntry: true,
    imports: ['_tabs.js'],
    dynamicImports: ['src/features/search/components/search-results.tsx'],
  },
  'src/features/search/components/search-results.tsx': {
    file: 'assets/search-results.js',
    isDynamicEntry: true,
    imports: ['_tabs.js', '_instantsearch.js'],
  },
  '_instantsearch.js': { file: 'assets/instantsearch.js' },
  'src/features/home/pages/home-page.tsx': {
    file: 'assets/home-page.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
  },
};

let t: TestApp;
let web: TempWebDist;
let productId: string;
beforeAll(async () => {
  web = tempWebDist({ 'index.html': SHELL, '.vite/manifest.json': JSON.stringify(MANIFEST) });
  t = await buildTestApp({ products: 30, config: { webDist: web.dir } });
  productId = ((await t.app.inject({ url: '/api/products?limit=1' })).json() as ProductListResponse)
    .payload[0]!._id;
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const apiJson = async (url: string) => (await t.app.inject({ url })).json() as unknown;

describe("a page's first load", () => {
  it('a product page carries its chunks, its gallery images and its three answers', async () => {
    const html = (await t.app.inject({ url: `/products/${productId}` })).body;
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-page.js" />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/tabs.js" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/tabs.css" />');
    // What the entry already loads is not announced twice.
    expect(html).not.toContain('href="/assets/shared.js"');

    const answers = answersIn(html);
    expect(Object.keys(answers).sort()).toEqual(
      [
        catalogCalls.categories(),
        catalogCalls.product(productId),
        catalogCalls.related(productId),
      ].sort(),
    );
    expect(answers[catalogCalls.related(productId)]).toEqual(
      await apiJson(catalogCalls.related(productId)),
    );
    expect(answers[catalogCalls.product(productId)]).toEqual(
      await apiJson(catalogCalls.product(productId)),
    );
    expect(answers[catalogCalls.categories()]).toEqual(await apiJson(catalogCalls.categories()));

    const { payload } = answers[catalogCalls.product(productId)] as {
      payload: { images: string[] };
    };
    const main =
      /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" \/>/.exec(
        html,
      );
    expect(main?.[1]).toMatch(/\?w=640$/);
    expect(main?.[2]).toContain('?w=960 960w');
    for (const image of payload.images)
      expect(html).toContain(`<link rel="preload" as="image" href="${imageCheckUrl(image)}" />`);
    expect(html.match(/<link rel="preload" as="image" href="[^"]+\?w=160" \/>/g)).toHaveLength(
      new Set(payload.images).size,
    );
  });

  it('a category page carries the listing page its URL asks for, and its images', async () => {
    const html = (await t.app.inject({ url: '/categories/electronics?page=2' })).body;
    const answers = answersIn(html);
    const listing = catalogCalls.listing('electronics', 2);
    expect(listing).toBe('/api/products?query=electronics&limit=20&page=2');
    expect(answers[listing]).toEqual(await apiJson(listing));

    // Every card's existence check, once each, and none for a card without an image.
    const firstPage = catalogCalls.listing('electronics', 1);
    const html1 = (await t.app.inject({ url: '/categories/electronics' })).body;
    const { payload } = answersIn(html1)[firstPage] as ProductListResponse;
    const sources = payload.map((product) => product.imgUrl[0]?.src);
    const checks = new Set(sources.filter(Boolean).map(imageCheckUrl));
    expect(checks.size).toBeGreaterThan(0);
    for (const check of checks)
      expect(html1).toContain(`<link rel="preload" as="image" href="${check}" />`);
    expect(html1).not.toContain(`href="${PLACEHOLDER_IMAGE}"`);
    // The first row's images, at high priority, as the cards' srcset and sizes ask for them.
    const firstRow = [
      ...html1.matchAll(
        /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)" imagesrcset="[^"]+" imagesizes="([^"]+)" \/>/g,
      ),
    ];
    const expected = sources
      .slice(0, PRODUCT_CARD_IMAGE.firstRow)
      .filter(Boolean)
      .map((src) => imageAtWidth(resolveImageUrl(src), PRODUCT_CARD_IMAGE.width));
    expect(firstRow.map((match) => match[1])).toEqual(expected);
    for (const match of firstRow) expect(match[2]).toBe(PRODUCT_CARD_IMAGE.sizes);
  });

  it('the search page carries its results’ chunks, the search settings and its page of results; a missing product carries no answer', async () => {
    const searchHtml = (await t.app.inject({ url: '/search?q=bottle' })).body;
    for (const file of ['search-page', 'search-results', 'instantsearch'])
      expect(searchHtml).toContain(
        `<link rel="modulepreload" crossorigin href="/assets/${file}.js" />`,
      );
    expect(searchHtml.match(/href="\/assets\/tabs.js"/g)).toHaveLength(1);
    const search = answersIn(searchHtml);
    expect(search[catalogCalls.searchConfig()]).toEqual(await apiJson(catalogCalls.searchConfig()));
    const results = (await apiJson(catalogCalls.searchResults('bottle', 1))) as object;
    expect(search[catalogCalls.searchResults('bottle', 1)]).toEqual({
      ...results,
      processingTimeMS: expect.any(Number) as number,
      queryID: expect.any(String) as string,
    });

    const missing = answersIn(
      (await t.app.inject({ url: '/products/0123456789abcdef01234567' })).body,
    );
    expect(Object.keys(missing)).toEqual([catalogCalls.categories()]);
  });

  it('the home page carries the categories, the collections and the products they show, the same bytes every time', async () => {
    const pages = await Promise.all(
      Array.from({ length: 6 }, async () => (await t.app.inject({ url: '/' })).body),
    );
    const slugsOf = async (url: string) =>
      ((await apiJson(url)) as { payload: { slug: string }[] }).payload;
    expect(Object.keys(answersIn(pages[0]!))).toEqual([
      catalogCalls.categories(),
      catalogCalls.collections(),
      ...catalogCalls
        .homeProducts(
          await slugsOf(catalogCalls.categories()),
          await slugsOf(catalogCalls.collections()),
        )
        .map(({ url }) => url),
    ]);
    // The answers come in the order asked, whichever the API gave first.
    for (const page of pages) expect(page).toBe(pages[0]);
  });

  it("never carries a buyer's own data, whoever asks", async () => {
    for (const url of ['/cart', '/orders', '/profile', '/checkout']) {
      const response = await t.app.inject({
        url,
        headers: { authorization: 'Bearer whatever', cookie: 'refresh_token=whatever' },
      });
      const answers = answersIn(response.body);
      expect(
        Object.keys(answers).every((call) => call === catalogCalls.categories()),
        url,
      ).toBe(true);
    }
    // The checkout has no header, so not even the categories.
    expect(answersIn((await t.app.inject({ url: '/checkout' })).body)).toEqual({});
  });

  it('without a build manifest the page still has its answers', async () => {
    const bare = tempWebDist({ 'index.html': SHELL });
    const other = await buildTestApp({ config: { webDist: bare.dir } });
    try {
      const html = (await other.app.inject({ url: '/' })).body;
      expect(html).not.toContain('modulepreload');
      expect(answersIn(html)).toHaveProperty([catalogCalls.categories()]);
    } finally {
      await other.close();
      bare.remove();
    }
  });
});

describe('the answers inlined', () => {
  it('come in the order of the calls, whichever the API answers first; only 200 JSON', async () => {
    const api = Fastify();
    api.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { payload: 'slow' };
    });
    api.get('/fast', async () => ({ payload: 'fast' }));
    api.get('/missing', async (_request, reply) => reply.code(404).send({ detail: 'no' }));
    api.get('/text', async (_request, reply) => reply.type('text/plain').send('plain'));
    try {
      const answers = await answerCalls(api, ['/slow', '/missing', '/fast', '/text']);
      expect(JSON.stringify(answers)).toBe(
        '{"/slow":{"payload":"slow"},"/fast":{"payload":"fast"}}',
      );
    } finally {
      await api.close();
    }
  });
});

describe("a listing's image preloads", () => {
  const product = (src: string | undefined) =>
    ({
      imgUrl: src === undefined ? [] : [{ src }],
    }) as unknown as ProductListResponse['payload'][0];

  it('skips a card without an image, and preloads a first-row image from elsewhere as it is', () => {
    const tags = listingImagePreloads([
      product(undefined),
      product('https://cdn.example.com/a.jpg'),
      product('products/SS-1-1.png'),
    ]);
    // No check and no first-row image for the card without one; the external image has no
    // srcset (the image service resizes only its own), and the third card is past the first row.
    expect(tags).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="https://cdn.example.com/a.jpg" />',
      '<link rel="preload" as="image" href="https://cdn.example.com/a.jpg" />',
      '<link rel="preload" as="image" href="/images/products/SS-1-1.png?w=160" />',
    ]);
    expect(listingImagePreloads([])).toEqual([]);
  });
});
