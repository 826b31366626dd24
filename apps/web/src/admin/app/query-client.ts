/**
 * The console's data cache: staff data changes under their feet (orders paid, shipped by a
 * colleague), so answers go stale after half a minute and are fetched again when the tab
 * regains focus; nothing retries on its own (a failed ship must not be sent twice).
 */
import { QueryClient } from '@tanstack/react-query';

export function createConsoleQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
