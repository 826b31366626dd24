/**
 * The search engine on PostgreSQL (ARCHITECTURE.md "Search"). One SQL statement per query
 * answers the page, the total and the facet counts:
 *
 *  1. each query word becomes an OR group: the word itself (the last one as a prefix, `:*`, for
 *     as-you-type); for the last word also the whole catalog words it begins, because a prefix
 *     longer than a word's English stem ('organi' → 'organ') would miss it; and, when the word
 *     is found nowhere in the catalog, up to three catalog words within pg_trgm similarity
 *     (typo tolerance: 'bottel' → 'bottle'). The groups are ANDed, as Algolia does, except a
 *     word that is an English stop word ('can', 'with'): the index has none, so its group would
 *     demand its completions ('canvas') or a correction ('width') and a product named "Watering
 *     Can" would not be found by its name. Such a group only ranks, unless every word is one.
 *  2. the GIN index on product_search.document finds the matches; ts_rank orders them with the
 *     weights name (A) > brand, category, subcategory (B) > features (C) > description (D),
 *     so an exact name match outranks a description mention.
 *  3. count, facet counts and the page come from the same materialised match set; only the
 *     page's 20 rows join products for their record and highlighting (ts_headline).
 *
 * Accents fold on both sides: the text search configuration `storefront_search` (migration
 * 0008) is English with `unaccent` before stemming, used for the index, the query and the
 * highlighting, and the lexicon of search_words is unaccented too, so 'creme', 'crème' and
 * 'CRÈME' find and mark 'Crème'.
 */
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '@storefront/shared/money';
import type { ProductRecord, SearchFacet } from '@storefront/shared/search';
import type { Db } from '../../db/connect.js';
import { prepared } from '../../db/prepared.js';
import { filterSql } from './filters.js';
import { SEARCH_LIMITS, type FacetSearch, type QueryType, type SearchParams } from './params.js';

const MAX_TERMS = 10;
const MAX_TERM_LENGTH = 40;
const SUMMARY_LENGTH = 300;
/** Algolia's minWordSizefor1Typo: shorter words are never corrected. */
const MIN_TYPO_LENGTH = 4;
/** Catalog words a still-typed last word expands to, besides its `:*` prefix match. */
const PREFIX_EXPANSIONS = 5;
const TYPO_CANDIDATES = 3;

/** Control characters ts_headline wraps matches in; replaced by the client's tags afterwards. */
const MARK_START = '\u0002';
const MARK_END = '\u0003';
const HEADLINE_OPTIONS = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;

const HIGHLIGHTABLE = ['name', 'category', 'subcategory', 'pd_brand'] as const;
type Highlightable = (typeof HIGHLIGHTABLE)[number];

export interface QueryTerm {
  term: string;
  prefix: boolean;
}

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export type SearchHit = Partial<ProductRecord> & {
  objectID: string;
  _highlightResult?: Partial<Record<Highlightable, HighlightResult>>;
};

export interface SearchResult {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  exhaustiveTypo: true;
  exhaustive: { nbHits: true; typo: true; facetsCount?: true };
  query: string;
  params: string;
  processingTimeMS: number;
  facets?: Partial<Record<SearchFacet, Record<string, number>>>;
  exhaustiveFacetsCount?: true;
  queryID?: string;
}

export interface FacetSearchResult {
  facetHits: { value: string; highlighted: string; count: number }[];
  exhaustiveFacetsCount: true;
  processingTimeMS: number;
}

/**
 * The words of a query: lower-case runs of letters and digits (accents folded, as the index's
 * are), at most 10,
 * which also makes them safe inside a tsquery (no operators survive).
 */
export function queryTerms(query: string, queryType: QueryType = 'prefixLast'): QueryTerm[] {
  const words = query
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .slice(0, MAX_TERMS)
    .map((w) => w.slice(0, MAX_TERM_LENGTH));
  return words.map((term, i) => ({
    term,
    prefix: queryType === 'prefixAll' || (queryType === 'prefixLast' && i === words.length - 1),
  }));
}

interface RecordRow {
  id: string;
  name: string;
  category: string;
  subcategory: string;
  brand: string;
  sp_paise: string | number;
  mrp_paise: string | number;
  images: string[];
  summary: string;
  code: string;
  skus: string[];
}

interface HitRow extends RecordRow {
  /** Per highlightable attribute: the headline and which query terms (1-based) it matched. */
  hl: Record<Highlightable, { value: string; terms: number[] | null }> | null;
}

/** The SKUs as the index keeps them (one key lookup), not worked out again from the variants. */
const recordColumns = sql`p.id, p.name, c.name AS category, s.name AS subcategory, p.brand,
  p.sp_paise, p.mrp_paise, p.images, left(p.description_text, ${SUMMARY_LENGTH}) AS summary,
  p.code,
  coalesce((SELECT ps.skus FROM product_search ps WHERE ps.product_id = p.id), '{}') AS skus`;

function toRecord(row: RecordRow): ProductRecord {
  return {
    objectID: row.id,
    name: row.name,
    category: row.category,
    subcategory: row.subcategory,
    pd_brand: row.brand,
    sp: paiseToRupees(Number(row.sp_paise)),
    mrp: paiseToRupees(Number(row.mrp_paise)),
    imgUrl: row.images.map((src) => ({ src })),
    images: row.images,
    summary: row.summary,
    code: row.code,
    skus: row.skus,
  };
}

/**
 * The rows a page asks for: no hit past SEARCH_LIMITS.paginationLimit, as Algolia serves none
 * past `paginationLimitedTo`, so a deep page costs no more than the last one served.
 */
export function pageWindow(page: number, hitsPerPage: number): { offset: number; limit: number } {
  const limit = SEARCH_LIMITS.paginationLimit;
  const offset = Math.min(page * hitsPerPage, limit);
  return { offset, limit: Math.min(hitsPerPage, limit - offset) };
}

/** Pages of `nbHits` hits, counted up to the pagination limit (Algolia's `nbPages`). */
export function pageCount(nbHits: number, hitsPerPage: number): number {
  if (hitsPerPage === 0) return 0;
  return Math.ceil(Math.min(nbHits, SEARCH_LIMITS.paginationLimit) / hitsPerPage);
}

/** The index records of these products (the hosted-Algolia push): active ones only, so the push
 * deletes the others from the index; unknown ids are left out. */
export async function loadRecords(db: Db, ids: readonly string[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(
    sql`SELECT ${recordColumns} FROM products p
          JOIN categories c ON c.id = p.category_id
          JOIN subcategories s ON s.id = p.subcategory_id
         WHERE p.status = 'active' AND p.id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return (result.rows as unknown as RecordRow[]).map(toRecord);
}

/** The CTEs `alts` (one tsquery per word, with its alternatives) and `q` (their AND). */
function textQuery(terms: QueryTerm[], typoTolerance: boolean): SQL {
  const words = sql.join(
    terms.map((t) => sql`${t.term}`),
    sql`, `,
  );
  const prefixes = sql.join(
    terms.map((t) => sql`${t.prefix}`),
    sql`, `,
  );
  return sql`
    input AS (
      SELECT t.term, t.prefix, t.pos::int AS pos
        FROM unnest(ARRAY[${words}]::text[], ARRAY[${prefixes}]::boolean[])
             WITH ORDINALITY AS t(term, prefix, pos)),
    expanded AS MATERIALIZED (
      SELECT i.term, i.prefix, i.pos,
             ARRAY(SELECT w.word FROM search_words w
                    WHERE i.prefix AND w.word LIKE i.term || '%' AND w.word <> i.term
                    ORDER BY length(w.word), w.word LIMIT ${PREFIX_EXPANSIONS}) AS completions,
             EXISTS (SELECT 1 FROM search_words w WHERE w.word = i.term) AS known,
             to_tsvector('storefront_search', i.term) = ''::tsvector AS stop
        FROM input i),
    alt_text AS MATERIALIZED (
      SELECT e.pos, e.stop, array_to_string(
        ARRAY[e.term || CASE WHEN e.prefix THEN ':*' ELSE '' END] || e.completions
        || CASE WHEN ${typoTolerance} AND length(e.term) >= ${MIN_TYPO_LENGTH}
                  AND NOT e.known AND NOT e.stop AND cardinality(e.completions) = 0
                THEN ARRAY(SELECT w.word FROM search_words w WHERE w.word % e.term
                            ORDER BY similarity(w.word, e.term) DESC, w.word
                            LIMIT ${TYPO_CANDIDATES})
                ELSE '{}'::text[] END,
        ' | ') AS alt
        FROM expanded e),
    alts AS MATERIALIZED (
      SELECT pos, stop, alt, to_tsquery('storefront_search', alt) AS tq FROM alt_text),
    q AS MATERIALIZED (
      SELECT to_tsquery('storefront_search', coalesce(
               string_agg('(' || alt || ')', ' & ' ORDER BY pos) FILTER (WHERE NOT stop),
               string_agg('(' || alt || ')', ' & ' ORDER BY pos))) AS query,
             ${sql.join(
               terms.map(
                 (_, i) =>
                   sql`max(tq::text) FILTER (WHERE pos = ${i + 1})::tsquery AS ${sql.identifier(`tq${i + 1}`)}`,
               ),
               sql`, `,
             )}
        FROM alts),`;
}

/**
 * The sum of each word's own rank. ts_rank of the whole AND would treat every alternative as a
 * word of its own: a product matching both 'stand:*' and its expansion 'standard' (a feature
 * phrase) would outrank the 'Laptop Stand' itself. Per word, ts_rank averages its alternatives.
 */
function rankSql(termCount: number): SQL {
  return sql.join(
    Array.from(
      { length: termCount },
      (_, i) => sql`ts_rank(ps.document, q.${sql.identifier(`tq${i + 1}`)})`,
    ),
    sql` + `,
  );
}

function facetSql(facet: SearchFacet, limit: number): SQL {
  const grouped =
    facet === 'pd_brand'
      ? sql`SELECT m.brand AS value, count(*)::int AS n FROM matched m GROUP BY m.brand`
      : facet === 'category'
        ? sql`SELECT c.name AS value, count(*)::int AS n
                FROM matched m JOIN categories c ON c.id = m.category_id GROUP BY c.name`
        : sql`SELECT s.name AS value, count(*)::int AS n
                FROM matched m JOIN subcategories s ON s.id = m.subcategory_id GROUP BY s.name`;
  return sql`(SELECT coalesce(json_object_agg(f.value, f.n ORDER BY f.n DESC, f.value), '{}'::json)
                FROM (${grouped} ORDER BY n DESC, value LIMIT ${limit}) f) AS ${sql.identifier(`facet_${facet}`)}`;
}

const HIGHLIGHT_SOURCE: Record<Highlightable, SQL> = {
  name: sql`p.name`,
  category: sql`c.name`,
  subcategory: sql`s.name`,
  pd_brand: sql`p.brand`,
};

/**
 * The page's highlighting: ts_headline marks what the query matched (PostgreSQL's own parser
 * and stemmer decide, so 'bottles' marks 'Bottle'), once per attribute in a LATERAL. Which
 * words of a multi-word query matched is asked only of attributes with a mark at all; with one
 * word, the mark says it.
 */
function highlightSql(
  attributes: readonly Highlightable[],
  termCount: number,
): { select: SQL; join: SQL } {
  if (attributes.length === 0) return { select: sql`NULL::json AS hl`, join: sql`` };
  const marks = sql.join(
    attributes.map(
      (a) =>
        sql`ts_headline('storefront_search', ${HIGHLIGHT_SOURCE[a]}, q.query, ${HEADLINE_OPTIONS}) AS ${sql.identifier(a)}`,
    ),
    sql`, `,
  );
  const fields = sql.join(
    attributes.map((a) => {
      const value = sql`marks.${sql.identifier(a)}`;
      const terms =
        termCount === 1
          ? sql`NULL::int[]`
          : sql`CASE WHEN strpos(${value}, ${MARK_START}) > 0
                  THEN ARRAY(SELECT alts.pos FROM alts
                              WHERE to_tsvector('storefront_search', ${HIGHLIGHT_SOURCE[a]}) @@ alts.tq)
                  ELSE '{}'::int[] END`;
      return sql`${a}::text, json_build_object('value', ${value}, 'terms', ${terms})`;
    }),
    sql`, `,
  );
  return {
    select: sql`json_build_object(${fields}) AS hl`,
    join: sql`CROSS JOIN LATERAL (SELECT ${marks}) marks`,
  };
}

function highlightAttributes(params: SearchParams): Highlightable[] {
  const asked = params.attributesToHighlight;
  if (!asked || asked.includes('*')) return [...HIGHLIGHTABLE];
  return HIGHLIGHTABLE.filter((a) => asked.includes(a));
}

function highlight(
  value: string,
  matched: number[] | null,
  terms: QueryTerm[],
  params: SearchParams,
): HighlightResult {
  // One-word queries leave `matched` to the marks (see highlightSql).
  const positions = matched ?? (value.includes(MARK_START) ? [1] : []);
  const words = [...new Set(positions)].map((pos) => terms[pos - 1]!.term);
  const tagged = value
    .split(MARK_START)
    .join(params.highlightPreTag)
    .split(MARK_END)
    .join(params.highlightPostTag);
  const result: HighlightResult = {
    value: tagged,
    matchLevel: words.length === 0 ? 'none' : words.length === terms.length ? 'full' : 'partial',
    matchedWords: words,
  };
  if (words.length > 0) {
    result.fullyHighlighted =
      value.startsWith(MARK_START) &&
      value.endsWith(MARK_END) &&
      value.indexOf(MARK_START, 1) === -1;
  }
  return result;
}

function retrieve(record: ProductRecord, attributes: string[] | undefined): SearchHit {
  if (!attributes || attributes.includes('*')) return { ...record };
  const hit: SearchHit = { objectID: record.objectID };
  for (const key of Object.keys(record) as (keyof ProductRecord)[]) {
    if (attributes.includes(key)) (hit as Record<string, unknown>)[key] = record[key];
  }
  return hit;
}

/** Longest query that is looked up as a whole SKU (a code or SKU is far shorter). */
const MAX_SKU_LENGTH = 64;

/**
 * The query as a whole SKU (product code, seller SKU or variant SKU, decision 059): trimmed and
 * lower-cased as product_search.skus stores them; null when it cannot be one.
 */
export function skuQuery(query: string): string | null {
  const sku = query.trim().toLowerCase();
  return sku === '' || sku.length > MAX_SKU_LENGTH ? null : sku;
}

/** Ranks an exact SKU match above every text match (the sum of word ranks stays far below). */
const SKU_RANK = 1000;

export async function searchIndex(db: Db, params: SearchParams): Promise<SearchResult> {
  const started = performance.now();
  const terms = queryTerms(params.query, params.queryType);
  const text = terms.length > 0;
  const filter = params.filter ? filterSql(params.filter) : sql`TRUE`;
  const highlighted = text ? highlightAttributes(params) : [];
  const highlighting = highlightSql(highlighted, terms.length);
  const { offset, limit } = pageWindow(params.page, params.hitsPerPage);

  // Without words, every product matches: a browse in id order (the catalog's order), whose
  // page then walks the primary key instead of sorting everything, unless facets need the set.
  // A query that is a product's code or SKU finds it even when its words match nothing, and
  // ranks it first; the GIN indexes on document and skus answer the two sides of the OR.
  const sku = text ? skuQuery(params.query) : null;
  const skuMatch = sku === null ? sql`FALSE` : sql`ps.skus @> ARRAY[${sku}::text]`;
  const matched = text
    ? sql`matched AS MATERIALIZED (
            SELECT ps.product_id AS id, ps.category_id, ps.subcategory_id, ps.brand,
                   ${rankSql(terms.length)}
                     + CASE WHEN ${skuMatch} THEN ${SKU_RANK} ELSE 0 END AS rank
              FROM product_search ps, q
             WHERE (ps.document @@ q.query OR ${skuMatch}) AND ${filter}),`
    : sql`matched AS ${params.facets.length > 0 ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (
            SELECT ps.product_id AS id, ps.category_id, ps.subcategory_id, ps.brand,
                   0::real AS rank
              FROM product_search ps WHERE ${filter}),`;
  const order = text ? sql`rank DESC, id` : sql`id`;

  const statement = sql`
    WITH ${text ? textQuery(terms, params.typoTolerance) : sql``}
    ${matched}
    page AS (SELECT id, rank FROM matched ORDER BY ${order}
              LIMIT ${limit} OFFSET ${offset})
    SELECT (SELECT count(*)::int FROM matched) AS nb_hits,
      (SELECT coalesce(json_agg(h ORDER BY h.rank DESC, h.id), '[]'::json) FROM (
         SELECT page.rank, ${recordColumns}, ${highlighting.select}
           FROM page JOIN products p ON p.id = page.id
           JOIN categories c ON c.id = p.category_id
           JOIN subcategories s ON s.id = p.subcategory_id
           ${text ? sql`CROSS JOIN q ${highlighting.join}` : sql``}) h) AS hits
      ${sql.join(
        params.facets.map((f) => sql`, ${facetSql(f, params.maxValuesPerFacet)}`),
        sql``,
      )}`;

  const [row] = (await db.execute(prepared(statement))).rows as [
    { nb_hits: number; hits: HitRow[] } & Record<string, unknown>,
  ];
  const nbHits = Number(row.nb_hits);

  const hits = row.hits.map((hitRow): SearchHit => {
    const record = toRecord(hitRow);
    const hit = retrieve(record, params.attributesToRetrieve);
    const attributes = text ? highlighted : highlightAttributes(params);
    if (attributes.length > 0) {
      const values: Record<Highlightable, string> = {
        name: record.name,
        category: record.category,
        subcategory: record.subcategory,
        pd_brand: record.pd_brand,
      };
      hit._highlightResult = Object.fromEntries(
        attributes.map((a) => {
          const h = hitRow.hl?.[a];
          return [
            a,
            h
              ? highlight(h.value, h.terms, terms, params)
              : { value: values[a], matchLevel: 'none', matchedWords: [] },
          ];
        }),
      );
    }
    return hit;
  });

  const answer: SearchResult = {
    hits,
    nbHits,
    page: params.page,
    nbPages: pageCount(nbHits, params.hitsPerPage),
    hitsPerPage: params.hitsPerPage,
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    exhaustive: { nbHits: true, typo: true },
    query: params.query,
    params: params.echo,
    processingTimeMS: 0,
  };
  if (params.facets.length > 0) {
    answer.facets = Object.fromEntries(
      params.facets.map((f) => [f, row[`facet_${f}`] as Record<string, number>]),
    );
    answer.exhaustiveFacetsCount = true;
    answer.exhaustive.facetsCount = true;
  }
  if (params.clickAnalytics) answer.queryID = randomBytes(16).toString('hex');
  answer.processingTimeMS = Math.round(performance.now() - started);
  return answer;
}

/**
 * Search for facet values (a `type: 'facet'` request): the facet's values among the products the
 * query and filters match, those with a word starting with `facetQuery`, most frequent first.
 */
export async function searchFacetValues(
  db: Db,
  params: SearchParams,
  search: FacetSearch,
): Promise<FacetSearchResult> {
  const started = performance.now();
  const result = await searchIndex(db, {
    ...params,
    hitsPerPage: 0,
    page: 0,
    facets: [search.facet],
    maxValuesPerFacet: 1000,
    clickAnalytics: false,
  });
  const needle = search.facetQuery.trim().toLowerCase();
  const facetHits = Object.entries(result.facets?.[search.facet] ?? {})
    .flatMap(([value, count]) => {
      if (needle === '') return [{ value, highlighted: value, count }];
      const at = [...value.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].find((m) =>
        m[0].startsWith(needle),
      )?.index;
      if (at === undefined) return [];
      const highlighted = `${value.slice(0, at)}${params.highlightPreTag}${value.slice(at, at + needle.length)}${params.highlightPostTag}${value.slice(at + needle.length)}`;
      return [{ value, highlighted, count }];
    })
    .slice(0, search.maxFacetHits);
  return {
    facetHits,
    exhaustiveFacetsCount: true,
    processingTimeMS: Math.round(performance.now() - started),
  };
}
