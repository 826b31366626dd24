import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render';
import { listingPageItems, Pagination, searchPageItems, windowPageItems } from './pagination';

const hrefForPage = (page: number) => `?page=${page}`;

describe('listing pagination', () => {
  it('lists first, current and next pages around the current one', () => {
    expect(listingPageItems(1, true)).toEqual([
      { kind: 'page', page: 1, current: true },
      { kind: 'page', page: 2, current: false },
    ]);
    expect(listingPageItems(2, false)).toEqual([
      { kind: 'page', page: 1, current: false },
      { kind: 'page', page: 2, current: true },
    ]);
    expect(listingPageItems(5, true)).toEqual([
      { kind: 'page', page: 1, current: false },
      { kind: 'ellipsis', key: 'before-current' },
      { kind: 'page', page: 5, current: true },
      { kind: 'page', page: 6, current: false },
    ]);
  });

  it('disables Previous on page 1 and Next when there is no next page', () => {
    renderRoute(<Pagination page={1} hasNext={false} hrefForPage={hrefForPage} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Previous').closest('[aria-disabled]')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(nav).getByText('Next').closest('[aria-disabled]')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(nav).queryAllByRole('link', { name: /Previous|Next/ })).toHaveLength(0);
  });

  it('links Previous, first, current, next and Next on a middle page', () => {
    renderRoute(<Pagination page={3} hasNext hrefForPage={hrefForPage} />);
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Previous', '/?page=2'],
      ['1', '/?page=1'],
      ['3', '/?page=3'],
      ['4', '/?page=4'],
      ['Next', '/?page=4'],
    ]);
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });
});

/** A row of items as text: numbers, '[n]' for the current page, '…' for an ellipsis. */
function row(items: ReturnType<typeof windowPageItems>) {
  return items
    .map((item) =>
      item.kind === 'ellipsis' ? '…' : item.current ? `[${item.page}]` : String(item.page),
    )
    .join(' ');
}

describe('search pagination', () => {
  it('shows the first page, the current one with its neighbours, the last, and ellipses over gaps', () => {
    expect(row(windowPageItems(1, 26, 3))).toBe('[1] 2 3 4 5 6 7 … 26');
    expect(row(windowPageItems(5, 26, 3))).toBe('1 2 3 4 [5] 6 7 8 … 26');
    expect(row(windowPageItems(13, 26, 3))).toBe('1 … 10 11 12 [13] 14 15 16 … 26');
    expect(row(windowPageItems(26, 26, 3))).toBe('1 … 20 21 22 23 24 25 [26]');
    expect(row(windowPageItems(3, 4, 3))).toBe('1 2 [3] 4');
    expect(row(windowPageItems(1, 1, 3))).toBe('[1]');
    expect(row(windowPageItems(13, 26, 1))).toBe('1 … 12 [13] 14 … 26');
  });

  it('keeps three neighbours from sm up and one on phones', () => {
    const items = searchPageItems(13, 26);
    expect(row(items)).toBe('1 … 10 11 12 [13] 14 … 15 16 … 26');
    const on = (screen: 'wide' | 'narrow') =>
      row(items.filter((item) => item.only === undefined || item.only === screen));
    expect(on('wide')).toBe('1 … 10 11 12 [13] 14 15 16 … 26');
    expect(on('narrow')).toBe('1 … 12 [13] 14 … 26');
  });

  it('with a page count, disables Next on the last page and links the last page', () => {
    renderRoute(<Pagination page={26} totalPages={26} hrefForPage={hrefForPage} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Next').closest('[aria-disabled]')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/?page=25',
    );
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/?page=1');
    expect(within(nav).getByRole('link', { name: 'Page 26' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
