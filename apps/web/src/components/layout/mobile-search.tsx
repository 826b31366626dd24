/**
 * Mobile search (spec §2, §9): after 3 or more characters and a 300 ms pause it goes to the
 * search page by itself; Enter goes at once. Only the buyer's typing sends it there: the text
 * the box takes from the search page's URL (on Back, say) never navigates again.
 */
import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MOBILE_SEARCH_DEBOUNCE_MS, MOBILE_SEARCH_MIN_CHARS } from '@storefront/shared/constants';
import { href } from '@storefront/shared/routes';
import { useSearchBoxText } from '../../lib/hooks/use-search-box-text';

export function MobileSearch() {
  const navigate = useNavigate();
  const [text, setText] = useSearchBoxText();
  /** What the buyer typed and has not been searched for yet. */
  const [typed, setTyped] = useState<string | null>(null);

  useEffect(() => {
    const q = typed?.trim() ?? '';
    if (q.length < MOBILE_SEARCH_MIN_CHARS) return;
    const timer = setTimeout(() => {
      setTyped(null);
      void navigate(href.search(q));
    }, MOBILE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, navigate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    setTyped(null);
    void navigate(href.search(q));
  }

  return (
    <form role="search" onSubmit={submit} className="relative w-full">
      <label htmlFor="mobile-search" className="sr-only">
        Search products
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        id="mobile-search"
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setTyped(event.target.value);
        }}
        placeholder="Search products"
        enterKeyHint="search"
        className="h-10 w-full rounded-md bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-2 focus:outline-amber-400"
      />
    </form>
  );
}
