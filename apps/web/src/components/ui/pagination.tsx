/**
 * Listing pagination: Previous, page links, Next; the links go to URLs (`hrefForPage`), so a
 * page is linkable and the browser's Back returns to it.
 *
 * Two ways to fill the middle:
 * - The category listing (spec §2 "Category listing") does not trust its total for paging: it
 *   shows the first, the current and the next page, and Next is disabled when the page came
 *   back with fewer than a full page of products (spec §9). Pass `hasNext`.
 * - Search (spec §2 "Search results") knows its page count: the first page, the current page
 *   with its neighbours (PAGINATION_PADDING either side, spec §9; one on phones so the row fits),
 *   ellipses over the gaps and the last page; Next is disabled on the last. Pass `totalPages`.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGINATION_PADDING } from '@storefront/shared/constants';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';

/** `only` limits an item to wide ('sm' and up) or narrow screens; absent, it shows on both. */
export type PageItem = (
  { kind: 'page'; page: number; current: boolean } | { kind: 'ellipsis'; key: string }
) & { only?: 'wide' | 'narrow' };

/** The page links between the Previous and Next buttons of the category listing. */
export function listingPageItems(current: number, hasNext: boolean): PageItem[] {
  const items: PageItem[] = [];
  if (current > 1) items.push({ kind: 'page', page: 1, current: false });
  if (current > 2) items.push({ kind: 'ellipsis', key: 'before-current' });
  items.push({ kind: 'page', page: current, current: true });
  if (hasNext) items.push({ kind: 'page', page: current + 1, current: false });
  return items;
}

/**
 * The first page, a window of 2 × padding + 1 pages around the current one (moved inwards at
 * either end, so it keeps its size), the last page, and an ellipsis wherever pages are skipped.
 */
export function windowPageItems(current: number, total: number, padding: number): PageItem[] {
  const size = Math.min(total, padding * 2 + 1);
  const start = Math.max(1, Math.min(current - padding, total - size + 1));
  const end = start + size - 1;
  const pages: number[] = [];
  if (start > 1) pages.push(1);
  for (let page = start; page <= end; page += 1) pages.push(page);
  if (end < total) pages.push(total);

  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous > 1) {
      items.push({ kind: 'ellipsis', key: `after-${previous}` });
    }
    items.push({ kind: 'page', page, current: page === current });
  });
  return items;
}

const itemKey = (item: PageItem) => (item.kind === 'page' ? `page-${item.page}` : item.key);
/** Where an item stands in the row: a page at its number, an ellipsis just after its page. */
const itemPosition = (item: PageItem) =>
  item.kind === 'page' ? item.page : Number(item.key.slice('after-'.length)) + 0.5;

/**
 * The wide window (PAGINATION_PADDING) and the narrow one (one neighbour) merged into one row:
 * items of both show everywhere, the others carry `only`.
 */
export function searchPageItems(current: number, total: number): PageItem[] {
  const merged = new Map<string, PageItem>();
  for (const item of windowPageItems(current, total, PAGINATION_PADDING)) {
    merged.set(itemKey(item), { ...item, only: 'wide' });
  }
  for (const item of windowPageItems(current, total, 1)) {
    const key = itemKey(item);
    merged.set(key, merged.has(key) ? item : { ...item, only: 'narrow' });
  }
  return [...merged.values()].sort((a, b) => itemPosition(a) - itemPosition(b));
}

export type PaginationProps = {
  page: number;
  hrefForPage: (page: number) => string;
  className?: string;
} & ({ hasNext: boolean; totalPages?: undefined } | { totalPages: number; hasNext?: undefined });

const onlyClass = { wide: 'hidden sm:block', narrow: 'sm:hidden' } as const;

/**
 * Previous or Next: a link, or without `to` a disabled look-alike. Icon-only on phones, so the
 * row fits 390 px: the word's font size is zero there, which hides it from sight but keeps it
 * the control's own text and accessible name (a visually-hidden wrapper would do the same,
 * but would move the text off the control that carries aria-disabled).
 */
function EdgeLink({ to, children }: { to: string | undefined; children: ReactNode }) {
  const className = buttonClasses(
    'ghost',
    'md',
    'px-2 max-sm:gap-0 max-sm:text-[length:0] sm:px-4',
  );
  return to === undefined ? (
    <span aria-disabled="true" className={cn(className, 'pointer-events-none opacity-50')}>
      {children}
    </span>
  ) : (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

export function Pagination({ page, hasNext, totalPages, hrefForPage, className }: PaginationProps) {
  const hasPrevious = page > 1;
  const canGoNext = totalPages === undefined ? hasNext : page < totalPages;
  const items =
    totalPages === undefined ? listingPageItems(page, hasNext) : searchPageItems(page, totalPages);
  return (
    <nav aria-label="Pagination" className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <EdgeLink to={hasPrevious ? hrefForPage(page - 1) : undefined}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </EdgeLink>
        </li>
        {items.map((item) =>
          item.kind === 'ellipsis' ? (
            <li
              key={item.key}
              aria-hidden="true"
              className={cn('px-1 text-slate-500', item.only && onlyClass[item.only])}
            >
              …
            </li>
          ) : (
            <li key={item.page} className={item.only && onlyClass[item.only]}>
              <Link
                to={hrefForPage(item.page)}
                aria-label={`Page ${item.page}`}
                aria-current={item.current ? 'page' : undefined}
                className={buttonClasses(item.current ? 'outline' : 'ghost', 'icon')}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          <EdgeLink to={canGoNext ? hrefForPage(page + 1) : undefined}>
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </EdgeLink>
        </li>
      </ul>
    </nav>
  );
}
