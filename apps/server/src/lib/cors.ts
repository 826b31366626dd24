/**
 * CORS with an exact allowlist (ASVS 5.0 3.4.2, 4.0.3 14.5.3; reliability-and-security.md G22):
 * an allowed Origin is echoed with `Vary: Origin`; any other origin, `null` included, gets no
 * Access-Control-Allow-Origin at all. Preflights may carry the `refresh-token` and
 * `Idempotency-Key` headers the web app sends.
 */
import type { FastifyInstance } from 'fastify';

const ALLOWED_HEADERS = 'authorization, content-type, refresh-token, idempotency-key';
const ALLOWED_METHODS = 'GET, POST, PATCH, DELETE';

export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  // A callback hook, not an async one: a promise and a microtask saved on every request.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    const permitted = typeof origin === 'string' && allowed.has(origin);
    if (permitted) reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (permitted) {
        reply
          .header('access-control-allow-methods', ALLOWED_METHODS)
          .header('access-control-allow-headers', ALLOWED_HEADERS)
          .header('access-control-max-age', '600');
      }
      // Answered: the request goes no further (done is not called).
      reply.status(204).send();
      return;
    }
    done();
  });
}
