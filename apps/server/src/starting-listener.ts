/**
 * While a replica migrates its database and builds its app, its port already answers (issue 23):
 * alive (`/api/health/live` 200) and not ready (`/api/health/ready` and everything else 503 with
 * `starting`, Retry-After), so an orchestrator neither kills a replica in a long migration nor
 * sends it buyers. The app takes the port over when it is ready.
 */
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

const RETRY_AFTER_S = 5;

export interface StartingListener {
  /** The port it holds (the one asked, or the system's choice for 0). */
  port: number;
  /** Frees the port, closing its connections (the app listens next). */
  close(): Promise<void>;
}

export async function listenWhileStarting(host: string, port: number): Promise<StartingListener> {
  const server = createServer((request, response) => {
    const live = request.url === '/api/health/live';
    response.writeHead(live ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
      ...(live ? {} : { 'retry-after': String(RETRY_AFTER_S) }),
    });
    response.end(
      JSON.stringify(
        live
          ? { status: 'ok' }
          : { detail: 'The server is starting; try again in a few seconds', code: 'starting' },
      ),
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
