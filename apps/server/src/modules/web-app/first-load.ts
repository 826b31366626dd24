/**
 * What a page needs first, announced in its HTML so the browser need not discover it one step
 * after another (decision 036): the route's page module and its static imports (from the web
 * build's Vite manifest, which the page preloads, or names for after its paint when the server
 * rendered it: decision 085) and their styles, the answers of the public catalog
 * calls the page makes to paint (the header's categories, the home collections where the page
 * shows them and the products of the home page's cards and rows, the search settings on the
 * search page, the page's own first call), inlined as JSON that seeds the web's queries, and on
 * a product page its gallery's images as preloads.
 *
 * The answers come from the API itself (`inject`, without the request's cookies or headers), so
 * they are byte for byte what the browser would fetch and can never be a buyer's own data.
 */
import type { FastifyInstance } from 'fastify';
import type { ProductDetail, ProductListResponse } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import {
  imageAtWidth,
  imageCheckUrl,
  imageSrcSet,
  PLACEHOLDER_IMAGE,
  type ImageWidth,
  PRODUCT_CARD_IMAGE,
  PRODUCT_MAIN_IMAGE,
  resolveImageUrl,
} from '@storefront/shared/images';
import {
  isChromeless,
  NOT_FOUND_PAGE,
  pageOf,
  type FirstCallAnswer,
  type PageDefinition,
  type PageMatch,
} from '@storefront/shared/routes';
import { escapeHtml, safeJson } from '../../lib/html.js';
import type { Answers } from '../../lib/page-meta.js';
import type { ImageSources } from '../images/check.js';
import type { PageAssets } from './build-manifest.js';
import type { ProductRecord } from '@storefront/shared/search';

/** The images an answer of the page's own first call names, to preload with the HTML. */
const IMAGE_PRELOADS: Record<FirstCallAnswer, (answer: unknown) => string[]> = {
  product: (answer) =>
    productImagePreloads((answer as { payload: ProductDetail } | undefined)?.payload),
  listing: (answer) => listingImagePreloads((answer as ProductListResponse | undefined)?.payload),
  // Its rows' images are small and load lazily: only the checks (spec §4) start with the HTML.
  searchResults: (answer) =>
    imageCheckPreloads(
      ((answer as SearchAnswer | undefined)?.hits ?? []).map((hit) => hit.imgUrl[0]?.src),
    ),
};

/**
 * The images whose existence checks a server-rendered page answers (decision 070): what the
 * page's own first call shows, by product code ('' where the answer does not say).
 */
const IMAGES_SHOWN: Record<FirstCallAnswer, (answer: unknown) => ImageSources[]> = {
  product: (answer) => {
    const product = (answer as { payload: ProductDetail } | undefined)?.payload;
    return product ? [{ code: product.code, images: product.images }] : [];
  },
  // A listing's cards show their first image; a summary carries no product code, so a seed
  // image is judged by the product its key names (one statement for the page).
  listing: (answer) => [
    {
      code: '',
      // A card without an image is checked as the placeholder, which fails (spec §4).
      images: ((answer as ProductListResponse | undefined)?.payload ?? []).map(
        (product) => product.imgUrl[0]?.src ?? '',
      ),
    },
  ],
  // A hit names its product's code, so its own art costs no statement.
  searchResults: (answer) =>
    ((answer as SearchAnswer | undefined)?.hits ?? []).map((hit) => ({
      code: hit.code,
      images: [hit.imgUrl[0]?.src ?? ''],
    })),
};

/** The part of a search answer (Algolia's) that names the images its hits show. */
type SearchAnswer = { hits: Pick<ProductRecord, 'code' | 'imgUrl'>[] };

/**
 * Each call's answer, by URL, where the API answered 200 with JSON; in the order of `calls`,
 * whichever answered first, so the same page is the same bytes every time.
 */
export async function answerCalls(app: FastifyInstance, calls: string[]): Promise<Answers> {
  const answered = await Promise.all(
    calls.map(async (url) => {
      const response = await app.inject({ method: 'GET', url });
      return response.statusCode === 200 &&
        String(response.headers['content-type']).startsWith('application/json')
        ? ([[url, response.json() as unknown]] as const)
        : [];
    }),
  );
  return Object.fromEntries(answered.flat());
}

/** What a page needs first (see firstLoadTags). */
export interface FirstLoad {
  /** For the page's head: its modules' styles, image preloads, the answers. */
  tags: string[];
  /** The page module's chunks beyond the entry's, to load beside it. */
  modules: string[];
  answers: Answers;
  images: ImageSources[];
}

/**
 * The tags that go into a page's head (styles, image preloads, the answers), the page's own
 * modules, the answers themselves, which the page's meta is made from, and the images it shows.
 * `searchesHere`: the built-in engine answers the storefront's searches (not hosted Algolia).
 */
export async function firstLoadTags(
  app: FastifyInstance,
  assetsOf: (module: string) => PageAssets,
  match: PageMatch | undefined,
  path: string,
  searchesHere: boolean,
): Promise<FirstLoad> {
  const page: Pick<
    PageDefinition,
    | 'module'
    | 'loadsWith'
    | 'firstCall'
    | 'showsCollections'
    | 'showsHomeProducts'
    | 'showsRelated'
    | 'searches'
  > = match ? pageOf(match.name) : NOT_FOUND_PAGE;
  // With hosted Algolia the browser searches Algolia itself: the built-in engine's results would
  // go unused (search-results.tsx).
  const ownCall =
    match && (searchesHere || page.firstCall?.answer !== 'searchResults')
      ? page.firstCall?.url(match)
      : undefined;
  const relatedOf = page.showsRelated ? match?.param : undefined;
  // The header's category strip and drawer, on every page that has the header.
  const frameCalls = isChromeless(path) ? [] : [catalogCalls.categories()];
  const calls = [
    ...frameCalls,
    ...(page.showsCollections ? [catalogCalls.collections()] : []),
    ...(page.searches ? [catalogCalls.searchConfig()] : []),
    ...(ownCall ? [ownCall] : []),
    ...(relatedOf === undefined ? [] : [catalogCalls.related(relatedOf)]),
  ];
  const answers = await answerCalls(app, calls);
  if (page.showsHomeProducts) {
    // What the categories' and the collections' answers name: a second round, after them.
    const slugsIn = (url: string) =>
      (answers[url] as { payload: { slug: string }[] } | undefined)?.payload ?? [];
    const products = catalogCalls.homeProducts(
      slugsIn(catalogCalls.categories()),
      slugsIn(catalogCalls.collections()),
    );
    Object.assign(
      answers,
      await answerCalls(
        app,
        products.map(({ url }) => url),
      ),
    );
  }
  const assets = [page.module, ...(page.loadsWith ?? [])].map(assetsOf);
  const modules = [...new Set(assets.flatMap((a) => a.modules))];
  const tags = [
    ...[...new Set(assets.flatMap((a) => a.styles))].map(
      (href) => `<link rel="stylesheet" crossorigin href="${href}" />`,
    ),
    ...(ownCall && page.firstCall ? IMAGE_PRELOADS[page.firstCall.answer](answers[ownCall]) : []),
    `<script type="application/json" id="api-answers">${safeJson(answers)}</script>`,
  ];
  const images =
    ownCall && page.firstCall ? IMAGES_SHOWN[page.firstCall.answer](answers[ownCall]) : [];
  return { tags, modules, answers, images };
}

/** A preload of an image as `<img srcset sizes>` will ask for it, at high priority. */
function priorityImagePreload(url: string, image: { width: ImageWidth; sizes: string }): string {
  const srcset = imageSrcSet(url);
  return [
    `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(imageAtWidth(url, image.width))}"`,
    ...(srcset ? [` imagesrcset="${escapeHtml(srcset)}" imagesizes="${image.sizes}"`] : []),
    ' />',
  ].join('');
}

/**
 * Preloads of the existence checks' small variants (spec §4), which a page waits for; a
 * source without an image is never checked (it is the placeholder at once).
 */
function imageCheckPreloads(sources: readonly (string | undefined)[]): string[] {
  return [...new Set(sources.map(imageCheckUrl))]
    .filter((check) => check !== PLACEHOLDER_IMAGE)
    .map((check) => `<link rel="preload" as="image" href="${escapeHtml(check)}" />`);
}

/**
 * A product page's gallery shows its main image only once every image has passed its
 * existence check (spec §4): the checks' small variants and the main image (at high priority,
 * with the gallery's own srcset and sizes) start with the HTML.
 */
export function productImagePreloads(product: ProductDetail | undefined): string[] {
  const [first] = product?.images ?? [];
  if (!product || first === undefined) return [];
  return [
    priorityImagePreload(resolveImageUrl(first), PRODUCT_MAIN_IMAGE),
    ...imageCheckPreloads(product.images),
  ];
}

/**
 * A listing shows its cards once every card's image has been checked (spec §4): the checks
 * and the first row's images (the LCP on a phone) start with the HTML.
 */
export function listingImagePreloads(
  products: ProductListResponse['payload'] | undefined,
): string[] {
  if (!products?.length) return [];
  const sources = products.map((product) => product.imgUrl[0]?.src);
  return [
    ...sources
      .slice(0, PRODUCT_CARD_IMAGE.firstRow)
      .map(resolveImageUrl)
      .filter((url) => url !== PLACEHOLDER_IMAGE)
      .map((url) => priorityImagePreload(url, PRODUCT_CARD_IMAGE)),
    ...imageCheckPreloads(sources),
  ];
}
