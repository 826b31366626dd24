import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runAlternately, type LoadOptions } from './load.js';

/** A server that notes its name for each request it answers, in the order they come. */
async function notingServer(name: string, seen: string[]): Promise<Server> {
  const server = createServer((_request, response) => {
    seen.push(name);
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const load = (server: Server): LoadOptions => ({
  baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  connections: 2,
  durationSec: 1.2,
  request: () => ({ path: '/' }),
});

describe('two targets measured alternately', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
    );
  });

  it('takes turns slice by slice, a first, and sums each target over its slices', async () => {
    const seen: string[] = [];
    const a = await notingServer('a', seen);
    const b = await notingServer('b', seen);
    servers.push(a, b);

    const [resultA, resultB] = await runAlternately(load(a), load(b), 3);

    // The order in which the servers were asked: a, b, a, b, a, b, never one inside another's turn.
    const turns = seen.filter((name, i) => name !== seen[i - 1]);
    expect(turns).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    // Answered requests over all three slices (a request cut by a slice's end is seen, not counted).
    const seenBy = (name: string) => seen.filter((seenName) => seenName === name).length;
    expect(resultA.requests).toBeGreaterThan(seenBy('a') * 0.9);
    expect(resultA.requests).toBeLessThanOrEqual(seenBy('a'));
    expect(resultB.requests).toBeGreaterThan(seenBy('b') * 0.9);
    expect(resultB.requests).toBeLessThanOrEqual(seenBy('b'));
    expect(resultA.requestsPerSec).toBeGreaterThan(0);
    expect(resultA.p99).toBeGreaterThan(0);
    expect(resultA.non2xx + resultA.errors + resultB.non2xx + resultB.errors).toBe(0);
  }, 30_000);
});
