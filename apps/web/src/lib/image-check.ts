/**
 * Image-existence checks (spec §4, §7): an image is shown only once it is known to load.
 * An image that errors, or that has not loaded within 5 s (spec §9), counts as failed.
 * Results are cached by TanStack Query (never stale), so a page revisit checks nothing twice.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { IMAGE_CHECK_TIMEOUT_MS } from '@storefront/shared/constants';
import { imageCheckUrl, PLACEHOLDER_IMAGE } from '@storefront/shared/images';

export function checkImage(url: string, timeoutMs: number = IMAGE_CHECK_TIMEOUT_MS) {
  return new Promise<boolean>((resolve) => {
    if (!url || url === PLACEHOLDER_IMAGE) {
      resolve(false);
      return;
    }
    const image = new Image();
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(ok: boolean) {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(ok);
    }
    image.onload = () => finish(true);
    image.onerror = () => finish(false);
    image.src = url;
  });
}

export const imageCheckQuery = (url: string) => ({
  queryKey: ['image-check', url] as const,
  queryFn: () => checkImage(url),
  staleTime: Infinity,
  // Kept while the app runs: no observer holds a check (see useImageChecks).
  gcTime: Infinity,
  retry: false,
});

export interface ImageChecks {
  /** True while any check is still running. */
  isChecking: boolean;
  /** Whether a source passed its check (false while unknown). */
  isValid: (src: string | null | undefined) => boolean;
}

/**
 * Checks every source at once; the caller keeps the order and drops the ones that failed. It
 * reads the checks from the query cache and starts the missing ones, rather than observing them
 * with useQueries, whose observer code was 1.5 KB of the initial JavaScript of the product,
 * listing and search pages (the 120 KB budget).
 */
export function useImageChecks(sources: readonly (string | null | undefined)[]): ImageChecks {
  const queryClient = useQueryClient();
  const urls = [...new Set(sources.map(imageCheckUrl))];
  /** 'y' passed, 'n' failed, '?' not known yet. */
  const outcomeOf = (url: string) => {
    const passed = queryClient.getQueryData<boolean>(imageCheckQuery(url).queryKey);
    return passed === undefined ? '?' : passed ? 'y' : 'n';
  };
  // A character a source: a string, so a cache with the same outcomes gives an equal snapshot.
  // The server renders from the same cache, seeded with the checks it answered (decision 070).
  const snapshot = () => urls.map(outcomeOf).join('');
  const outcomes = useSyncExternalStore(
    useCallback((onChange) => queryClient.getQueryCache().subscribe(onChange), [queryClient]),
    snapshot,
    snapshot,
  );
  const urlList = urls.join('\n');
  useEffect(() => {
    if (!urlList) return;
    for (const url of urlList.split('\n')) void queryClient.prefetchQuery(imageCheckQuery(url));
  }, [queryClient, urlList]);

  const valid = new Set(urls.filter((_, index) => outcomes[index] === 'y'));
  return {
    isChecking: outcomes.includes('?'),
    isValid: (src) => valid.has(imageCheckUrl(src)),
  };
}
