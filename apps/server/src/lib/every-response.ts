/**
 * What every answer carries, set by one onRequest hook, the first (a cached catalog read pays for
 * each hook it passes): the security headers (security-headers.ts), the request id, and, once the
 * app began to close, the draining refusal.
 *
 * Request ids (issue 23): nginx sends its `$request_id` as X-Request-Id, the replica logs every
 * line of the request with it (`reqId`, request-id.ts) and answers it back, so a buyer's report,
 * nginx's access log and the replica's log meet.
 *
 * Draining: once the app begins to close (a SIGTERM, shutdown.ts), a request that still reaches
 * it, on a keep-alive connection or in the moment before the listener closes, is answered 503
 * `draining` with Connection: close, in the API's error format, and readiness with it: nginx and
 * any balancer send it to another replica. (Fastify's own 503 at closing has another body.)
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import type { SecurityHeaders } from './security-headers.js';

export function registerEveryResponse(app: FastifyInstance, headers: SecurityHeaders): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  // Listed once: reply.headers(object) lists the object's keys again on every request.
  const names = Object.keys(headers);
  app.addHook('onRequest', (request, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    reply.header(REQUEST_ID_HEADER, request.id);
    if (!draining) return done();
    reply.header('connection', 'close').header('retry-after', '1');
    done(new AppError('unavailable', 'draining', 'The server is shutting down; please retry'));
  });
}
