/**
 * The SPA's route table (spec §2) with href builders: links in the web app and the e2e
 * journeys use these, so a path is written once.
 */
export const ROUTES = {
  home: '/',
  product: '/products/:id',
  category: '/categories/:slug',
  subcategory: '/subcategories/:slug',
  cart: '/cart',
  auth: '/auth',
  checkout: '/checkout',
  profile: '/profile',
  orders: '/orders',
  orderDetail: '/orders/:orderId',
  order: '/order/:orderId',
  orderPayment: '/order/:orderId/payment',
  orderSuccess: '/order-success',
  search: '/search',
  shippingPolicy: '/shipping-policy',
  returnsPolicy: '/returns-policy',
  privacyPolicy: '/privacy-policy',
  termsConditions: '/terms-conditions',
  verifyEmail: '/verify-email/:token',
  faq: '/faq',
} as const;

/** Paths on which the header and footer are hidden (spec §2). */
export const CHROMELESS_PREFIXES = [
  '/checkout',
  '/auth',
  '/order-success',
  '/verify-email',
] as const;

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
  checkout: () => '/checkout',
  profile: () => '/profile',
  orders: () => '/orders',
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
  faq: () => '/faq',
} as const;

/** The spec's verification link may arrive as 'token=<token>'; the prefix is dropped (§4). */
export function verificationTokenFromPath(raw: string): string {
  return raw.startsWith('token=') ? raw.slice('token='.length) : raw;
}
