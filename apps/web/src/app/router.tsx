/**
 * The route table of spec §2. Every page is its own chunk (React.lazy), so the first load
 * carries only the frame and the page it opens on. That first page's module is loaded before
 * the first render (`loadFirstPage`), so the frame and the page paint together: a page that
 * suspended would show its fallback first, and React holds back a boundary's content for
 * 300 ms once its fallback is on screen (decision 037).
 */
import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router';
import { ROUTES } from '@storefront/shared/routes';
import { lazyPage as page, type PageComponent } from './lazy-page';
import { RootLayout } from './root-layout';

const HomePage = page(() => import('../features/home/pages/home-page'), 'HomePage');
const ProductPage = page(() => import('../features/product/pages/product-page'), 'ProductPage');
const CategoryPage = page(() => import('../features/catalog/pages/category-page'), 'CategoryPage');
const SubcategoryPage = page(
  () => import('../features/catalog/pages/category-page'),
  'SubcategoryPage',
);
const PolicyPage = page(() => import('../features/policies/pages/policy-page'), 'PolicyPage');
const SearchPage = page(() => import('../features/search/pages/search-page'), 'SearchPage');
const FaqPage = page(() => import('../features/faq/pages/faq-page'), 'FaqPage');
const AuthPage = page(() => import('../features/auth/pages/auth-page'), 'AuthPage');
const VerifyEmailPage = page(
  () => import('../features/auth/pages/verify-email-page'),
  'VerifyEmailPage',
);
const ProfilePage = page(() => import('../features/account/pages/profile-page'), 'ProfilePage');
const CartPage = page(() => import('../features/cart/pages/cart-page'), 'CartPage');
const CheckoutPage = page(() => import('../features/checkout/pages/checkout-page'), 'CheckoutPage');
const PaymentPage = page(() => import('../features/payment/pages/payment-page'), 'PaymentPage');
const OrderSuccessPage = page(
  () => import('../features/payment/pages/order-success-page'),
  'OrderSuccessPage',
);
const OrdersPage = page(() => import('../features/orders/pages/orders-page'), 'OrdersPage');
const OrderDetailPage = page(
  () => import('../features/orders/pages/order-detail-page'),
  'OrderDetailPage',
);
const NotFoundPage = page(
  () => import('../features/not-found/pages/not-found-page'),
  'NotFoundPage',
);

const POLICIES = [
  [ROUTES.shippingPolicy, 'shipping'],
  [ROUTES.returnsPolicy, 'returns'],
  [ROUTES.privacyPolicy, 'privacy'],
  [ROUTES.termsConditions, 'terms'],
] as const;

const appRoutes = (
  <Route element={<RootLayout />}>
    <Route index element={<HomePage />} />
    <Route path={ROUTES.product} element={<ProductPage />} />
    {/* A slug that names nothing shows the not-found page (its status is the server's 404). */}
    <Route path={ROUTES.category} element={<CategoryPage notFound={<NotFoundPage />} />} />
    <Route path={ROUTES.subcategory} element={<SubcategoryPage notFound={<NotFoundPage />} />} />
    {POLICIES.map(([path, policy]) => (
      <Route key={path} path={path} element={<PolicyPage policy={policy} />} />
    ))}
    <Route path={ROUTES.search} element={<SearchPage />} />
    <Route path={ROUTES.faq} element={<FaqPage />} />
    <Route path={ROUTES.auth} element={<AuthPage />} />
    {/* Optional token: a link without one shows the spec's missing-token text, not a 404. */}
    <Route path={`${ROUTES.verifyEmail}?`} element={<VerifyEmailPage />} />
    <Route path={ROUTES.profile} element={<ProfilePage />} />
    <Route path={ROUTES.cart} element={<CartPage />} />
    <Route path={ROUTES.checkout} element={<CheckoutPage />} />
    {/* decisions.md #1: /order/{id} is the payment step too, the screen the checkout lands on. */}
    {[ROUTES.order, ROUTES.orderPayment].map((path) => (
      <Route key={path} path={path} element={<PaymentPage />} />
    ))}
    <Route path={ROUTES.orderSuccess} element={<OrderSuccessPage />} />
    <Route path={ROUTES.orders} element={<OrdersPage />} />
    <Route path={ROUTES.orderDetail} element={<OrderDetailPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{appRoutes}</Routes>;
}

/**
 * Loads the module of the page at `pathname` (the server has already preloaded it). A page
 * that fails to load here is left to its lazy form, whose error the route's boundary shows.
 */
export async function loadFirstPage(pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromElements(appRoutes), pathname) ?? [];
  const element = matches.at(-1)?.route.element as ReactElement | undefined;
  const type = element?.type as Partial<PageComponent<object>> | undefined;
  await type?.load?.().catch(() => undefined);
}
