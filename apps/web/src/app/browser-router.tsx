/**
 * React Router in its declarative mode over the browser's history. The app has no loaders or
 * actions, so it carries the router's matching and history only, not its data router (13 KB
 * gzipped instead of 31 on every route; decision 033). Navigations run in a transition: the
 * page on screen stays until the next page's code has loaded, and `useNavigationPending` tells
 * the frame that one is on its way.
 *
 * React Router's public BrowserRouter runs navigations in a transition too, but nothing public
 * says when one is pending, so this builds on its UNSAFE_createBrowserHistory: react-router is
 * pinned to an exact version (package.json) and browser-router.test.tsx checks what this uses.
 */
import {
  createContext,
  useContext,
  useLayoutEffect,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import {
  createPath,
  Router,
  type Location,
  UNSAFE_createBrowserHistory as createBrowserHistory,
} from 'react-router';

const NavigationPending = createContext(false);

/** Where the browser is now, as the router reads it. */
export function browserLocation(): Location {
  return createBrowserHistory({ v5Compat: true }).location;
}

/**
 * `firstLocation`: the location a server-rendered page was made for (decision 070), read before
 * any script could move it, so hydration renders the server's tree; a navigation made since,
 * while the page hydrated, is caught up with once the router listens.
 */
export function BrowserRouter({
  children,
  firstLocation,
}: {
  children: ReactNode;
  firstLocation?: Location;
}) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [first] = useState(() => firstLocation ?? history.location);
  const [state, setState] = useState({ action: history.action, location: first });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => {
    const navigate = (update: typeof state) => startTransition(() => setState(update));
    const stop = history.listen(navigate);
    const { action, location } = history;
    if (createPath(location) !== createPath(first)) navigate({ action, location });
    return stop;
  }, [history, first]);
  return (
    <NavigationPending value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPending>
  );
}

/** True while a navigation waits for the next page's code. */
export function useNavigationPending() {
  return useContext(NavigationPending);
}
