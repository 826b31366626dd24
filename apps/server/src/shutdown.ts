/**
 * Graceful shutdown (issue 17 item 3): on SIGTERM or SIGINT the server stops listening, lets the
 * requests in flight finish (idle keep-alive connections are closed, also those that go idle after
 * their answer, and a new request on a busy one is answered 503), stops the workers (each module's onClose waits for its round), closes
 * the database and exits 0. A container runtime sends SIGKILL 10 s after SIGTERM (Docker's
 * default), so a shutdown still running after SHUTDOWN_GRACE_MS is cut short with exit code 1
 * and a line that says so: a hung request must not keep a replica half alive.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/connect.js';

/** Under the 10 s before a runtime's SIGKILL, leaving time to log and exit. */
export const SHUTDOWN_GRACE_MS = 8_000;

export function closeOnSignals(app: FastifyInstance, database: Database): void {
  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info(`${signal}: shutting down`);
    setTimeout(() => {
      app.log.error(`shutdown cut short: still closing ${SHUTDOWN_GRACE_MS} ms after ${signal}`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // Fastify closes the connections idle at close; one whose request is still in flight goes
    // idle only after its answer, and a keep-alive client would hold it open until its timeout.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info(`shut down in ${Date.now() - started} ms`);
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
