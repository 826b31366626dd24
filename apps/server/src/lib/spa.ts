/**
 * Serves the built SPA: hashed assets immutable for a year, index.html never cached and
 * compressed, and the history fallback (any GET that is not an API, image or gateway path gets
 * index.html). Pages a
 * crawler or a link preview should understand without JavaScript get their title, description,
 * canonical URL, Open Graph tags and JSON-LD written into the HTML; a path outside the route
 * table answers 404 (with the SPA, which shows the not-found page). Every page also announces
 * what it needs first (first-load.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstLoadTags, matchRoute, pageModulePreloads, type Answers } from './first-load.js';
import { escapeHtml, safeJson } from './html.js';

const NOT_SPA = /^\/(api|images|sandbox-pay)(\/|$)/;

export interface PageMeta {
  title: string;
  description: string;
  /** Absent on a 404: a page that names nothing has no canonical form. */
  canonicalUrl?: string;
  image?: string;
  type?: 'website' | 'product';
  jsonLd?: object;
  /** 404 when the page names something that does not exist. */
  status?: 200 | 404;
}

/**
 * Meta for a path, or null when the path has none of its own (the shell's defaults apply).
 * `answers` are the page's first answers (first-load.ts), which it may be made from.
 */
export type PageMetaResolver = (path: string, answers: Answers) => Promise<PageMeta | null>;

export function renderMeta(html: string, meta: PageMeta): string {
  const tags = [
    ...(meta.canonicalUrl
      ? [
          `<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}" />`,
          `<meta property="og:url" content="${escapeHtml(meta.canonicalUrl)}" />`,
        ]
      : []),
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    ...(meta.jsonLd
      ? [`<script type="application/ld+json">${safeJson(meta.jsonLd)}</script>`]
      : []),
  ].join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description"[^>]*>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}

export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  resolveMeta: PageMetaResolver,
) {
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
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  let indexHtml: string | undefined;
  const preloadsOf = pageModulePreloads(webDist);
  const sendIndex = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    search: string,
  ) => {
    indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    // The verification link carries a one-time token: never leak it in a Referer (reliability §4).
    if (path.startsWith('/verify-email')) reply.header('referrer-policy', 'no-referrer');
    if (!indexHtml)
      return reply.status(503).send({ detail: 'The web app is not built', code: 'web_not_built' });
    let html = indexHtml;
    const route = matchRoute(path);
    let status = route ? 200 : 404;
    // What the page needs first (decision 036); a failure here costs speed, never the page.
    const firstLoad = await firstLoadTags(app, preloadsOf, route, path, search).catch(
      (error: unknown) => {
        request.log.warn({ err: error }, 'first-load tags failed');
        return { tags: [], answers: {} };
      },
    );
    const meta =
      status === 200
        ? await resolveMeta(path, firstLoad.answers).catch((error: unknown) => {
            request.log.warn({ err: error }, 'page meta failed');
            return null;
          })
        : null;
    if (meta) {
      html = renderMeta(html, meta);
      status = meta.status ?? 200;
    }
    html = html.replace('</head>', `    ${firstLoad.tags.join('\n    ')}\n  </head>`);
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
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
  app.setNotFoundHandler(notFoundJson);
}

function notFoundJson(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  return reply
    .status(404)
    .send({ detail: `No route for ${request.method} ${path}`, code: 'not_found' });
}

/** The router has refused a path that does not decode (400 bad_url); this is a second guard. */
function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
