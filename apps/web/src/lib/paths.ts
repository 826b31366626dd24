/**
 * The one table of route paths (spec §2) with href builders, used by the router, by links and
 * by the e2e tests. Slugs keep the spec's characters ('home-&-kitchen', 'bags,-wallets-and-
 * luggage'); only characters that would break a path are escaped.
 */

export const paths = {
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
  notFound: '*',
} as const;

/** Header and footer are hidden on paths starting with these (spec §2). */
export const CHROMELESS_PREFIXES = ['/checkout', '/auth', '/order-success', '/verify-email'];

export function isChromeHidden(pathname: string): boolean {
  return CHROMELESS_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

function segment(value: string): string {
  return value.replace(/[%/?#\s]/g, (char) => encodeURIComponent(char));
}

export const href = {
  home: () => '/',
  product: (id: string) => `/products/${segment(id)}`,
  category: (slug: string) => `/categories/${segment(slug)}`,
  subcategory: (slug: string) => `/subcategories/${segment(slug)}`,
  search: (q: string) => `/search?${new URLSearchParams({ q }).toString()}`,
  cart: () => paths.cart,
  auth: (returnUrl?: string) =>
    returnUrl ? `/auth?${new URLSearchParams({ returnUrl }).toString()}` : paths.auth,
  profile: () => paths.profile,
  orders: () => paths.orders,
  faq: () => paths.faq,
  shippingPolicy: () => paths.shippingPolicy,
  returnsPolicy: () => paths.returnsPolicy,
  privacyPolicy: () => paths.privacyPolicy,
  termsConditions: () => paths.termsConditions,
};
