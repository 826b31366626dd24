/**
 * What a page needs first, announced in its HTML so the browser need not discover it one step
 * after another (decision 036): the route's page module and its static imports as
 * modulepreload links (from the web build's Vite manifest), the answers of the public catalog
 * calls the page makes to paint, inlined as JSON that the web's api-client uses once, and on a
 * product page its gallery's images as preloads.
 *
 * The answers come from the API itself (`inject`, without the request's cookies or headers), so
 * they are byte for byte what the browser would fetch and can never be a buyer's own data.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ProductDetail, ProductListResponse } from '@storefront/shared/catalog';
import { catalogCalls, pageFromParam } from '@storefront/shared/catalog-calls';
import { MAX_LISTING_PAGE } from '@storefront/shared/constants';
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
import { isChromeless, ROUTES } from '@storefront/shared/routes';
import { escapeHtml, safeJson } from './html.js';

export type RouteName = keyof typeof ROUTES;

/** The page module the web router (apps/web/src/app/router.tsx) loads for each route. */
export const PAGE_MODULES: Record<RouteName | 'notFound', string> = {
  home: 'features/home/pages/home-page',
  product: 'features/product/pages/product-page',
  category: 'features/catalog/pages/category-page',
  subcategory: 'features/catalog/pages/category-page',
  cart: 'features/cart/pages/cart-page',
  auth: 'features/auth/pages/auth-page',
  checkout: 'features/checkout/pages/checkout-page',
  profile: 'features/account/pages/profile-page',
  orders: 'features/orders/pages/orders-page',
  orderDetail: 'features/orders/pages/order-detail-page',
  order: 'features/payment/pages/payment-page',
  orderPayment: 'features/payment/pages/payment-page',
  orderSuccess: 'features/payment/pages/order-success-page',
  search: 'features/search/pages/search-page',
  shippingPolicy: 'features/policies/pages/policy-page',
  returnsPolicy: 'features/policies/pages/policy-page',
  privacyPolicy: 'features/policies/pages/policy-page',
  termsConditions: 'features/policies/pages/policy-page',
  verifyEmail: 'features/auth/pages/verify-email-page',
  faq: 'features/faq/pages/faq-page',
  notFound: 'features/not-found/pages/not-found-page',
};

/** Modules a page imports lazily at once, because its first screen needs them. */
export const LOADED_WITH_PAGE: Record<string, string[]> = {
  'features/search/pages/search-page': ['features/search/components/search-results'],
};

export interface RouteMatch {
  name: RouteName;
  /** The route's one parameter (product id, slug, order id, token), decoded. */
  param: string | undefined;
}

const ROUTE_MATCHERS = (Object.entries(ROUTES) as [RouteName, string][]).map(([name, route]) => ({
  name,
  pattern: new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '([^/]+)')}/?$`),
}));

/** The route a path (already decoded with decodeURI) belongs to, or undefined. */
export function matchRoute(path: string): RouteMatch | undefined {
  for (const { name, pattern } of ROUTE_MATCHERS) {
    const match = pattern.exec(path);
    if (match) return { name, param: match[1] === undefined ? undefined : decodeParam(match[1]) };
  }
  return undefined;
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The web build's Vite manifest (empty without a build): its chunks by source key, the entry's
 * key, and the chunks a key needs statically (itself and what it imports, transitively). The
 * page preloads here and the bench's initial-JS figures (bench/bundles.ts) both read it so.
 */
export function readBuildManifest(webDist: string) {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const chunks: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const staticClosure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !chunks[key]) return into;
    into.add(key);
    for (const imported of chunks[key].imports ?? []) staticClosure(imported, into);
    return into;
  };
  const entry = Object.keys(chunks).find((key) => chunks[key]!.isEntry);
  return { chunks, entry, staticClosure };
}

/**
 * The modulepreload links of each page module: its own chunk and what it imports statically,
 * less what the entry already loads. Read once from the build's manifest; none without one.
 */
export function pageModulePreloads(webDist: string): (page: string) => string[] {
  const { chunks, entry, staticClosure } = readBuildManifest(webDist);
  const loadedByEntry = entry ? staticClosure(entry) : new Set<string>();
  const links = new Map<string, string[]>();
  return (page) => {
    let pageLinks = links.get(page);
    if (!pageLinks) {
      const keys = [...staticClosure(`src/${page}.tsx`)].filter((key) => !loadedByEntry.has(key));
      pageLinks = [
        ...keys.map(
          (key) => `<link rel="modulepreload" crossorigin href="/${chunks[key]!.file}" />`,
        ),
        ...keys
          .flatMap((key) => chunks[key]!.css ?? [])
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
      ];
      links.set(page, pageLinks);
    }
    return pageLinks;
  };
}

/** The public catalog call a page makes for itself, and the images its answer names. */
interface PageCall {
  url: string;
  imagePreloads: (answer: unknown) => string[];
}

/** The call of the page at `route` itself (its product, listing page, …), if it makes one. */
function pageCall(route: RouteMatch | undefined, search: string): PageCall | undefined {
  if (route?.name === 'product' && route.param)
    return {
      url: catalogCalls.product(route.param),
      imagePreloads: (answer) =>
        productImagePreloads((answer as { payload: ProductDetail } | undefined)?.payload),
    };
  if (route?.name === 'search')
    return { url: catalogCalls.searchConfig(), imagePreloads: () => [] };
  if ((route?.name === 'category' || route?.name === 'subcategory') && route.param) {
    const page = pageFromParam(new URLSearchParams(search).get('page'), MAX_LISTING_PAGE);
    return {
      url: catalogCalls.listing(route.param, page),
      imagePreloads: (answer) =>
        listingImagePreloads((answer as ProductListResponse | undefined)?.payload),
    };
  }
  return undefined;
}

/** Public API answers by call URL. */
export type Answers = Record<string, unknown>;

/** Each call's answer, by URL, where the API answered 200 with JSON. */
export async function answerCalls(app: FastifyInstance, calls: string[]): Promise<Answers> {
  const answers: Answers = {};
  await Promise.all(
    calls.map(async (url) => {
      const response = await app.inject({ method: 'GET', url });
      if (
        response.statusCode === 200 &&
        String(response.headers['content-type']).startsWith('application/json')
      )
        answers[url] = response.json();
    }),
  );
  return answers;
}

/**
 * The tags that go into a page's head (module preloads, image preloads, the answers), and the
 * answers themselves, which the page's meta is made from.
 */
export async function firstLoadTags(
  app: FastifyInstance,
  preloadsOf: (page: string) => string[],
  route: RouteMatch | undefined,
  path: string,
  search: string,
): Promise<{ tags: string[]; answers: Answers }> {
  const own = pageCall(route, search);
  // The header's category strip and drawer, on every page that has the header.
  const frameCalls = isChromeless(path) ? [] : [catalogCalls.categories()];
  const answers = await answerCalls(app, own ? [...frameCalls, own.url] : frameCalls);
  const page = PAGE_MODULES[route?.name ?? 'notFound'];
  const tags = [
    ...new Set([page, ...(LOADED_WITH_PAGE[page] ?? [])].flatMap(preloadsOf)),
    ...(own?.imagePreloads(answers[own.url]) ?? []),
    `<script type="application/json" id="api-answers">${safeJson(answers)}</script>`,
  ];
  return { tags, answers };
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
