import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerSearch,
  deferred,
  liteClientCalls,
  searchRecord,
  searchRequests,
  serveSearchConfig,
  type FakeSearchAnswer,
} from '../../test/fake-search';
import { fakeImages, renderRoute } from '../../test/render';
import { SearchBox } from './search-box';

vi.mock('algoliasearch/lite', () => import('../../test/fake-search'));

const PRODUCTS = [
  'Stainless Steel Floor Mop',
  'Stainless Steel Scrub Sponge',
  'Stainless Steel Hinge 3 inch',
  'Stainless Steel Table Lamp',
  'Stainless Steel Hinge 4 inch',
].map((name, i) => searchRecord({ objectID: String(i + 1).repeat(24), name, sp: 2799 + i }));

function setUp(path = '/', route = '/') {
  fakeImages();
  const calls = serveSearchConfig();
  const user = userEvent.setup();
  const view = renderRoute(<SearchBox />, { path, route });
  const box = screen.getByRole('combobox', { name: 'Search products' });
  return { ...view, user, box, calls };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const options = () =>
  within(screen.getByRole('listbox', { hidden: true })).queryAllByRole('option');

beforeEach(() => {
  answerSearch(() => ({ hits: PRODUCTS }));
});

describe('the header search suggestions', () => {
  // The first test also loads the suggestions' chunk (the search client, react-instantsearch),
  // transformed on first import in a test run: seconds on a busy machine.
  it('loads nothing until used, then asks from 2 characters, once the typing pauses', async () => {
    const { user, box, calls } = setUp();
    expect(liteClientCalls).toEqual([]);
    expect(calls).toEqual([]);

    await user.type(box, 's');
    await pause(300);
    expect(searchRequests).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'tainl');
    await waitFor(() => expect(options()).toHaveLength(5), { timeout: 15_000 });
    expect(calls).toEqual(['/api/search/config']);
    expect(searchRequests).toHaveLength(1);
    expect(searchRequests[0]).toMatchObject({
      indexName: 'product_index',
      query: 'stainl',
      hitsPerPage: 5,
      attributesToRetrieve: ['name', 'imgUrl', 'sp'],
      attributesToHighlight: ['name'],
    });
  }, 20_000);

  it('shows each name with the match marked, a thumbnail and one unit’s price as a card shows it', async () => {
    const { user, box } = setUp();
    await user.type(box, 'stainless');
    const first = await waitFor(() => {
      const option = options()[0];
      expect(option?.querySelector('mark')).toHaveTextContent('Stainless');
      return option!;
    });
    expect(first).toHaveTextContent('Stainless Steel Floor Mop');
    // ₹2,799.00 × 1.15 (Ex-India Customs), GST included: the price a card and the cart show.
    expect(first).toHaveTextContent('₹3,218.85');
    expect(first.querySelector('img')).toHaveAttribute(
      'src',
      `/images/${PRODUCTS[0]!.images[0]}.png?w=160`,
    );
  });

  it('is a combobox: the arrows move through the options and wrap, Enter opens the product', async () => {
    const { user, box, router } = setUp();
    await user.type(box, 'stainl');
    await waitFor(() => expect(options()).toHaveLength(5));
    const listbox = screen.getByRole('listbox');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(box).not.toHaveAttribute('aria-activedescendant');

    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(options()[0]);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe(options()[4]);
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(options()[0]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe(options()[2]);
    expect(options().filter((o) => o.getAttribute('aria-selected') === 'true')).toHaveLength(1);

    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/products/${'3'.repeat(24)}`);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter with no option highlighted searches for the text', async () => {
    const { user, box, router } = setUp();
    await user.type(box, 'steel mug');
    await waitFor(() => expect(options()).toHaveLength(5));
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=steel%20mug');
  });

  it('a click on a suggestion opens its product', async () => {
    const { user, box, router } = setUp();
    await user.type(box, 'stainl');
    await waitFor(() => expect(options()).toHaveLength(5));
    await user.click(options()[1]!);
    expect(router.state.location.pathname).toBe(`/products/${'2'.repeat(24)}`);
  });

  it('Escape closes the list and keeps the text; so does a click outside', async () => {
    const { user, box } = setUp();
    await user.type(box, 'stainl');
    await waitFor(() => expect(options()).toHaveLength(5));
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('stainl');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('a slow answer for an earlier text never replaces the answer for the newer one', async () => {
    const slow = deferred<FakeSearchAnswer>();
    answerSearch((request) =>
      request.query === 'st'
        ? slow.promise
        : { hits: [searchRecord({ name: 'Steel Mug', objectID: 'f'.repeat(24) })] },
    );
    const { user, box } = setUp();
    await user.type(box, 'st');
    await waitFor(() => expect(searchRequests.map((r) => r.query)).toEqual(['st']));
    await user.type(box, 'e');
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(options()[0]).toHaveTextContent('Steel Mug');

    slow.resolve({ hits: [searchRecord({ name: 'Stale Stapler' })] });
    await pause(50);
    expect(options()).toHaveLength(1);
    expect(options()[0]).toHaveTextContent('Steel Mug');
    expect(screen.queryByText(/Stale Stapler/)).not.toBeInTheDocument();
  });

  it("shows the search page's query in the box", () => {
    const { box } = setUp('/search?q=steel%20mug', '/search');
    expect(box).toHaveValue('steel mug');
  });
});
