/**
 * The web build's server renderer (apps/web/src/entry-server.tsx, decision 070), built beside
 * the browser's build (`dist-ssr` next to `dist`, so a renderer always matches the chunks its
 * pages hydrate with) and loaded as the server starts. Without one (the web app not
 * built, or a test's own shell) pages are rendered in the browser, as they were before.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Answers } from '../../lib/page-meta.js';
import type { ImageSources } from '../images/check.js';

/** The existence checks of the images a page shows, by check URL (images/check.ts). */
export type ImageChecks = Record<string, boolean>;
export type CheckImages = (items: ImageSources[]) => Promise<ImageChecks>;

/**
 * The page at `url` (path and query) made from its first answers and its images' checks: the
 * resources it asks for (`<link>`s for the head) and the HTML inside #root. It throws when a
 * part failed, or `signal`'s reason once it is aborted.
 */
export type RenderPage = (
  url: string,
  answers: Answers,
  imageChecks: ImageChecks,
  signal: AbortSignal,
) => Promise<{ head: string; body: string }>;

/**
 * The renderer, loaded once with the modules of the pages it renders: the server asks for it as
 * it starts (web-app/routes.ts), so a render's bounded time is never a module's loading.
 */
export function serverRenderer(webDist: string): () => Promise<RenderPage | undefined> {
  const file = join(webDist, '..', 'dist-ssr', 'entry-server.js');
  let loading: Promise<RenderPage | undefined> | undefined;
  const load = async () => {
    const module = (await import(pathToFileURL(file).href)) as {
      renderPage: RenderPage;
      preparePages: () => Promise<void>;
    };
    await module.preparePages();
    return module.renderPage;
  };
  return () => (loading ??= existsSync(file) ? load() : Promise.resolve(undefined));
}
