/**
 * The route table of spec §2. Every page is its own chunk (lazy), so the first load carries
 * only the frame. Routes of later issues (cart, auth, checkout, orders, search, ...) are added
 * here by those features; until then their paths fall through to the not-found page.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES } from '@storefront/shared/routes';
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
        path: ROUTES.product,
        lazy: async () => ({
          Component: (await import('../features/product/pages/product-page')).ProductPage,
        }),
      },
      {
        path: ROUTES.category,
        lazy: async () => {
          const [{ CategoryPage }, { NotFoundPage }] = await Promise.all([
            import('../features/catalog/pages/category-page'),
            import('../features/not-found/pages/not-found-page'),
          ]);
          return { element: <CategoryPage notFound={<NotFoundPage />} /> };
        },
      },
      {
        path: ROUTES.subcategory,
        lazy: async () => {
          const [{ SubcategoryPage }, { NotFoundPage }] = await Promise.all([
            import('../features/catalog/pages/category-page'),
            import('../features/not-found/pages/not-found-page'),
          ]);
          return { element: <SubcategoryPage notFound={<NotFoundPage />} /> };
        },
      },
      ...(
        [
          [ROUTES.shippingPolicy, 'shipping'],
          [ROUTES.returnsPolicy, 'returns'],
          [ROUTES.privacyPolicy, 'privacy'],
          [ROUTES.termsConditions, 'terms'],
        ] as const
      ).map(([path, policy]): RouteObject => ({
        path,
        lazy: async () => {
          const { PolicyPage } = await import('../features/policies/pages/policy-page');
          return { element: <PolicyPage policy={policy} /> };
        },
      })),
      {
        path: ROUTES.search,
        lazy: async () => ({
          Component: (await import('../features/search/pages/search-page')).SearchPage,
        }),
      },
      {
        path: ROUTES.faq,
        lazy: async () => ({
          Component: (await import('../features/faq/pages/faq-page')).FaqPage,
        }),
      },
      {
        path: ROUTES.auth,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/auth-page')).AuthPage,
        }),
      },
      {
        // Optional token: a link without one shows the spec's missing-token text, not a 404.
        path: `${ROUTES.verifyEmail}?`,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/verify-email-page')).VerifyEmailPage,
        }),
      },
      {
        path: ROUTES.profile,
        lazy: async () => ({
          Component: (await import('../features/account/pages/profile-page')).ProfilePage,
        }),
      },
      {
        path: ROUTES.cart,
        lazy: async () => ({
          Component: (await import('../features/cart/pages/cart-page')).CartPage,
        }),
      },
      {
        path: ROUTES.checkout,
        lazy: async () => ({
          Component: (await import('../features/checkout/pages/checkout-page')).CheckoutPage,
        }),
      },
      // decisions.md #1: /order/{id} is the payment step too, the screen the checkout lands on.
      ...[ROUTES.order, ROUTES.orderPayment].map((path): RouteObject => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/payment/pages/payment-page')).PaymentPage,
        }),
      })),
      {
        path: ROUTES.orderSuccess,
        lazy: async () => ({
          Component: (await import('../features/payment/pages/order-success-page'))
            .OrderSuccessPage,
        }),
      },
      {
        path: ROUTES.orders,
        lazy: async () => ({
          Component: (await import('../features/orders/pages/orders-page')).OrdersPage,
        }),
      },
      {
        path: ROUTES.orderDetail,
        lazy: async () => ({
          Component: (await import('../features/orders/pages/order-detail-page')).OrderDetailPage,
        }),
      },
      {
        path: '*',
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
