/**
 * The header's product search box (spec §2): submitting goes to /search?q={text}. As the buyer
 * types it suggests products (docs/api-search.md §5), as an ARIA combobox: focus stays in the
 * input, aria-activedescendant names the highlighted option; ArrowUp/ArrowDown move (and wrap),
 * Enter on a highlighted option opens that product, Enter otherwise searches, Escape closes,
 * and leaving the box (a click or Tab elsewhere) closes it.
 *
 * On the search page the box shows the query the page is for, so Back and Forward keep the
 * two in step.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import {
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { href } from '@storefront/shared/routes';
import { cn } from '../../lib/cn';
import { useSearchBoxText } from '../../lib/hooks/use-search-box-text';
import {
  preloadSearchSuggestions,
  useSearchSuggestions,
  type Suggestion,
} from '../../lib/api/use-search-suggestions';

const loadSuggestionContent = () => import('./search-suggestion');
const SuggestionContent = lazy(() =>
  loadSuggestionContent().then((m) => ({ default: m.SuggestionContent })),
);

const LISTBOX_ID = 'header-search-suggestions';
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;

export function SearchBox() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useSearchBoxText();
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const { suggestions } = useSearchSuggestions(text, open);

  const expanded = open && suggestions.length > 0;
  const activeIndex = suggestions.findIndex((s) => s.objectID === activeId);

  function close() {
    setOpen(false);
    setActiveId(null);
  }

  function prepare() {
    preloadSearchSuggestions(queryClient);
    void loadSuggestionContent();
  }

  function pick(suggestion: Suggestion) {
    close();
    void navigate(href.product(suggestion.objectID));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    close();
    void navigate(href.search(q));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (count === 0) return;
      const next =
        event.key === 'ArrowDown'
          ? (activeIndex + 1) % count
          : activeIndex <= 0
            ? count - 1
            : activeIndex - 1;
      setActiveId(suggestions[next]?.objectID ?? null);
    } else if (event.key === 'Enter') {
      const active = expanded ? suggestions[activeIndex] : undefined;
      if (active) {
        event.preventDefault();
        pick(active);
      }
      // Otherwise the form submits: the search page for the typed text.
    } else if (event.key === 'Escape' && expanded) {
      // The first Escape closes the list; a second one clears the box (the browser's own).
      event.preventDefault();
      close();
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  }

  return (
    <div className="relative w-full" onBlur={onBlur}>
      <form role="search" onSubmit={submit} className="flex w-full overflow-hidden rounded-md">
        <label htmlFor="header-search" className="sr-only">
          Search products
        </label>
        <input
          id="header-search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={LISTBOX_ID}
          aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveId(null);
            setOpen(true);
          }}
          onFocus={() => {
            prepare();
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search products"
          className="h-10 min-w-0 flex-1 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-2 focus:outline-amber-400"
        />
        <button
          type="submit"
          aria-label="Search"
          className="flex h-10 w-12 items-center justify-center bg-amber-400 text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white"
        >
          <Search aria-hidden="true" className="size-5" />
        </button>
      </form>
      <ul
        id={LISTBOX_ID}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white py-1 text-slate-900 shadow-lg"
      >
        {expanded
          ? suggestions.map((suggestion, index) => (
              // An option of the combobox (the ARIA combobox pattern): it never takes focus, the
              // input's keys choose it (ArrowUp/ArrowDown, Enter), and the click is the pointer's.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={suggestion.objectID}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // Keeps the focus in the input, where the combobox's keys are handled.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveId(suggestion.objectID)}
                onClick={() => pick(suggestion)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-3 py-2',
                  index === activeIndex && 'bg-slate-100',
                )}
              >
                <Suspense fallback={<span className="text-sm">{suggestion.name}</span>}>
                  <SuggestionContent suggestion={suggestion} />
                </Suspense>
              </li>
            ))
          : null}
      </ul>
      <p aria-live="polite" className="sr-only">
        {expanded
          ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} available.`
          : ''}
      </p>
    </div>
  );
}
