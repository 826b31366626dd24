/**
 * The route table of spec §2. Every page is its own chunk (lazy), so the first load carries
 * only the frame. Routes of later issues (cart, auth, checkout, orders, search, ...) are added
 * here by those features; until then their paths fall through to the not-found page.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { AppLoading, RootLayout } from './root-layout';
import { RouteError } from './route-error';

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/home/pages/home-page')).HomePage,
        }),
      },
      {
        path: paths.product,
        lazy: async () => ({
          Component: (await import('../features/product/pages/product-page')).ProductPage,
        }),
      },
      {
        path: paths.category,
        lazy: async () => ({
          Component: (await import('../features/catalog/pages/category-page')).CategoryPage,
        }),
      },
      {
        path: paths.subcategory,
        lazy: async () => ({
          Component: (await import('../features/catalog/pages/category-page')).SubcategoryPage,
        }),
      },
      ...(
        [
          [paths.shippingPolicy, 'shipping'],
          [paths.returnsPolicy, 'returns'],
          [paths.privacyPolicy, 'privacy'],
          [paths.termsConditions, 'terms'],
        ] as const
      ).map(([path, policy]): RouteObject => ({
        path,
        lazy: async () => {
          const { PolicyPage } = await import('../features/policies/pages/policy-page');
          return { element: <PolicyPage policy={policy} /> };
        },
      })),
      {
        path: paths.faq,
        lazy: async () => ({
          Component: (await import('../features/faq/pages/faq-page')).FaqPage,
        }),
      },
      {
        path: paths.auth,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/auth-page')).AuthPage,
        }),
      },
      {
        // Optional token: a link without one shows the spec's missing-token text, not a 404.
        path: `${paths.verifyEmail}?`,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/verify-email-page')).VerifyEmailPage,
        }),
      },
      {
        path: paths.profile,
        lazy: async () => ({
          Component: (await import('../features/account/pages/profile-page')).ProfilePage,
        }),
      },
      {
        path: paths.cart,
        lazy: async () => ({
          Component: (await import('../features/cart/pages/cart-page')).CartPage,
        }),
      },
      {
        path: paths.checkout,
        lazy: async () => ({
          Component: (await import('../features/checkout/pages/checkout-page')).CheckoutPage,
        }),
      },
      // decisions.md #1: /order/{id} is the payment step too, the screen the checkout lands on.
      ...[paths.order, paths.orderPayment].map((path): RouteObject => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/payment/pages/payment-page')).PaymentPage,
        }),
      })),
      {
        path: paths.orderSuccess,
        lazy: async () => ({
          Component: (await import('../features/payment/pages/order-success-page'))
            .OrderSuccessPage,
        }),
      },
      {
        path: paths.orders,
        lazy: async () => ({
          Component: (await import('../features/orders/pages/orders-page')).OrdersPage,
        }),
      },
      {
        path: paths.orderDetail,
        lazy: async () => ({
          Component: (await import('../features/orders/pages/order-detail-page')).OrderDetailPage,
        }),
      },
      {
        path: paths.notFound,
        lazy: async () => ({
          Component: (await import('../features/not-found/pages/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
