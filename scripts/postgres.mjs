// The PostgreSQL server the tests use (TEST_DATABASE_URL, or the dev machine's and CI's on
// 5432) and whether it answers, for the runners that skip or fail without it.
import { createConnection } from 'node:net';

export const postgresUrl = new URL(
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);

/** Whether something accepts connections at the PostgreSQL URL's host and port. */
export function postgresReachable() {
  return new Promise((resolve) => {
    const socket = createConnection(
      { host: postgresUrl.hostname, port: Number(postgresUrl.port || 5432) },
      () => {
        socket.end();
        resolve(true);
      },
    );
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}
