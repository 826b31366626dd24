/**
 * Listing pagination (spec §2 "Category listing"): previous, first, current, next, and a
 * next-page button. The total is not trusted for paging: next is disabled when the page came
 * back with fewer than a full page of products (spec §9).
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';

export type PageItem =
  { kind: 'page'; page: number; current: boolean } | { kind: 'ellipsis'; key: string };

/** The page links between the Previous and Next buttons. */
export function listingPageItems(current: number, hasNext: boolean): PageItem[] {
  const items: PageItem[] = [];
  if (current > 1) items.push({ kind: 'page', page: 1, current: false });
  if (current > 2) items.push({ kind: 'ellipsis', key: 'before-current' });
  items.push({ kind: 'page', page: current, current: true });
  if (hasNext) items.push({ kind: 'page', page: current + 1, current: false });
  return items;
}

export interface PaginationProps {
  page: number;
  hasNext: boolean;
  hrefForPage: (page: number) => string;
  className?: string;
}

const disabledLink = 'pointer-events-none opacity-50';

export function Pagination({ page, hasNext, hrefForPage, className }: PaginationProps) {
  const hasPrevious = page > 1;
  return (
    <nav aria-label="Pagination" className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {hasPrevious ? (
            <Link to={hrefForPage(page - 1)} className={buttonClasses('ghost', 'md')}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={buttonClasses('ghost', 'md', disabledLink)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </span>
          )}
        </li>
        {listingPageItems(page, hasNext).map((item) =>
          item.kind === 'ellipsis' ? (
            <li key={item.key} aria-hidden="true" className="px-2 text-slate-500">
              …
            </li>
          ) : (
            <li key={item.page}>
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
          {hasNext ? (
            <Link to={hrefForPage(page + 1)} className={buttonClasses('ghost', 'md')}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={buttonClasses('ghost', 'md', disabledLink)}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
