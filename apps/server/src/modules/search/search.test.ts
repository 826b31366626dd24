import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import type { DbOrTx, Tx } from '../../db/connect.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { firstPlace, productDocument } from '../../test/catalog-fixtures.js';
import { saveProducts } from '../catalog/product-store.js';
import { insertSearchProducts, searchAll } from './search-fixtures.js';
import type { SearchResult } from './service.js';

let t: TestApp;
let samovarName: string;
let samovarMention: string;

beforeAll(async () => {
  t = await buildTestApp({ products: 600 });
  const ids = await insertSearchProducts(t.database.db, [
    { name: 'Brass Samovar 5 L', description: 'A tea urn for office pantries.' },
    {
      name: 'Copper Tea Urn 5 L',
      description:
        'Keeps tea hot like a samovar; a samovar-style tap. Every samovar buyer likes it.',
    },
  ]);
  [samovarName, samovarMention] = ids as [string, string];
});
afterAll(() => t.close());

const QUERY_URL = '/api/search/1/indexes/product_index/query';
const MULTI_URL = '/api/search/1/indexes/*/queries';

async function post(
  url: string,
  payload: string | object,
  contentType = 'text/plain',
): Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, unknown> }> {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': contentType },
  });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    headers: response.headers,
  };
}

async function search(params: object): Promise<SearchResult> {
  const response = await post(QUERY_URL, params);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as SearchResult;
}

/** An oracle independent of the engine: products whose text has a word starting with `stem`. */
async function countWithWord(stem: string, where = sql`TRUE`): Promise<number> {
  const result = await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM products p
         JOIN categories c ON c.id = p.category_id JOIN subcategories s ON s.id = p.subcategory_id
        WHERE concat_ws(' ', p.name, p.brand, c.name, s.name, p.features::text, p.description_text)
              ~* ${`\\m${stem}`} AND ${where}`,
  );
  return (result.rows[0] as { n: number }).n;
}

describe('the Algolia response format', () => {
  it('answers hits with the record fields, highlighting, and the paging figures', async () => {
    const body = await search({ query: 'bottle', hitsPerPage: 5 });
    const expected = await countWithWord('bottle');
    expect(expected).toBeGreaterThan(5);
    expect(body.nbHits).toBe(expected);
    expect(body.page).toBe(0);
    expect(body.hitsPerPage).toBe(5);
    expect(body.nbPages).toBe(Math.ceil(expected / 5));
    expect(body.query).toBe('bottle');
    expect(body.params).toBe('query=bottle&hitsPerPage=5');
    expect(body.exhaustiveNbHits).toBe(true);
    expect(typeof body.processingTimeMS).toBe('number');
    expect(body.queryID).toBeUndefined();
    expect(body.facets).toBeUndefined();
    const hit = body.hits[0]!;
    expect(Object.keys(hit).sort()).toEqual(
      [
        '_highlightResult',
        'category',
        'code',
        'images',
        'imgUrl',
        'mrp',
        'name',
        'objectID',
        'pd_brand',
        'skus',
        'sp',
        'subcategory',
        'summary',
      ].sort(),
    );
    expect(hit.objectID).toMatch(/^[0-9a-f]{24}$/);
    expect(hit.name).toMatch(/Bottle/);
    expect(hit._highlightResult!.name).toEqual({
      value: hit.name!.replace('Bottle', '<em>Bottle</em>'),
      matchLevel: 'full',
      matchedWords: ['bottle'],
      fullyHighlighted: false,
    });
    expect(hit.imgUrl).toEqual(hit.images!.map((src) => ({ src })));
  });

  it('uses the highlight tags the client asks for (InstantSearch sends its own)', async () => {
    const body = await search({
      query: 'water bottle',
      hitsPerPage: 1,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    });
    expect(body.hits[0]!._highlightResult!.name!.value).toContain(
      '__ais-highlight__Water__/ais-highlight__ __ais-highlight__Bottle__/ais-highlight__',
    );
  });

  it('returns a queryID with clickAnalytics, and only the attributes asked for', async () => {
    const body = await search({
      query: 'bottle',
      hitsPerPage: 2,
      clickAnalytics: true,
      attributesToRetrieve: ['name', 'sp'],
      attributesToHighlight: [],
    });
    expect(body.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.keys(body.hits[0]!).sort()).toEqual(['name', 'objectID', 'sp']);
  });

  it('answers each query with one SQL statement', async () => {
    const response = await post(QUERY_URL, {
      query: 'stainless bott',
      facets: ['category', 'subcategory', 'pd_brand'],
      facetFilters: [['pd_brand:Generic', 'pd_brand:Apex']],
      numericFilters: ['sp>=100'],
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-sql-statements']).toBe('1');
  });
});

describe('ranking', () => {
  it('puts an exact name match above products that only mention the word', async () => {
    const body = await search({ query: 'samovar' });
    expect(body.hits.map((h) => h.objectID)).toEqual([samovarName, samovarMention]);
  });

  it('puts products named for both words first', async () => {
    // Also matched: laptops whose features say 'standards' (the last word is a prefix).
    const body = await searchAll(search, { query: 'laptop stand' });
    const named = body.hits.map((h) => /Laptop Stand/.test(h.name!));
    expect(named.filter(Boolean).length).toBeGreaterThan(0);
    expect(named.filter((n) => !n).length).toBeGreaterThan(0);
    expect(named).toEqual([...named].sort((a, b) => Number(b) - Number(a)));
  });
});

describe('typo tolerance', () => {
  it.each([
    ['bottel', 'bottle'],
    ['lapto', 'laptop'],
    ['stainles', 'stainless'],
    ['samovra', 'samovar'],
  ])('"%s" finds what "%s" finds', async (typo, word) => {
    const [typed, meant] = await Promise.all([
      searchAll(search, { query: typo }),
      searchAll(search, { query: word }),
    ]);
    expect(meant.nbHits).toBeGreaterThan(0);
    expect(typed.nbHits).toBe(meant.nbHits);
    expect(typed.hits.map((h) => h.objectID)).toEqual(meant.hits.map((h) => h.objectID));
    expect(typed.hits[0]!._highlightResult!.name!.matchedWords).toEqual([typo]);
  });

  it('does not correct with typoTolerance false', async () => {
    expect((await search({ query: 'bottel', typoTolerance: false })).nbHits).toBe(0);
  });

  it('finds nothing for nonsense, with consistent figures', async () => {
    const body = await search({ query: 'qzxwvj plokmn' });
    expect(body).toMatchObject({ hits: [], nbHits: 0, nbPages: 0, page: 0 });
  });
});

describe('prefix matching (as you type)', () => {
  it('matches the last word as a prefix', async () => {
    const [partial, whole] = await Promise.all([
      search({ query: 'stainl', hitsPerPage: 0 }),
      search({ query: 'stainless', hitsPerPage: 0 }),
    ]);
    expect(whole.nbHits).toBe(await countWithWord('stainless'));
    expect(partial.nbHits).toBe(whole.nbHits);
  });

  it('matches earlier words whole and the last one as a prefix', async () => {
    const body = await searchAll(search, { query: 'water bot' });
    expect(body.nbHits).toBeGreaterThan(0);
    for (const hit of body.hits) expect(hit.name).toMatch(/Water Bottle/);
  });

  it('finds a word whose English stem is shorter than the typed prefix ("organi")', async () => {
    // 'organic' is indexed as its stem 'organ', which the prefix 'organi:*' alone would miss.
    const body = await searchAll(search, { query: 'organi' });
    expect(body.nbHits).toBe(await countWithWord('organi'));
    expect(body.hits.some((h) => /\bOrganic\b/.test(h.name!))).toBe(true);
  });

  it('does not treat the last word as a prefix with queryType prefixNone', async () => {
    const exact = { query: 'stainl', queryType: 'prefixNone', typoTolerance: false };
    expect((await search(exact)).nbHits).toBe(0);
  });
});

describe('stop words', () => {
  // English stop words ('can', 'with') are not in the index, so a query word that is one must not
  // narrow the match: as the last word its prefix completions ('canvas') alone would be required,
  // and a long one elsewhere would be 'corrected' to a catalog word ('with' → 'width').
  it('finds a product by its whole name, whatever stop words it has ("… Watering Can")', async () => {
    const [id] = await insertSearchProducts(t.database.db, [
      { name: 'Hammered Copper Watering Can with Long Spout' },
    ]);
    for (const query of [
      'hammered copper watering can',
      'hammered copper watering can with long spout',
      'Hammered Copper Watering Can with',
    ]) {
      const body = await search({ query });
      expect(
        body.hits.map((h) => h.objectID),
        query,
      ).toEqual([id]);
    }
    // The catalog as the other tests count it.
    await t.database.db.delete(products).where(eq(products.id, id!));
  });

  it('still completes a last word that is a stop word as one being typed ("can" → "canvas")', async () => {
    const body = await searchAll(search, { query: 'can' });
    expect(body.nbHits).toBeGreaterThan(0);
    expect(body.hits.some((h) => /\bCanvas\b/.test(h.name!))).toBe(true);
  });
});

describe('accents', () => {
  it('folds accents on both sides: "creme", "crème" and "CRÈME" all find and mark "Crème"', async () => {
    const [torch] = await insertSearchProducts(t.database.db, [
      { name: 'Crème Brûlée Torch', description: 'A kitchen blowtorch for caramelising sugar.' },
    ]);
    for (const query of ['creme brulee', 'crème brûlée', 'CRÈME', 'crem', 'brûl']) {
      const body = await search({ query });
      expect(
        body.hits.map((h) => h.objectID),
        query,
      ).toContain(torch);
      const hit = body.hits.find((h) => h.objectID === torch)!;
      expect(hit._highlightResult!.name!.value, query).toMatch(/<em>(Crème|Brûlée)<\/em>/);
    }
    // A typo of the unaccented word is corrected towards the unaccented lexicon.
    const typo = await search({ query: 'caramelisng' });
    expect(typo.hits.map((h) => h.objectID)).toContain(torch);
    // The other tests count the catalog as it was.
    await t.database.db.delete(products).where(eq(products.id, torch!));
  });
});

describe('filters and facets', () => {
  it('counts facet values over every match', async () => {
    const body = await search({ query: 'bottle', facets: ['category', 'subcategory', 'pd_brand'] });
    for (const facet of ['category', 'subcategory', 'pd_brand'] as const) {
      const counts = Object.values(body.facets![facet]!);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(body.nbHits);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }
    const all = await search({ query: 'bottle', facets: ['*'] });
    expect(all.facets).toEqual(body.facets);
  });

  it('filters by category with facetFilters, ORs inner arrays, and negates with "-"', async () => {
    const { facets, nbHits } = await search({ query: 'steel', facets: ['category'] });
    const categories = Object.entries(facets!.category!);
    expect(categories.length).toBeGreaterThanOrEqual(2);
    const [[first, firstCount], [second, secondCount]] = categories as [
      [string, number],
      [string, number],
    ];

    const one = await search({ query: 'steel', facetFilters: [`category:${first}`] });
    expect(one.nbHits).toBe(firstCount);
    expect(new Set(one.hits.map((h) => h.category))).toEqual(new Set([first]));

    const either = await search({
      query: 'steel',
      facetFilters: [[`category:${first}`, `category:${second}`]],
    });
    expect(either.nbHits).toBe(firstCount + secondCount);

    const not = await search({ query: 'steel', facetFilters: [`category:-${first}`] });
    expect(not.nbHits).toBe(nbHits - firstCount);
  });

  it('filters by price with numericFilters on sp (rupees, inclusive bounds)', async () => {
    const body = await searchAll(search, {
      query: 'bottle',
      numericFilters: ['sp>=100', 'sp<=2000'],
    });
    expect(body.nbHits).toBe(
      await countWithWord('bottle', sql`p.sp_paise BETWEEN 10000 AND 200000`),
    );
    for (const hit of body.hits) {
      expect(hit.sp).toBeGreaterThanOrEqual(100);
      expect(hit.sp).toBeLessThanOrEqual(2000);
    }
  });

  it('reads the same filters from the filters expression', async () => {
    const facetForm = await search({
      query: 'steel',
      facetFilters: [['category:Home & Kitchen', 'pd_brand:Generic']],
      numericFilters: ['sp:100 TO 2000'],
    });
    const expressionForm = await search({
      query: 'steel',
      filters: '(category:"Home & Kitchen" OR pd_brand:Generic) AND sp:100 TO 2000',
    });
    expect(facetForm.nbHits).toBeGreaterThan(0);
    expect(expressionForm.nbHits).toBe(facetForm.nbHits);
    const negated = await search({
      query: 'steel',
      filters: 'NOT category:"Home & Kitchen" AND sp >= 100',
    });
    const steelFrom100 = await search({ query: 'steel', numericFilters: 'sp>=100' });
    const homeFrom100 = await search({
      query: 'steel',
      facetFilters: ['category:home & kitchen'],
      numericFilters: 'sp>=100',
    });
    expect(negated.nbHits).toBe(steelFrom100.nbHits - homeFrom100.nbHits);
  });

  it('filters a browse (empty query) and facets the whole catalog', async () => {
    const body = await search({ query: '', facets: ['category'], hitsPerPage: 0 });
    expect(body.nbHits).toBe(602);
    expect(body.facets!.category!['Home & Kitchen']).toBe(30);
    const kitchen = await search({ facetFilters: ['category:Home & Kitchen'] });
    expect(kitchen.nbHits).toBe(30);
    expect(kitchen.hits).toHaveLength(20);
    expect(kitchen.hits[0]!._highlightResult!.name!.matchLevel).toBe('none');
  });

  it('searches facet values', async () => {
    const response = await post(MULTI_URL, {
      requests: [
        { indexName: 'product_index', type: 'facet', facet: 'category', facetQuery: 'kit' },
      ],
    });
    expect(response.status).toBe(200);
    const [result] = response.body.results as { facetHits: unknown[] }[];
    expect(result!.facetHits).toEqual([
      { value: 'Home & Kitchen', highlighted: 'Home & <em>Kit</em>chen', count: 30 },
    ]);
  });
});

describe('paging', () => {
  it('pages through every hit once, the last page holding the rest', async () => {
    const all = await searchAll(search, { query: 'pack' });
    const n = all.nbHits;
    expect(n).toBeGreaterThan(40);
    const lastPage = Math.ceil(n / 20) - 1;
    const pages = await Promise.all(
      Array.from({ length: lastPage + 1 }, (_, page) => search({ query: 'pack', page })),
    );
    expect(pages.flatMap((p) => p.hits.map((h) => h.objectID))).toEqual(
      all.hits.map((h) => h.objectID),
    );
    expect(pages[lastPage]!.hits).toHaveLength(n - lastPage * 20);
    expect(pages[lastPage]!.nbPages).toBe(lastPage + 1);
  });

  it('answers a page beyond the end with no hits and the true totals', async () => {
    const body = await search({ query: 'steel', page: 500 });
    const first = await search({ query: 'steel' });
    expect(body).toMatchObject({ hits: [], page: 500, nbHits: first.nbHits });
    expect(body.nbPages).toBe(first.nbPages);
  });
});

describe('request forms real clients send', () => {
  const v5 = { requests: [{ indexName: 'product_index', query: 'bottel', hitsPerPage: 3 }] };
  let expected: string[];

  beforeAll(async () => {
    const body = await search({ query: 'bottel', hitsPerPage: 3 });
    expected = body.hits.map((h) => h.objectID);
  });

  const ids = (body: Record<string, unknown>) =>
    (body.results as SearchResult[])[0]!.hits.map((h) => h.objectID);

  it.each([
    ['v5: parameters at the top level', v5],
    [
      'InstantSearch: a params object',
      { requests: [{ indexName: 'product_index', params: { query: 'bottel', hitsPerPage: 3 } }] },
    ],
    [
      'v4: a URL-encoded params string',
      { requests: [{ indexName: 'product_index', params: 'query=bottel&hitsPerPage=3' }] },
    ],
  ])('%s', async (_form, payload) => {
    const response = await post(MULTI_URL, payload);
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(expected);
    expect((response.body.results as { index: string }[])[0]!.index).toBe('product_index');
  });

  it('takes JSON as application/json, text/plain or x-www-form-urlencoded', async () => {
    for (const type of [
      'application/json',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
    ]) {
      const response = await post(MULTI_URL, v5, type);
      expect(response.status, type).toBe(200);
      expect(ids(response.body)).toEqual(expected);
    }
  });

  it('takes the x-algolia-* agent and keys in the query string', async () => {
    const response = await post(
      `${MULTI_URL}?x-algolia-agent=Algolia%20for%20JavaScript%20(5.40.0)&x-algolia-api-key=public&x-algolia-application-id=storefront`,
      v5,
    );
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(expected);
  });

  it('accepts and ignores the Algolia parameters it does not implement, wherever they come', async () => {
    const unknown = { analytics: false, ruleContexts: ['home'], enableABTest: false, zzNew: 1 };
    const multi = await post(`${MULTI_URL}?x-algolia-agent=InstantSearch&zzQuery=1`, {
      requests: [
        { ...v5.requests[0], ...unknown },
        { indexName: 'product_index', params: { query: 'bottel', hitsPerPage: 3, ...unknown } },
        { indexName: 'product_index', params: 'query=bottel&hitsPerPage=3&zzNew=1&analytics=0' },
      ],
      strategy: 'none',
      zzTopLevel: { any: 'thing' },
    });
    expect(multi.status, JSON.stringify(multi.body)).toBe(200);
    const results = multi.body.results as SearchResult[];
    for (const result of results) expect(result.hits.map((h) => h.objectID)).toEqual(expected);
    // Echoed back as Algolia echoes every parameter.
    expect(results[0]!.params).toContain('ruleContexts=%5B%22home%22%5D');

    const single = await post(`${QUERY_URL}?x-algolia-api-key=public&zzQuery=1`, {
      query: 'bottel',
      hitsPerPage: 3,
      ...unknown,
    });
    expect(single.status).toBe(200);
    expect((single.body as unknown as SearchResult).hits.map((h) => h.objectID)).toEqual(expected);

    const get = await t.app.inject({
      url: '/api/search/1/indexes/product_index?query=bottel&hitsPerPage=3&zzNew=1&analytics=false',
    });
    expect(get.statusCode).toBe(200);
    expect((get.json() as SearchResult).hits.map((h) => h.objectID)).toEqual(expected);

    const facet = await post('/api/search/1/indexes/product_index/facets/pd_brand/query?zz=1', {
      facetQuery: 'gen',
      ...unknown,
    });
    expect(facet.status).toBe(200);
    expect(facet.body.facetHits).toMatchObject([{ value: 'Generic' }]);
  });

  it('answers GET /1/indexes/{index} with the parameters in the query string', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/search/1/indexes/product_index?query=bottel&hitsPerPage=3',
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as SearchResult).hits.map((h) => h.objectID)).toEqual(expected);
  });

  it('runs several queries in one request, in order', async () => {
    const response = await post(MULTI_URL, {
      requests: [
        { indexName: 'product_index', query: 'bottle', hitsPerPage: 0 },
        { indexName: 'product_index', query: 'samovar' },
      ],
    });
    const results = response.body.results as SearchResult[];
    expect(results.map((r) => r.query)).toEqual(['bottle', 'samovar']);
    expect(results[1]!.nbHits).toBe(2);
  });
});

describe('errors in Algolia’s format', () => {
  it.each([
    [
      'an unknown index',
      QUERY_URL.replace('product_index', 'orders'),
      { query: 'a' },
      404,
      'Index does not exist',
    ],
    [
      'hitsPerPage above 100',
      QUERY_URL,
      { hitsPerPage: 101 },
      400,
      'Value too big for parameter hitsPerPage: maximum is 100',
    ],
    ['a negative page', QUERY_URL, { page: -1 }, 400, 'Invalid value for page: must be at least 0'],
    [
      'a non-numeric hitsPerPage',
      QUERY_URL,
      { params: 'hitsPerPage=ten' },
      400,
      'Invalid value for hitsPerPage: expected an integer',
    ],
    ['malformed JSON', QUERY_URL, '{"query": ', 400, 'Invalid JSON in the request body'],
    [
      'a filter on an unknown attribute',
      QUERY_URL,
      { facetFilters: ['colour:red'] },
      400,
      'Invalid facetFilters: attribute "colour" is not a facet (use category, subcategory, pd_brand)',
    ],
    [
      'a malformed filters expression',
      QUERY_URL,
      { filters: 'category:Baby AND (' },
      400,
      'Invalid filters: expected attribute',
    ],
    [
      'a multi-query without requests',
      MULTI_URL,
      { query: 'a' },
      400,
      'Invalid requests: Invalid input: expected array, received undefined',
    ],
    [
      'a multi-query on an unknown index',
      MULTI_URL,
      { requests: [{ indexName: 'x' }] },
      404,
      'Index does not exist',
    ],
    [
      'more than 10 queries in one multi-query',
      MULTI_URL,
      { requests: Array.from({ length: 11 }, () => ({ indexName: 'product_index', query: 'a' })) },
      400,
      'Invalid requests: Too many queries: the maximum is 10 per request',
    ],
    [
      'a query of 513 bytes (not silently cut)',
      QUERY_URL,
      { query: 'bottle '.repeat(73) + 'xy' },
      400,
      'Query too long: the maximum is 512 bytes',
    ],
    [
      'a query of 171 letters that is 513 bytes (3 bytes each)',
      MULTI_URL,
      { requests: [{ indexName: 'product_index', query: 'क'.repeat(171) }] },
      400,
      'Query too long: the maximum is 512 bytes',
    ],
  ])('%s', async (_case, url, payload, status, message) => {
    const response = await post(url, payload);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message, status });
  });

  it('accepts a query of exactly 512 bytes and 10 queries in one request', async () => {
    const exact = await post(QUERY_URL, { query: 'b'.repeat(512), hitsPerPage: 0 });
    expect(exact.status).toBe(200);
    const ten = await post(MULTI_URL, {
      requests: Array.from({ length: 10 }, () => ({
        indexName: 'product_index',
        query: 'bottle',
        hitsPerPage: 0,
      })),
    });
    expect(ten.status).toBe(200);
    expect((ten.body.results as unknown[]).length).toBe(10);
  });

  it('answers a body over 256 KB with 413 in Algolia’s format', async () => {
    const response = await post(QUERY_URL, { query: 'bottle', padding: 'x'.repeat(300 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body is too large', status: 413 });
  });

  it('answers an unknown search path with 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search/1/keys' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No route for GET /api/search/1/keys',
      status: 404,
    });
  });
});

/** Rows of the index that differ from what a rebuild would hold now (the active products' documents and SKUs). */
async function drift(db: DbOrTx = t.database.db): Promise<number> {
  const { rows } = await db.execute(
    sql`WITH expected AS (
          SELECT p.id, p.category_id, p.subcategory_id, p.brand, p.sp_paise,
                 product_search_document(p) AS document, product_search_skus(p) AS skus
            FROM products p WHERE p.status = 'active'),
        indexed AS (
          SELECT product_id, category_id, subcategory_id, brand, sp_paise, document, skus
            FROM product_search)
        SELECT count(*)::int AS n FROM (
          (SELECT * FROM expected EXCEPT SELECT * FROM indexed)
          UNION ALL (SELECT * FROM indexed EXCEPT SELECT * FROM expected)) d`,
  );
  return (rows[0] as { n: number }).n;
}

describe('consistency with the catalog (kept by the database’s triggers and the catalog’s writer)', () => {
  it('indexes a seeded catalog whole, though the seed indexes it once at the end', async () => {
    const { rows } = await t.database.db.execute(
      sql`SELECT (SELECT count(*) FROM products)::int AS products,
                 (SELECT count(*) FROM product_search)::int AS indexed,
                 (SELECT count(*) FROM search_words WHERE word = 'stainless')::int AS word,
                 (SELECT count(*) FROM pg_trigger WHERE tgrelid = 'products'::regclass
                     AND tgname LIKE 'products_search_%' AND tgenabled = 'D')::int AS disabled`,
    );
    const counts = rows[0] as { products: number; indexed: number; word: number; disabled: number };
    expect(counts.products).toBeGreaterThanOrEqual(600); // the seed, and this file's own products
    expect(counts).toEqual({ ...counts, indexed: counts.products, word: 1, disabled: 0 });
  });

  it('rebuilds the index as it would be written, laid out by category and subcategory', async () => {
    const db = t.database.db;
    // Runs of one place (category and subcategory) in the table's physical order: one per place
    // when grouped, a few more where a later, shorter row filled an earlier page's room; one per
    // product or so when not (the seed writes products place after place, in turn).
    await db.execute(sql`SELECT search_rebuild()`);
    const rebuilt = (
      await db.execute(
        sql`SELECT (SELECT count(DISTINCT (category_id, subcategory_id)) FROM product_search)::int
                       AS places,
                     (SELECT count(*) FROM product_search)::int AS products,
                     count(*) FILTER (WHERE starts)::int AS runs
                FROM (SELECT (category_id, subcategory_id) IS DISTINCT FROM
                               lag((category_id, subcategory_id)) OVER (ORDER BY ctid) AS starts
                      FROM product_search) r`,
      )
    ).rows[0] as { places: number; products: number; runs: number };
    expect(rebuilt.products).toBeGreaterThan(rebuilt.places * 5);
    expect(rebuilt.runs).toBeLessThan(rebuilt.places * 1.5);
    expect(await drift()).toBe(0);
  });

  it('finds a new product at once, follows renames, and forgets deleted products', async () => {
    const db = t.database.db;
    const [id] = await insertSearchProducts(db, [{ name: 'Teakwood Spice Box', category: 'Baby' }]);
    expect((await search({ query: 'teakwood' })).hits.map((h) => h.objectID)).toEqual([id]);

    await db.execute(
      sql`UPDATE products SET name = 'Rosewood Spice Box', description_text = 'Rosewood Spice Box'
           WHERE id = ${id}`,
    );
    expect((await search({ query: 'teakwood' })).nbHits).toBe(0);
    expect((await search({ query: 'rosewod' })).hits.map((h) => h.objectID)).toEqual([id]);

    await db.execute(sql`UPDATE categories SET name = 'Infant Care' WHERE name = 'Baby'`);
    const renamed = await search({ query: 'rosewood infant', facets: ['category'] });
    expect(renamed.hits.map((h) => h.category)).toEqual(['Infant Care']);
    expect(renamed.facets!.category).toEqual({ 'Infant Care': 1 });
    await db.execute(sql`UPDATE categories SET name = 'Baby' WHERE name = 'Infant Care'`);

    await db.execute(sql`DELETE FROM products WHERE id = ${id}`);
    expect((await search({ query: 'rosewood' })).nbHits).toBe(0);
  });

  it('stays exact, row for row, through statements of several products: inserts, updates, upserts, renames and deletes', async () => {
    const db = t.database.db;
    const ids = await insertSearchProducts(db, [
      { name: 'Sheesham Tray', category: 'Baby' },
      { name: 'Mango Wood Tray' },
      { name: 'Acacia Tray' },
    ]);
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    // Several rows in one statement each: a copy inserted, one leaving active, the rest renamed.
    await db.execute(
      sql`INSERT INTO products
          SELECT (jsonb_populate_record(p, jsonb_build_object(
                    'id', p.id || 'X', 'code', p.code || 'X', 'name', 'Copied ' || p.name,
                    'seller_sku', 'SELLER-' || p.code,
                    'status', CASE WHEN p.name LIKE 'Acacia%' THEN 'draft' ELSE 'active' END))).*
            FROM products p WHERE p.id IN (${list})`,
    );
    expect(await drift()).toBe(0);
    await db.execute(
      sql`UPDATE products SET name = name || ' Mark II',
                 status = CASE WHEN name LIKE 'Sheesham%' THEN 'draft' ELSE 'active' END
           WHERE id IN (${list}) OR id IN (SELECT id || 'X' FROM products WHERE id IN (${list}))`,
    );
    expect(await drift()).toBe(0);
    await db.execute(
      sql`INSERT INTO product_variants (product_id, position, option1, sku)
          SELECT id, 0, 'Large', code || '-L' FROM products WHERE id IN (${list})`,
    );
    await db.execute(
      sql`INSERT INTO products SELECT * FROM products WHERE id IN (${list})
          ON CONFLICT (id) DO UPDATE SET brand = 'Upserted', sp_paise = excluded.sp_paise - 100`,
    );
    expect(await drift()).toBe(0);
    await db.execute(sql`UPDATE categories SET name = 'Infant Care' WHERE name = 'Baby'`);
    expect(await drift()).toBe(0);
    await db.execute(sql`UPDATE categories SET name = 'Baby' WHERE name = 'Infant Care'`);
    await db.execute(
      sql`DELETE FROM products WHERE id IN (${list}) OR id IN (SELECT id || 'X' FROM products WHERE id IN (${list}))`,
    );
    expect(await drift()).toBe(0);
  });

  it('writes a saved batch’s index once a product, after its variants, as a rebuild would: new, changed, leaving active and back', async () => {
    const place = await firstPlace(t);
    const doc = (code: string, change: Partial<ProductDocument> = {}) =>
      productDocument(code, place, { descriptionHtml: `<p>Quokkaware ${code}</p>`, ...change });
    // The statistics' counts may hold earlier transactions' not yet flushed: read as a difference.
    const counts = async (tx: Tx) =>
      (
        await tx.execute(
          sql`SELECT pg_stat_get_xact_tuples_inserted('product_search'::regclass)::int AS inserted,
                     pg_stat_get_xact_tuples_updated('product_search'::regclass)::int AS updated,
                     pg_stat_get_xact_tuples_deleted('product_search'::regclass)::int AS deleted`,
        )
      ).rows[0] as Record<string, number>;
    /** Saves `docs` in one transaction: the index rows it inserted, updated and deleted. */
    const indexWrites = (docs: ProductDocument[], after?: (tx: Tx) => Promise<unknown>) =>
      t.database.db.transaction(async (tx) => {
        const before = await counts(tx);
        await saveProducts(tx, docs);
        await after?.(tx);
        const now = await counts(tx);
        return Object.fromEntries(Object.keys(now).map((key) => [key, now[key]! - before[key]!]));
      });
    const found = async (query: string) => (await search({ query })).hits.map((h) => h.name);

    expect(
      await indexWrites([doc('WRITER-A'), doc('WRITER-B'), doc('WRITER-C', { status: 'draft' })]),
    ).toEqual({ inserted: 2, updated: 0, deleted: 0 });
    expect(await drift()).toBe(0);
    expect(await found('WRITER-A-R')).toEqual(['Product WRITER-A']);
    const words = await t.database.db.execute(
      sql`SELECT word FROM search_words WHERE word = 'quokkaware'`,
    );
    expect(words.rows).toEqual([{ word: 'quokkaware' }]);

    const greenOnly = {
      options: [{ name: 'Colour', values: ['Green'] }],
      variants: [{ option1: 'Green', sku: 'WRITER-A-G', pricePaise: null, stock: 3 }],
    };
    expect(
      await indexWrites([
        doc('WRITER-A', greenOnly),
        doc('WRITER-B', { status: 'draft' }),
        doc('WRITER-C'),
      ]),
    ).toEqual({ inserted: 1, updated: 1, deleted: 1 });
    expect(await drift()).toBe(0);
    expect(await found('WRITER-A-G')).toEqual(['Product WRITER-A']);
    expect(await found('WRITER-A-R')).toEqual([]);

    // The triggers index the transaction's later statements again.
    await indexWrites([doc('WRITER-B')], (tx) =>
      tx.execute(sql`UPDATE products SET name = 'Quokka Tray' WHERE code = 'WRITER-C'`),
    );
    expect(await drift()).toBe(0);
    expect(await found('quokka tray')).toEqual(['Quokka Tray']);
    await t.database.db.execute(sql`DELETE FROM products WHERE code LIKE 'WRITER-%'`);
  });

  it('re-indexes a price change for numeric filters', async () => {
    const db = t.database.db;
    const [id] = await insertSearchProducts(db, [{ name: 'Walnut Gavel', spPaise: 50_000 }]);
    expect((await search({ query: 'gavel', numericFilters: ['sp<=400'] })).nbHits).toBe(0);
    await db.execute(sql`UPDATE products SET sp_paise = 39900 WHERE id = ${id}`);
    const body = await search({ query: 'gavel', numericFilters: ['sp<=400'] });
    expect(body.hits.map((h) => [h.objectID, h.sp])).toEqual([[id, 399]]);
    await db.execute(sql`DELETE FROM products WHERE id = ${id}`);
  });
});

describe('GET /api/search/config', () => {
  it('points the web app at our own endpoint by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search/config' });
    expect(response.json()).toEqual({
      provider: 'postgres',
      indexName: 'product_index',
      appId: 'storefront',
      apiKey: 'public',
      path: '/api/search',
    });
  });
});
