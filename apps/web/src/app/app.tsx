import { StrictMode, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The storefront's tree as both sides render it (decision 070): the browser inside its own
 * router, the server inside a static one at the request's URL. The same tree on both is what
 * lets the browser hydrate the server's HTML.
 */
export function App({
  client,
  Router,
}: {
  client: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <StrictMode>
      <AppProviders client={client}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
