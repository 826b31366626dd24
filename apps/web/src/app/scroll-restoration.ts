/**
 * Scrolling as a document would behave: a new page opens at its top (or at its #hash), and Back
 * or Forward returns to where the buyer was on that page, across reloads of the tab too.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** Scroll offsets by history entry (location.key). */
const positions = new Map<string, number>(readStored());

function readStored(): [string, number][] {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
  } catch {
    return [];
  }
}

export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const store = () =>
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
    window.addEventListener('pagehide', store);
    return () => window.removeEventListener('pagehide', store);
  }, []);

  useLayoutEffect(() => {
    const saved = positions.get(key);
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);

    // Remember this entry's offset as the buyer scrolls: by the time the next page has
    // rendered, the document may be too short to read it back.
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key, window.scrollY));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, [key, hash, navigationType]);
}
