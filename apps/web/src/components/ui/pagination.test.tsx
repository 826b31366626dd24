import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render';
import { listingPageItems, Pagination } from './pagination';

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
