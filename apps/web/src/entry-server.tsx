/**
 * The storefront's server renderer (decision 070): a catalog page as complete HTML, from the
 * route manifest's match and the first answers the server inlines in the page (decision 036),
 * seeded into React Query's cache exactly as the browser seeds them before it hydrates. The
 * whole tree is rendered, lazy parts included (react-dom/static waits for every Suspense
 * boundary), so the HTML carries no inline script and no streaming: the CSP stays as it is.
 * The view is the signed-out one: tokens live in the browser (spec §3), which fills the signed-in
 * parts in after hydration.
 */
import './lib/zod-config';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { matchPage, NOT_FOUND_PAGE, PAGE_LIST } from '@storefront/shared/routes';
import { seedFirstState, type ImageChecks } from './app/first-state';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { loadPages } from './app/router';

/**
 * React writes the resources a render asked for (`preload()`, an `<img fetchPriority>`) as
 * `<link>` elements ahead of the tree when it renders less than a whole document: they belong
 * in the page's head.
 */
const LEADING_LINKS = /^(?:<link [^>]*\/>)*/;

/**
 * Loads the module of every page the server renders (and of the not-found page they may show),
 * so that no request's render, whose time is bounded, waits for one.
 */
export function preparePages(): Promise<void> {
  return loadPages([
    ...PAGE_LIST.map(([, definition]) => definition).filter(
      (definition) => definition.rendersOnServer,
    ),
    NOT_FOUND_PAGE,
  ]);
}

/**
 * The page at `url` (path and query) rendered from `answers` (by call URL) and the checks of
 * the images it shows (spec §4: a page waits for them): the resources it asks for, for the
 * head, and the HTML of #root. `signal` ends a render that runs too long: it then throws, as a
 * render in which a part failed does.
 */
export async function renderPage(
  url: string,
  answers: Readonly<Record<string, unknown>>,
  imageChecks: ImageChecks,
  signal: AbortSignal,
): Promise<{ head: string; body: string }> {
  const client = createQueryClient();
  const { pathname, searchParams } = new URL(url, 'http://storefront.invalid');
  seedFirstState(
    client,
    matchPage(decodeURI(pathname), searchParams),
    (call) => answers[call],
    imageChecks,
  );
  try {
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <App
        client={client}
        Router={({ children }: { children: ReactNode }) => (
          <StaticRouter location={url}>{children}</StaticRouter>
        )}
      />,
      // One chunk: React would otherwise write a large boundary's content after its fallback, to
      // be moved in place by an inline script, which the CSP refuses.
      {
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError: (error) => void errors.push(error),
        signal,
      },
    );
    // What an aborted render left unfinished would be the browser's: the whole page is then.
    signal.throwIfAborted();
    // A part that threw would be left to the browser with a recoverable error: the page is then
    // the browser's to render whole (the server falls back to the empty #root).
    if (errors.length) throw new AggregateError(errors, `${url} did not render on the server`);
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(chunk as Buffer);
    const html = Buffer.concat(chunks).toString('utf8');
    const head = LEADING_LINKS.exec(html)![0];
    return { head, body: html.slice(head.length) };
  } finally {
    client.clear();
  }
}
