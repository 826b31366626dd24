import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchResultsParams } from '@storefront/shared/catalog-calls';
import { searchConfigQueryOptions } from '../../../lib/api/get-search-config';
import {
  answerSearch,
  deferred,
  engineAnswer,
  liteClientCalls,
  searchRecord,
  SEARCH_CONFIG,
  searchRequests,
  serveSearchConfig,
  type FakeSearchAnswer,
} from '../../../test/fake-search';
import {
  fakeImages,
  hangingImages,
  mockFetch,
  renderRoute,
  testQueryClient,
} from '../../../test/render';
import { firstResultsKey } from '../api/first-results';
import { SearchPage } from './search-page';

vi.mock('algoliasearch/lite', () => import('../../../test/fake-search'));

// The page loads its results lazily; loading that module once here keeps its first transform
// (over a second on a slow moment) out of the first test's findBy timeouts.
beforeAll(() => import('../components/search-results'));

function renderSearch(path: string) {
  return renderRoute(<SearchPage />, { path, route: '/search' });
}

const results = () => screen.getByTestId('search-results');
/**
 * A hit's name heading, by its text. (Highlight marks split the text into several elements, and
 * Testing Library's name computation drops the space after a mark, so roles by name won't do.)
 */
const hitHeading = (name: string) => (_: string, element: Element | null) =>
  element?.tagName === 'H3' && element.textContent === name;
const findHit = (name: string) => screen.findByText(hitHeading(name));
const hitNames = () =>
  within(results())
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  answerSearch(() => ({ hits: [] }));
});

describe('the search page', () => {
  it('shows the breadcrumb Home / Search Results and the heading for the query', async () => {
    fakeImages();
    serveSearchConfig();
    renderSearch('/search?q=steel%20bottle');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Search Results for "steel bottle"',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home', 'Search Results']);
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Search Results for "steel bottle" | B2B Storefront');
    await screen.findByText('No products found for your search.');
  });

  it('without a query shows the heading and a prompt, and asks nothing', () => {
    const calls = serveSearchConfig();
    renderSearch('/search');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Search Results$/);
    expect(screen.getByText('What are you looking for?')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(liteClientCalls).toEqual([]);
  });

  it('shows six skeleton rows while the search is on its way', async () => {
    serveSearchConfig();
    answerSearch(() => new Promise<FakeSearchAnswer>(() => undefined));
    renderSearch('/search?q=mug');
    await waitFor(() => expect(searchRequests).toHaveLength(1));
    expect(screen.getAllByTestId('product-row-skeleton')).toHaveLength(6);
    expect(screen.getByTestId('result-text')).toHaveTextContent('Searching...');
  });

  it('keeps the six skeleton rows while the images are checked', async () => {
    hangingImages();
    serveSearchConfig();
    answerSearch(() => ({ hits: [searchRecord({ name: 'Steel Mug' })] }));
    renderSearch('/search?q=mug');
    expect(await screen.findByText('Validating images...')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-row-skeleton')).toHaveLength(6);
  });

  it('asks the index for the query and 20 hits of page 1, the name highlighted, through the configured client', async () => {
    fakeImages();
    serveSearchConfig();
    renderSearch('/search?q=steel%20mug');
    await screen.findByText('No products found for your search.');
    expect(liteClientCalls[0]?.slice(0, 2)).toEqual(['storefront', 'public']);
    expect(searchRequests[0]).toMatchObject({
      indexName: 'product_index',
      query: 'steel mug',
      page: 0,
      hitsPerPage: 20,
      attributesToHighlight: ['name'],
      clickAnalytics: true,
    });
    // What the server searches to render the page asks the same (decision 070).
    expect(searchRequests[0]).toMatchObject(searchResultsParams('steel mug', 1));
  });

  it('starts from the results the page was served with, and asks the engine nothing', async () => {
    fakeImages();
    const client = testQueryClient();
    client.setQueryData(searchConfigQueryOptions().queryKey, SEARCH_CONFIG);
    const mug = searchRecord({ name: 'Steel Mug 300 ml' });
    const served = { indexName: SEARCH_CONFIG.indexName, ...searchResultsParams('steel', 2) };
    client.setQueryData(
      firstResultsKey('steel', 2),
      engineAnswer(served, { hits: [mug], nbHits: 41 }),
    );
    renderRoute(<SearchPage />, { path: '/search?q=steel&page=2', route: '/search', client });
    expect(await findHit('Steel Mug 300 ml')).toBeInTheDocument();
    expect(within(results()).getByText('Steel', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.getByTestId('result-text')).toHaveTextContent('41 products found · Page 2 of 3');
    expect(searchRequests).toEqual([]);
  });

  it('lists the hits with the name highlighted, the price and View Product to /products/{objectID}', async () => {
    fakeImages();
    serveSearchConfig();
    const mug = searchRecord({ objectID: 'a'.repeat(24), name: 'Steel Mug 300 ml', sp: 1299 });
    const jar = searchRecord({ objectID: 'b'.repeat(24), name: 'Steel Jar 1 L' });
    answerSearch(() => ({ hits: [mug, jar], nbHits: 2 }));
    renderSearch('/search?q=steel');
    await screen.findByTestId('search-results');
    expect(hitNames()).toEqual(['Steel Mug 300 ml', 'Steel Jar 1 L']);
    const first = within(results()).getAllByTestId('search-hit')[0]!;
    expect(within(first).getByText('Steel', { selector: 'mark' })).toBeInTheDocument();
    // One unit with Ex-India Customs, GST included; the sale price as the list price.
    expect(within(first).getByTestId('card-price')).toHaveTextContent(/^₹1,493\.85$/);
    expect(within(first).getByTestId('list-price')).toHaveTextContent('List price ₹1,299.00');
    expect(within(first).getByRole('link', { name: 'View Product' })).toHaveAttribute(
      'href',
      `/products/${'a'.repeat(24)}`,
    );
    expect(first.querySelector('img')).toHaveAttribute('alt', 'Steel Mug 300 ml');
    expect(screen.getByTestId('result-text')).toHaveTextContent('2 products found · Page 1 of 1');
  });

  it('renders markup in a name as text, never as HTML', async () => {
    fakeImages();
    serveSearchConfig();
    const name = 'Mug <img src=x onerror=alert(1)> <b>bold</b>';
    answerSearch(() => ({ hits: [searchRecord({ name })] }));
    renderSearch('/search?q=mug');
    await screen.findByTestId('search-results');
    expect(hitNames()).toEqual([name]);
    expect(results().querySelector('b, img[src="x"]')).toBeNull();
  });

  it('drops hits whose first image does not load', async () => {
    fakeImages();
    serveSearchConfig();
    answerSearch(() => ({
      hits: [
        searchRecord({ name: 'Good Mug' }),
        searchRecord({ name: 'Broken Mug', images: ['products/X-missing'] }),
        searchRecord({ name: 'Bare Mug', images: [] }),
      ],
    }));
    renderSearch('/search?q=mug');
    await screen.findByTestId('search-results');
    expect(hitNames()).toEqual(['Good Mug']);
  });

  it("says 'No products found for your search.' with Continue Shopping when nothing matched", async () => {
    fakeImages();
    serveSearchConfig();
    renderSearch('/search?q=zzqx');
    expect(await screen.findByText('No products found for your search.')).toBeInTheDocument();
    expect(screen.getByText('Try different keywords or browse our categories.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says how many matched when none of their images loaded', async () => {
    fakeImages();
    serveSearchConfig();
    answerSearch(() => ({
      hits: [
        searchRecord({ images: ['products/A-missing'] }),
        searchRecord({ images: ['products/B-missing'] }),
      ],
    }));
    renderSearch('/search?q=mug');
    expect(
      await screen.findByText('No products found with valid images for your search.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('2 product(s) matched, but their images could not be loaded.'),
    ).toBeInTheDocument();
  });

  it('pages through the URL: first, neighbours, last, and Previous/Next disabled at the ends', async () => {
    fakeImages();
    serveSearchConfig();
    answerSearch((request) => ({
      hits: [searchRecord({ name: `Mug on page ${(request.page ?? 0) + 1}` })],
      nbHits: 200,
    }));
    const user = userEvent.setup();
    const { router } = renderSearch('/search?q=mug');
    await findHit('Mug on page 1');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label') ?? a.textContent),
    ).toEqual([
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 6',
      'Page 7',
      'Page 10',
      'Next',
    ]);
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(nav).getByRole('link', { name: 'Page 10' }));
    expect(await findHit('Mug on page 10')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=mug&page=10');
    expect(searchRequests.at(-1)).toMatchObject({ query: 'mug', page: 9 });
    const last = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(last).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(last).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/search?q=mug&page=9',
    );

    // Back restores page 1 and its results.
    await router.navigate(-1);
    expect(await findHit('Mug on page 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=mug');
  });

  it('past the last page offers the last page instead of claiming nothing was found', async () => {
    fakeImages();
    serveSearchConfig();
    answerSearch((request) => ({
      hits: (request.page ?? 0) < 3 ? [searchRecord({ name: 'Steel Mug' })] : [],
      nbHits: 41,
    }));
    renderSearch('/search?q=mug&page=9');
    expect(
      await screen.findByText('This page is past the end of the results.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No products found for your search.')).not.toBeInTheDocument();
    expect(screen.getByTestId('result-text')).toHaveTextContent(/^41 products found$/);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/search?q=mug&page=3',
    );
  });

  it('runs a new query when the URL changes, and scrolls smoothly to the top', async () => {
    fakeImages();
    serveSearchConfig();
    answerSearch((request) => ({ hits: [searchRecord({ name: `${request.query} result` })] }));
    const { router } = renderSearch('/search?q=mug');
    await findHit('mug result');
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await router.navigate('/search?q=jar');
    expect(await findHit('jar result')).toBeInTheDocument();
    expect(screen.queryByText(hitHeading('mug result'))).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search Results for "jar"');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('hides the previous results while the next page loads', async () => {
    fakeImages();
    serveSearchConfig();
    const second = deferred<FakeSearchAnswer>();
    answerSearch((request) =>
      request.page === 1 ? second.promise : { hits: [searchRecord({ name: 'First' })], nbHits: 40 },
    );
    const { router } = renderSearch('/search?q=mug');
    await findHit('First');
    await router.navigate('/search?q=mug&page=2');
    await waitFor(() => expect(screen.getAllByTestId('product-row-skeleton')).toHaveLength(6));
    expect(screen.queryByText(hitHeading('First'))).not.toBeInTheDocument();
    second.resolve({ hits: [searchRecord({ name: 'Second' })], nbHits: 40 });
    expect(await findHit('Second')).toBeInTheDocument();
  });

  it('shows an error with Try again when the search fails, and recovers on retry', async () => {
    fakeImages();
    serveSearchConfig();
    let fail = true;
    answerSearch(() => {
      if (fail) throw new Error('Unreachable hosts');
      return { hits: [searchRecord({ name: 'Steel Mug' })] };
    });
    const user = userEvent.setup();
    renderSearch('/search?q=mug');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Search is not available right now');
    expect(alert).toHaveTextContent(
      'We could not load results for your search. Check your connection and try again.',
    );
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findHit('Steel Mug')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error with Try again when the search config cannot be loaded', async () => {
    fakeImages();
    let up = false;
    mockFetch((url) =>
      url.pathname === '/api/search/config'
        ? up
          ? { body: SEARCH_CONFIG }
          : { status: 500, body: { detail: 'down', code: 'internal' } }
        : undefined,
    );
    answerSearch(() => ({ hits: [searchRecord({ name: 'Steel Mug' })] }));
    const user = userEvent.setup();
    renderSearch('/search?q=mug');
    const alert = await screen.findByRole('alert');
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findHit('Steel Mug')).toBeInTheDocument();
  });
});
