/**
 * The staff console's page (decision 045): GET /admin and every path under it answer the
 * console's own HTML (admin.html, its own bundle), never the storefront's, and no storefront
 * path answers the console's. The HTML is never stored by a cache (it is the door to staff
 * data, and names the build's current chunks) nor indexed by a search engine. The security
 * headers, CSP included, are the app-wide ones (lib/security-headers.ts), as for the storefront.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The console's HTML in the web build, which the static files leave out (routes.ts). */
export const CONSOLE_HTML = 'admin.html';

export function consoleRoutes(webDist: string) {
  return async (app: FastifyInstance) => {
    const htmlFile = join(webDist, CONSOLE_HTML);
    let html: string | undefined;
    const sendConsole = (reply: FastifyReply) => {
      html ??= existsSync(htmlFile) ? readFileSync(htmlFile, 'utf8') : undefined;
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      if (!html)
        return reply
          .status(503)
          .send({ detail: 'The console is not built', code: 'web_not_built' });
      return reply.type('text/html; charset=utf-8').send(html);
    };
    app.get('/admin', { schema: { hide: true } }, (_request, reply) => sendConsole(reply));
    app.get('/admin/*', { schema: { hide: true } }, (_request, reply) => sendConsole(reply));
  };
}
