/**
 * Image-existence checks (spec §4, §7): an image is shown only once it is known to load.
 * An image that errors, or that has not loaded within 5 s (spec §9), counts as failed.
 * Results are cached by TanStack Query (never stale), so a page revisit checks nothing twice.
 */
import { useQueries } from '@tanstack/react-query';
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
  retry: false,
});

export interface ImageChecks {
  /** True while any check is still running. */
  isChecking: boolean;
  /** Whether a source passed its check (false while unknown). */
  isValid: (src: string | null | undefined) => boolean;
}

/** Checks every source at once; the caller keeps the order and drops the ones that failed. */
export function useImageChecks(sources: readonly (string | null | undefined)[]): ImageChecks {
  const urls = [...new Set(sources.map(imageCheckUrl))];
  const results = useQueries({ queries: urls.map((url) => imageCheckQuery(url)) });
  const valid = new Set<string>();
  let isChecking = false;
  results.forEach((result, index) => {
    if (result.isPending) isChecking = true;
    else if (result.data === true) valid.add(urls[index] ?? '');
  });
  return { isChecking, isValid: (src) => valid.has(imageCheckUrl(src)) };
}
