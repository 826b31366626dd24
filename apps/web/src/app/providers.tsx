import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToasterHost } from '../components/ui/toaster-host';
import { CategoryProvider } from '../lib/contexts/category-context';

/** App-wide providers: data cache, categories (loaded once) and toasts. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <CategoryProvider>
        {children}
        <ToasterHost />
      </CategoryProvider>
    </QueryClientProvider>
  );
}
