/**
 * Whether an element has come within `margin` of the viewport (and stays so once it has):
 * content below the fold loads as the buyer scrolls towards it, not with the first screen,
 * where its calls and renders would compete with what is on screen (decision 037). Without
 * IntersectionObserver everything counts as near.
 */
import { useCallback, useRef, useState } from 'react';

export function useNearViewport<T extends Element>(margin = '100% 0px') {
  // False at first everywhere, so a server-rendered page hydrates what its HTML has (decision 070).
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || near) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.current?.disconnect();
            setNear(true);
          }
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [near, margin],
  );
  return [ref, near] as const;
}
