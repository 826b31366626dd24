/**
 * Once the app begins to close (a SIGTERM, shutdown.ts), a request that still reaches it, on a
 * keep-alive connection or in the moment before the listener closes, is answered 503 `draining`
 * with Connection: close, in the API's error format, and readiness with it: nginx and any
 * balancer send it to another replica. (Fastify's own 503 at closing has another body.)
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.header('connection', 'close').header('retry-after', '1');
    done(new AppError('unavailable', 'draining', 'The server is shutting down; please retry'));
  });
}
