/**
 * The page frame: header and footer except on the checkout, auth, order-success and
 * verify-email paths (spec §2), a skip link, a navigation progress bar, and scroll restoration;
 * the session (app/session-provider) inside the router, so a forced logout can navigate, and
 * the buyer's cart (header badge, Add to Cart) inside the session.
 */
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { isChromeless } from '@storefront/shared/routes';
import { CartProvider } from '../lib/contexts/cart-provider';
import { useNavigationPending } from './browser-router';
import { RouteErrorBoundary } from './route-error';
import { useScrollRestoration } from './scroll-restoration';
import { SessionProvider } from './session-provider';

export function RootLayout() {
  const { pathname } = useLocation();
  const pending = useNavigationPending();
  const chrome = !isChromeless(pathname);
  useScrollRestoration();
  return (
    <SessionProvider>
      <CartProvider>
        <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
          <a
            href="#main"
            className="sr-only z-50 rounded bg-white px-4 py-2 text-blue-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            Skip to content
          </a>
          {pending ? (
            <div
              role="progressbar"
              aria-label="Loading page"
              className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-amber-400"
            />
          ) : null}
          {chrome ? <Header /> : null}
          {/* At least a screen tall, so the footer starts below the fold and a page filling in
              (its data, its lazy parts) never pushes it about on screen (decision 036). */}
          <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
            <RouteErrorBoundary resetKey={pathname}>
              {/* The first page's code loading: the frame is already on screen. */}
              <Suspense fallback={<div aria-busy="true" className="min-h-screen" />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
          {chrome ? <Footer /> : null}
        </div>
      </CartProvider>
    </SessionProvider>
  );
}
