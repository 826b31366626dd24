/**
 * BrowserRouter builds on React Router's UNSAFE_createBrowserHistory, which React Router may
 * change in any release: no public API runs a navigation in a transition of our own and tells
 * us it is pending. react-router is pinned to an exact version (package.json), and these tests
 * check what the router relies on, so an upgrade that changes it fails here first.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes, UNSAFE_createBrowserHistory, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter, browserLocation, useNavigationPending } from './browser-router';

afterEach(() => window.history.replaceState(null, '', '/'));

describe("React Router's browser history, as BrowserRouter uses it", () => {
  it('tells a listener of every push, replace and Back, with the action and the new location', async () => {
    const history = UNSAFE_createBrowserHistory({ v5Compat: true });
    expect(history.action).toBe('POP');
    expect(history.location.pathname).toBe('/');
    const updates: string[] = [];
    const stop = history.listen(({ action, location }) =>
      updates.push(`${action} ${location.pathname}${location.search}`),
    );

    history.push('/cart');
    history.replace('/cart?step=2');
    const back = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    history.go(-1);
    await back;
    stop();

    expect(updates).toEqual(['PUSH /cart', 'REPLACE /cart?step=2', 'POP /']);
    expect(history.action).toBe('POP');
    expect(history.location.pathname).toBe('/');
  });

  it('gives each entry a key that stays with it (scroll restoration keys on it)', () => {
    const history = UNSAFE_createBrowserHistory({ v5Compat: true });
    history.push('/orders');
    const { key } = history.location;
    expect(key).toMatch(/\S/);
    expect(UNSAFE_createBrowserHistory({ v5Compat: true }).location.key).toBe(key);
    expect(history.createHref({ pathname: '/orders', search: '?q=1' })).toBe('/orders?q=1');
  });
});

function Frame() {
  const pending = useNavigationPending();
  const { pathname } = useLocation();
  return (
    <>
      <p>{pending ? 'pending' : 'settled'}</p>
      <p>at {pathname}</p>
      <Link to="/next">next</Link>
    </>
  );
}

describe('BrowserRouter', () => {
  it('keeps the page on screen while the next page’s code loads, and says one is pending', async () => {
    let loadNext: (module: { default: () => React.ReactElement }) => void = () => undefined;
    const NextPage = lazy(
      () => new Promise<{ default: () => React.ReactElement }>((resolve) => (loadNext = resolve)),
    );
    render(
      <BrowserRouter>
        <Frame />
        <Suspense fallback={<p>fallback</p>}>
          <Routes>
            <Route path="/" element={<p>first page</p>} />
            <Route path="/next" element={<NextPage />} />
          </Routes>
        </Suspense>
      </BrowserRouter>,
    );
    expect(screen.getByText('settled')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(window.location.pathname).toBe('/next');
    expect(await screen.findByText('pending')).toBeInTheDocument();
    expect(screen.getByText('first page')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).not.toBeInTheDocument();

    await act(async () => loadNext({ default: () => <p>next page</p> }));
    expect(await screen.findByText('next page')).toBeInTheDocument();
    expect(screen.getByText('at /next')).toBeInTheDocument();
    expect(screen.getByText('settled')).toBeInTheDocument();
  });

  it('follows the browser’s Back button', async () => {
    render(
      <BrowserRouter>
        <Frame />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(await screen.findByText('at /next')).toBeInTheDocument();
    await act(async () => {
      const back = new Promise((resolve) =>
        window.addEventListener('popstate', resolve, { once: true }),
      );
      window.history.back();
      await back;
    });
    expect(await screen.findByText('at /')).toBeInTheDocument();
  });

  it('renders the served location first, then one a script moved to before it listened', async () => {
    const served = browserLocation();
    // A server-rendered page is live while it hydrates (decision 070): a script's navigation
    // can come before the router listens.
    window.history.pushState(null, '', '/next?page=2');
    const seen: string[] = [];
    function Seen() {
      const { pathname, search } = useLocation();
      seen.push(`${pathname}${search}`);
      return null;
    }
    render(
      <BrowserRouter firstLocation={served}>
        <Seen />
      </BrowserRouter>,
    );
    await waitFor(() => expect(seen.at(-1)).toBe('/next?page=2'));
    expect(seen[0]).toBe('/');
  });
});
