/**
 * The route manifest: every page of the storefront (spec §2) once, with what each side needs to
 * know of it. The web router builds its routes from it (path, page module, component, props);
 * the server matches a request against it once and reads the page's module (for its preloads),
 * its own first call (answered inside the HTML, decision 036) and how its meta is made.
 */
import { MAX_LISTING_PAGE } from './constants.js';
import { catalogCalls, pageFromParam, searchFromQuery } from './catalog-calls.js';

/** A query string's parameters, as URLSearchParams reads them. */
export interface QueryParams {
  get(name: string): string | null;
}

/** A path matched to its page: the page's one parameter (decoded) and the query string. */
export interface PageMatch {
  name: PageName;
  /** The route's one parameter (product id, slug, order id, token), decoded. */
  param: string | undefined;
  query: QueryParams;
}

/** What the page's own first call answers, so the server knows which images it names. */
export type FirstCallAnswer = 'product' | 'listing' | 'searchResults';

export interface PageDefinition {
  path: string;
  /** The page's module under apps/web/src, and the component it exports. */
  module: `features/${string}/pages/${string}-page`;
  component: string;
  /** Fixed props the router gives the component. */
  props?: Readonly<Record<string, string>>;
  /** Modules the page imports lazily at once, because its first screen needs them. */
  loadsWith?: readonly `features/${string}`[];
  /** The public catalog call the page makes to paint itself, from its match. */
  firstCall?: { url: (match: PageMatch) => string | undefined; answer: FirstCallAnswer };
  /**
   * The page shows the seller's home collections (the home banners, a collection's listing
   * heading), so their answer comes inside its HTML too, beside the header's categories.
   */
  showsCollections?: true;
  /**
   * The page shows the products of its first categories' cards and collections' rows (the home
   * page): their answers come inside its HTML too, once the categories' and the collections'
   * answers have named them (decision 070).
   */
  showsHomeProducts?: true;
  /** The page shows its product's related products: their answer comes inside its HTML too. */
  showsRelated?: true;
  /** The page searches: the search engine's settings come inside its HTML, beside its results. */
  searches?: true;
  /**
   * The server renders the page as complete HTML, which the browser hydrates (decision 070): a
   * public catalog page, the same for every visitor; the others are rendered in the browser.
   */
  rendersOnServer?: true;
  /** What the page's title, description and JSON-LD are made from (else the shell's). */
  meta?: 'product' | 'listing';
  /** The header and footer are hidden on this page and below it (spec §2). */
  chromeless?: true;
  /** A path naming nothing (an unknown slug) shows the not-found page, answered 404. */
  mayNameNothing?: true;
  /** The path's parameter may be left out (the page then says what is missing). */
  paramOptional?: true;
}

const listingCall = {
  url: ({ param, query }: PageMatch) =>
    param === undefined
      ? undefined
      : catalogCalls.listing(param, pageFromParam(query.get('page'), MAX_LISTING_PAGE)),
  answer: 'listing',
} as const;

const policy = (id: string) =>
  ({
    module: 'features/policies/pages/policy-page',
    component: 'PolicyPage',
    props: { policy: id },
    rendersOnServer: true,
  }) as const;

export const PAGES = {
  home: {
    path: '/',
    module: 'features/home/pages/home-page',
    component: 'HomePage',
    showsCollections: true,
    showsHomeProducts: true,
    rendersOnServer: true,
  },
  product: {
    path: '/products/:id',
    module: 'features/product/pages/product-page',
    component: 'ProductPage',
    firstCall: {
      url: ({ param }: PageMatch) =>
        param === undefined ? undefined : catalogCalls.product(param),
      answer: 'product',
    },
    showsRelated: true,
    meta: 'product',
    rendersOnServer: true,
  },
  category: {
    path: '/categories/:slug',
    module: 'features/catalog/pages/category-page',
    component: 'CategoryPage',
    firstCall: listingCall,
    meta: 'listing',
    rendersOnServer: true,
    showsCollections: true,
    mayNameNothing: true,
  },
  subcategory: {
    path: '/subcategories/:slug',
    module: 'features/catalog/pages/category-page',
    component: 'SubcategoryPage',
    firstCall: listingCall,
    meta: 'listing',
    rendersOnServer: true,
    showsCollections: true,
    mayNameNothing: true,
  },
  cart: { path: '/cart', module: 'features/cart/pages/cart-page', component: 'CartPage' },
  auth: {
    path: '/auth',
    module: 'features/auth/pages/auth-page',
    component: 'AuthPage',
    chromeless: true,
  },
  checkout: {
    path: '/checkout',
    module: 'features/checkout/pages/checkout-page',
    component: 'CheckoutPage',
    chromeless: true,
  },
  profile: {
    path: '/profile',
    module: 'features/account/pages/profile-page',
    component: 'ProfilePage',
  },
  orders: { path: '/orders', module: 'features/orders/pages/orders-page', component: 'OrdersPage' },
  // Issue 22 "Ordering faster": rows of SKU and quantity, a paste or a CSV file, to the cart.
  quickOrder: {
    path: '/quick-order',
    module: 'features/quick-order/pages/quick-order-page',
    component: 'QuickOrderPage',
  },
  orderDetail: {
    path: '/orders/:orderId',
    module: 'features/orders/pages/order-detail-page',
    component: 'OrderDetailPage',
  },
  // Product decision #1: /order/{id} is the payment step too, the screen checkout lands on.
  order: {
    path: '/order/:orderId',
    module: 'features/payment/pages/payment-page',
    component: 'PaymentPage',
  },
  orderPayment: {
    path: '/order/:orderId/payment',
    module: 'features/payment/pages/payment-page',
    component: 'PaymentPage',
  },
  orderSuccess: {
    path: '/order-success',
    module: 'features/payment/pages/order-success-page',
    component: 'OrderSuccessPage',
    chromeless: true,
  },
  search: {
    path: '/search',
    module: 'features/search/pages/search-page',
    component: 'SearchPage',
    loadsWith: ['features/search/components/search-results'],
    searches: true,
    // The page of results the URL asks for; without words no search is run (search-page.tsx).
    firstCall: {
      url: ({ query }: PageMatch) => {
        const { words, page } = searchFromQuery(query);
        return words ? catalogCalls.searchResults(words, page) : undefined;
      },
      answer: 'searchResults',
    },
    rendersOnServer: true,
  },
  shippingPolicy: { path: '/shipping-policy', ...policy('shipping') },
  returnsPolicy: { path: '/returns-policy', ...policy('returns') },
  privacyPolicy: { path: '/privacy-policy', ...policy('privacy') },
  termsConditions: { path: '/terms-conditions', ...policy('terms') },
  verifyEmail: {
    path: '/verify-email/:token',
    module: 'features/auth/pages/verify-email-page',
    component: 'VerifyEmailPage',
    chromeless: true,
    // A link without its token shows the spec's missing-token text, not the not-found page.
    paramOptional: true,
  },
  resetPassword: {
    path: '/reset-password/:token',
    module: 'features/auth/pages/reset-password-page',
    component: 'ResetPasswordPage',
    chromeless: true,
    paramOptional: true,
  },
  changeEmail: {
    path: '/change-email/:token',
    module: 'features/auth/pages/change-email-page',
    component: 'ChangeEmailPage',
    chromeless: true,
    paramOptional: true,
  },
  faq: { path: '/faq', module: 'features/faq/pages/faq-page', component: 'FaqPage' },
  // Issue 22: the buyer's quotes; a quote's emails link to /quotes/{id}.
  quotes: { path: '/quotes', module: 'features/quotes/pages/quotes-page', component: 'QuotesPage' },
  // Before /quotes/:id, which the server's matcher would otherwise take it for.
  quoteNew: {
    path: '/quotes/new',
    module: 'features/quotes/pages/new-quote-page',
    component: 'NewQuotePage',
  },
  quote: {
    path: '/quotes/:id',
    module: 'features/quotes/pages/quote-page',
    component: 'QuotePage',
  },
} as const satisfies Record<string, PageDefinition>;

export type PageName = keyof typeof PAGES;

/** Every page by name, as a PageDefinition (the manifest's literal types are for ROUTES). */
export const PAGE_LIST = Object.entries(PAGES) as readonly [PageName, PageDefinition][];

/** The definition of a page by name. */
export const pageOf = (name: PageName): PageDefinition => PAGES[name];

/** The page every path outside the manifest shows (answered 404). */
export const NOT_FOUND_PAGE = {
  module: 'features/not-found/pages/not-found-page',
  component: 'NotFoundPage',
} as const satisfies Pick<PageDefinition, 'module' | 'component'>;

/** The path of every page by name: `ROUTES.cart` is '/cart'. */
export const ROUTES = Object.fromEntries(
  Object.entries(PAGES).map(([name, page]) => [name, page.path]),
) as { readonly [Name in PageName]: (typeof PAGES)[Name]['path'] };

const PAGE_MATCHERS = PAGE_LIST.map(([name, page]) => ({
  name,
  pattern: new RegExp(
    `^${page.path.replace(/\/:[a-zA-Z]+/g, page.paramOptional ? '(?:/([^/]+))?' : '/([^/]+)')}/?$`,
  ),
}));

const NO_QUERY: QueryParams = { get: () => null };

/**
 * The page a path (already decoded with decodeURI) belongs to, with its parameter decoded, or
 * undefined when it names no page.
 */
export function matchPage(path: string, query: QueryParams = NO_QUERY): PageMatch | undefined {
  for (const { name, pattern } of PAGE_MATCHERS) {
    const match = pattern.exec(path);
    if (match)
      return {
        name,
        param: match[1] === undefined ? undefined : decodeSegment(match[1]),
        query,
      };
  }
  return undefined;
}

/** A path segment with every escape decoded ('%2C' → ','), or as it is when it does not decode. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The first segments below which the header and footer are hidden (spec §2). */
const CHROMELESS_PREFIXES = PAGE_LIST.map(([, page]) => page)
  .filter((page) => page.chromeless)
  .map((page) => `/${page.path.split('/')[1]}`);

export function isChromeless(pathname: string): boolean {
  return CHROMELESS_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

const enc = encodeURIComponent;

/** Escapes only what would break a path, so slugs keep the spec's characters. */
function segment(value: string): string {
  return value.replace(/[%/?#\s]/g, (char) => encodeURIComponent(char));
}

export const href = {
  home: () => '/',
  product: (id: string) => `/products/${enc(id)}`,
  /** Category slugs keep their commas and ampersands ('home-&-kitchen'), as the spec writes them. */
  category: (slug: string) => `/categories/${segment(slug)}`,
  subcategory: (slug: string) => `/subcategories/${segment(slug)}`,
  cart: () => '/cart',
  auth: (params: { returnUrl?: string; sessionExpired?: boolean } = {}) => {
    const query = [
      params.returnUrl ? `returnUrl=${enc(params.returnUrl)}` : '',
      params.sessionExpired ? 'sessionExpired=true' : '',
    ].filter(Boolean);
    return query.length ? `/auth?${query.join('&')}` : '/auth';
  },
  /** With a quote's version, the checkout accepts it: its prices, the buyer's billing and shipping. */
  checkout: (quote?: { id: string; version: number }) =>
    quote?.id ? `/checkout?quote=${enc(quote.id)}&version=${quote.version}` : '/checkout',
  profile: () => '/profile',
  orders: () => '/orders',
  quickOrder: () => '/quick-order',
  orderDetail: (orderId: string) => `/orders/${enc(orderId)}`,
  order: (orderId: string) => `/order/${enc(orderId)}`,
  orderPayment: (orderId: string) => `/order/${enc(orderId)}/payment`,
  orderSuccess: () => '/order-success',
  search: (q: string) => `/search?q=${enc(q)}`,
  shippingPolicy: () => '/shipping-policy',
  returnsPolicy: () => '/returns-policy',
  privacyPolicy: () => '/privacy-policy',
  termsConditions: () => '/terms-conditions',
  verifyEmail: (token: string) => `/verify-email/${enc(token)}`,
  resetPassword: (token: string) => `/reset-password/${enc(token)}`,
  changeEmail: (token: string) => `/change-email/${enc(token)}`,
  faq: () => '/faq',
  quotes: () => '/quotes',
  quote: (id: string) => `/quotes/${enc(id)}`,
  /** Request a quote: for one product's variant and source, else for every line of the cart. */
  quoteNew: (line?: {
    product: string;
    variantIndex: number | null;
    source: string;
    quantity: number;
  }) => {
    if (!line?.product) return '/quotes/new?from=cart';
    const variant = line.variantIndex === null ? '' : `&variant=${line.variantIndex}`;
    return `/quotes/new?product=${enc(line.product)}${variant}&source=${enc(line.source)}&quantity=${line.quantity}`;
  },
} as const;

/** The spec's verification link may arrive as 'token=<token>'; the prefix is dropped (§4). */
export function verificationTokenFromPath(raw: string): string {
  return raw.startsWith('token=') ? raw.slice('token='.length) : raw;
}
