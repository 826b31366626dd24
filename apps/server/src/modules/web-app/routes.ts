/**
 * Serves the built web app: hashed assets immutable for a year, page HTML never cached and
 * compressed, and the history fallback (any GET that is not an API, image or gateway path gets
 * the page HTML). The path is matched against the route manifest once; the match decides the
 * status (a path outside it answers 404, with the app, which shows the not-found page), what
 * the page needs first (first-load.ts) and its meta (title, description, canonical URL, Open
 * Graph tags and JSON-LD, made by the module that owns the page's data). A catalog page's
 * body is rendered on the server from the same answers, and hydrated in the browser
 * (server-render.ts, decision 070).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPage, pageOf, type PageMatch } from '@storefront/shared/routes';
import { notFoundJson } from '../../lib/error-handler.js';
import { safeJson } from '../../lib/html.js';
import type { PageMeta, PageMetaMakers } from '../../lib/page-meta.js';
import { sendEntry, type ResponseCache } from '../../lib/response-cache.js';
import { TurnQueue } from '../../lib/turn-queue.js';
import { CONSOLE_HTML } from './console-routes.js';
import { renderMeta } from './page-head.js';
import { webAssets } from './build-manifest.js';
import { firstLoadTags, type FirstLoad } from './first-load.js';
import { serverRenderer, type CheckImages } from './server-render.js';

const NOT_SPA = /^\/(api|images|sandbox-pay)(\/|$)/;
/** A module script as Vite writes the entry's into the page. */
const moduleScript = (src: string) => `<script type="module" crossorigin src="${src}"></script>`;
const HTML = 'text/html; charset=utf-8';

export interface WebAppOptions {
  webDist: string;
  metaMakers: PageMetaMakers;
  checkImages: CheckImages;
  /** The server-rendered pages, by URL, emptied on every catalog change (module.ts). */
  pages: ResponseCache;
  renderTimeoutMs: number;
  /** The built-in engine answers the storefront's searches (not hosted Algolia). */
  searchesHere: boolean;
}

/** A page as sent: its status and its HTML, and whether it may be kept for the next visitor. */
interface Page {
  status: number;
  text: string;
  keep: boolean;
}

export function webAppRoutes({
  webDist,
  metaMakers,
  checkImages,
  pages,
  renderTimeoutMs,
  searchesHere,
}: WebAppOptions) {
  return async (app: FastifyInstance) => {
    const indexFile = join(webDist, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn(`No built web app at ${webDist}; run "npm run build" to serve the storefront.`);
    }
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts).
      preCompressed: true,
      // The console's HTML is served under /admin only, never cached (console-routes.ts).
      globIgnore: [CONSOLE_HTML],
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });

    let indexHtml: string | undefined;
    const assets = webAssets(webDist);
    const renderer = serverRenderer(webDist);
    // Loaded before the first request (a failure is logged there, on the first render).
    app.addHook('onReady', async () => {
      await renderer().catch(() => undefined);
    });
    /**
     * One render at a time: a render is all CPU on this one thread, so two at once finish no
     * sooner, while each one's working set (~1.4 MB a page) lives until both are done; under
     * load, interleaved renders kept the soak's memory over its budget (decision 070).
     */
    const renders = new TurnQueue();

    /**
     * The body a catalog page renders to on the server, or undefined (no renderer built, a
     * part that failed, a render past its time), leaving the page to the browser's render.
     */
    const renderBody = async (
      request: FastifyRequest,
      firstLoad: FirstLoad,
      signal: AbortSignal,
    ) => {
      try {
        const render = await renderer();
        if (!render) return undefined;
        const imageChecks = await checkImages(firstLoad.images);
        const rendered = await renders.run(async () => {
          signal.throwIfAborted();
          return render(request.url, firstLoad.answers, imageChecks, signal);
        });
        return { ...rendered, imageChecks };
      } catch (error) {
        if (signal.aborted)
          request.log.warn(
            { url: request.url, timeoutMs: renderTimeoutMs },
            'server render timed out; the browser renders the page',
          );
        else request.log.error({ err: error }, 'server render failed');
        return undefined;
      }
    };

    const makePage = async (
      request: FastifyRequest,
      indexHtml: string,
      path: string,
      match: PageMatch | undefined,
    ): Promise<Page> => {
      // The render's time counts from the request: one whose data, or whose turn, came late
      // is given up too.
      const signal = AbortSignal.timeout(renderTimeoutMs);
      let html = indexHtml;
      let status = match ? 200 : 404;
      // What the page needs first (decision 036); a failure here costs speed, never the page.
      const firstLoad = await firstLoadTags(app, assets.of, match, path, searchesHere).catch(
        (error: unknown): FirstLoad => {
          request.log.warn({ err: error }, 'first-load tags failed');
          return { tags: [], modules: [], answers: {}, images: [] };
        },
      );
      const metaKind = match && pageOf(match.name).meta;
      const meta: PageMeta | null =
        match && metaKind
          ? await metaMakers[metaKind](match, firstLoad.answers).catch((error: unknown) => {
              request.log.warn({ err: error }, 'page meta failed');
              return null;
            })
          : null;
      if (meta) {
        html = renderMeta(html, meta);
        status = meta.status ?? 200;
      }
      const rendered =
        match && pageOf(match.name).rendersOnServer
          ? await renderBody(request, firstLoad, signal)
          : undefined;
      // Replacer functions: the tags and the body carry catalog data, whose `$&`, `$'` or `$\``
      // a replacement string would expand into parts of the page.
      const head = (tags: string[]) =>
        html.replace(
          '</head>',
          () => `    ${[...firstLoad.tags, ...tags].join('\n    ')}\n  </head>`,
        );
      const modulePreloads = firstLoad.modules.map(
        (href) => `<link rel="modulepreload" crossorigin href="${href}" />`,
      );
      // The page reads without its scripts: they start after its paint (decision 085), where
      // the build has the starter and the HTML the entry's tag to hand over.
      const entryTag = assets.entry && moduleScript(assets.entry);
      if (!rendered || !assets.pageScripts || !entryTag || !html.includes(entryTag)) {
        html = head(modulePreloads);
        if (!rendered) return { status, text: html, keep: false };
      } else {
        html = head([
          `<script type="application/json" id="page-scripts">${safeJson({ modules: firstLoad.modules, entry: assets.entry })}</script>`,
          moduleScript(assets.pageScripts),
        ]).replace(entryTag, '');
      }
      html = html
        .replace(
          '</head>',
          () =>
            `    ${rendered.head}\n    <script type="application/json" id="image-checks">${safeJson(rendered.imageChecks)}</script>\n  </head>`,
        )
        .replace('<div id="root"></div>', () => `<div id="root">${rendered.body}</div>`);
      return { status, text: html, keep: true };
    };

    const sendIndex = async (
      request: FastifyRequest,
      reply: FastifyReply,
      path: string,
      search: string,
    ) => {
      indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
      // The emailed links carry a one-time token: never leak it in a Referer (reliability §4).
      if (/^\/(verify-email|reset-password|change-email)(\/|$)/.test(path))
        reply.header('referrer-policy', 'no-referrer');
      if (!indexHtml)
        return reply
          .status(503)
          .send({ detail: 'The web app is not built', code: 'web_not_built' });
      const html = indexHtml;
      const match = matchPage(path, new URLSearchParams(search));
      reply.header('cache-control', 'no-cache');
      // A server-rendered page is the same for every visitor (signed out, decision 070): kept by
      // its URL until the catalog changes. The others are made for each request.
      if (match && pageOf(match.name).rendersOnServer) {
        const key = request.url;
        const entry = await pages.entry(key, () => makePage(request, html, path, match));
        return sendEntry(pages, key, request, reply, entry, HTML);
      }
      const page = await makePage(request, html, path, match);
      return reply.status(page.status).type(HTML).send(page.text);
    };

    // A catch-all route rather than the not-found handler, so the page HTML goes through every
    // route hook, compression included (@fastify/compress covers routes only). The built files
    // and the API's routes are more specific and win; what is left of /api, /images and
    // /sandbox-pay answers the JSON 404.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const [path = '/', search = ''] = request.url.split('?', 2);
      if (NOT_SPA.test(path)) return notFoundJson(request, reply);
      return sendIndex(request, reply, decodePath(path), search);
    });
  };
}

/** The router has refused a path that does not decode (400 bad_url); this is a second guard. */
function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
