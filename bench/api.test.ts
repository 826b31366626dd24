import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_HEADERS, runScenario, sample } from './api.js';
import { startBaseline, type RunningProcess } from './lib/processes.js';

const text = JSON.stringify({ payload: Array.from({ length: 50 }, (_, i) => ({ name: `n${i}` })) });

/** A server that answers Brotli to a request asking for it, as the storefront's cache does. */
async function storefrontLike(): Promise<Server> {
  const server = createServer((request, response) => {
    const br = request.headers['accept-encoding']?.includes('br');
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    response.end(br ? brotliCompressSync(text) : text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the baseline of a catalog read', () => {
  const stops: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  it('serves the bytes the server sent a browser, compressed, with the same content-encoding', async () => {
    const server = await storefrontLike();
    stops.push(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await sample(url, { path: '/api/products', headers: BROWSER_HEADERS });
    expect(answer.encoding).toBe('br');
    expect(brotliDecompressSync(answer.body).toString()).toBe(text);

    const baseline: RunningProcess = await startBaseline(answer, await freePort());
    stops.push(() => baseline.stop());
    const served = await sample(baseline.baseUrl, {
      path: '/api/products',
      headers: BROWSER_HEADERS,
    });
    expect(served.encoding).toBe('br');
    expect(served.type).toBe('application/json; charset=utf-8');
    expect(served.body.equals(answer.body)).toBe(true);
  });

  it('serves an answer sent plain as it is', async () => {
    const server = await storefrontLike();
    stops.push(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await sample(url, { path: '/api/products' });
    expect(answer.encoding).toBeUndefined();
    const baseline = await startBaseline(answer, await freePort());
    stops.push(() => baseline.stop());
    const served = await sample(baseline.baseUrl, { path: '/api/products' });
    expect(served.encoding).toBeUndefined();
    expect(served.body.toString()).toBe(text);
  });
});

describe('a scenario that measures itself', () => {
  it('is warmed up by its own measure before its peak is reset and it is measured', async () => {
    const server = await storefrontLike();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const calls: string[] = [];
    const running: RunningProcess = {
      baseUrl: url,
      pid: process.pid,
      peakRssMb: () => 0,
      resetPeak: () => calls.push('reset the peak'),
      stop: async () => {},
    };
    const idle = { requestsPerSec: 1, p50: 1, p95: 1, p99: 1, requests: 1, non2xx: 0, errors: 0 };
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    let logged: unknown[][] = [];
    try {
      await runScenario(
        running,
        {
          name: 'orders',
          connections: 1,
          request: () => ({ path: '/api/products' }),
          measure: (_server, durationSec) => {
            calls.push(`measure ${durationSec} s`);
            return Promise.resolve({ ...idle, notes: [`refused in ${durationSec} s: none`] });
          },
        },
        { durationSec: 1, baselinePort: await freePort() },
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
      logged = [...log.mock.calls];
      log.mockRestore();
    }
    // Order creation's sample requests alone are refused and leave its write path cold.
    expect(calls).toEqual(['measure 2 s', 'reset the peak', 'measure 1 s']);
    // The warm-up's notes would read as a second measured run in the log.
    expect(logged).toEqual([['  refused in 1 s: none']]);
  });
});
