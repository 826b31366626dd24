// First: shared schemas must be built with zod's jitless parsing (CSP, lib/zod-config).
import './lib/zod-config';
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchPage } from '@storefront/shared/routes';
import './index.css';
import { readPageState, seedFirstState } from './app/first-state';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { BrowserRouter, browserLocation } from './app/browser-router';
import { loadFirstPage } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
// The URL the page was served for, before any other script can change it (decision 070).
const served = browserLocation();
const { pathname, search } = served;
// The answers (and image checks) inside the page, in the cache before the first render: a
// server-rendered page was rendered from the same ones, so hydration finds the same tree (decision 070).
const { answerOf, imageChecks } = readPageState();
seedFirstState(
  queryClient,
  matchPage(decodePath(pathname), new URLSearchParams(search)),
  answerOf,
  imageChecks,
);

const ServedRouter = ({ children }: { children: ReactNode }) => (
  <BrowserRouter firstLocation={served}>{children}</BrowserRouter>
);
const app = <App client={queryClient} Router={ServedRouter} />;

// The first page's module first, so the frame and the page paint (or hydrate) together
// (router.tsx). Hydration runs as a transition, so React yields to the browser between units
// of work instead of one long task; what is inside a Suspense boundary whose code is still
// loading hydrates when it arrives (decision 070).
// The router renders the served URL first and catches up with a navigation made meanwhile.
void loadFirstPage(pathname).then(() => {
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});

function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
