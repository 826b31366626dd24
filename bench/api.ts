/**
 * API scenarios: each one is run against the production server, then the same load settings
 * run against the baseline answering the scenario's own bytes from memory, giving every
 * scenario a ratio to the ceiling of a Node server on this machine.
 */
import { request } from 'node:http';
import { runLoad, type LoadRequest, type LoadResult } from './lib/load.js';
import { startBaseline, type RunningProcess, type WireAnswer } from './lib/processes.js';

export interface ScenarioResult extends LoadResult {
  name: string;
  connections: number;
  serverPeakRssMb: number;
  baseline: LoadResult;
  /** Scenario requests/s over baseline requests/s. */
  ratio: number;
  /** SQL statements per request, when the server reports them. */
  responseBytes: number;
}

export interface Scenario {
  name: string;
  connections: number;
  request: (i: number) => LoadRequest;
  /** A fixed request rate (for latency budgets measured under a known load). */
  overallRate?: number;
  /**
   * Measures the scenario itself when one request is not enough (order creation needs a cart
   * filled first); `request` still gives the sample answer and the baseline's load.
   */
  measure?: (server: RunningProcess, durationSec: number) => Promise<LoadResult>;
}

export interface ScenarioOptions {
  durationSec: number;
  baselinePort: number;
}

/**
 * Fetches one sample answer of the scenario, its bytes as sent: node:http, not fetch, which
 * would decompress a compressed answer and the baseline then serve larger bytes than the server.
 */
export function sample(baseUrl: string, load: LoadRequest): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${baseUrl}${load.path}`,
      {
        method: load.method ?? 'GET',
        headers: {
          ...(load.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...load.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          // Any success: an order's sample is its 201.
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 299)
            return reject(
              new Error(`sample ${load.path} answered ${response.statusCode}: ${body.toString()}`),
            );
          const encoding = response.headers['content-encoding'];
          resolve({
            body,
            type: response.headers['content-type'] ?? 'application/json',
            ...(encoding ? { encoding } : {}),
          });
        });
      },
    );
    sent.on('error', reject);
    sent.end(load.body);
  });
}

export async function runScenario(
  server: RunningProcess,
  scenario: Scenario,
  options: ScenarioOptions,
): Promise<ScenarioResult> {
  const answer = await sample(server.baseUrl, scenario.request(0));
  // A short warm-up so JIT and caches are in their steady state.
  await runLoad({
    baseUrl: server.baseUrl,
    connections: scenario.connections,
    durationSec: 2,
    request: scenario.request,
  });
  server.resetPeak();
  const measured = scenario.measure
    ? await scenario.measure(server, options.durationSec)
    : await runLoad({
        baseUrl: server.baseUrl,
        connections: scenario.connections,
        durationSec: options.durationSec,
        request: scenario.request,
        ...(scenario.overallRate ? { overallRate: scenario.overallRate } : {}),
      });
  const serverPeakRssMb = server.peakRssMb();

  const baselineServer = await startBaseline(answer, options.baselinePort);
  try {
    await runLoad({
      baseUrl: baselineServer.baseUrl,
      connections: scenario.connections,
      durationSec: 1,
      request: scenario.request,
    });
    const baseline = await runLoad({
      baseUrl: baselineServer.baseUrl,
      connections: scenario.connections,
      durationSec: options.durationSec,
      request: scenario.request,
      ...(scenario.overallRate ? { overallRate: scenario.overallRate } : {}),
    });
    return {
      name: scenario.name,
      connections: scenario.connections,
      ...measured,
      serverPeakRssMb,
      baseline,
      ratio: baseline.requestsPerSec > 0 ? measured.requestsPerSec / baseline.requestsPerSec : 0,
      responseBytes: answer.body.length,
    };
  } finally {
    await baselineServer.stop();
  }
}

/** Product ids and listing queries to rotate through, so no single row is hot. */
export async function catalogFixtures(
  server: RunningProcess,
): Promise<{ productIds: string[]; queries: string[] }> {
  const categories = (await (await fetch(`${server.baseUrl}/api/products/categories`)).json()) as {
    payload: { category: string; slug: string }[];
  };
  const queries = categories.payload.map((c) =>
    c.slug.replace(/-/g, ' ').replace(/[,&]/g, '').replace(/\s+/g, ' '),
  );
  const productIds: string[] = [];
  for (const query of queries) {
    for (const page of [1, 7, 40]) {
      const list = (await (
        await fetch(
          `${server.baseUrl}/api/products?query=${encodeURIComponent(query)}&limit=20&page=${page}`,
        )
      ).json()) as {
        payload: { _id: string }[];
      };
      productIds.push(...list.payload.map((p) => p._id));
    }
  }
  return { productIds, queries };
}

/**
 * What Chrome sends with every request: a buyer's catalog read asks for a compressed answer, and
 * the server keeps one for it (decision 079), so the load measures what a buyer causes.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export function readScenarios(fixtures: { productIds: string[]; queries: string[] }): Scenario[] {
  const { productIds, queries } = fixtures;
  const at = <T>(items: T[], i: number) => items[i % items.length]!;
  return [
    {
      name: 'product detail',
      connections: 50,
      request: (i) => ({
        path: `/api/products/product/${at(productIds, i)}`,
        headers: BROWSER_HEADERS,
      }),
    },
    {
      name: 'category page 20',
      connections: 50,
      request: (i) => ({
        path: `/api/products?query=${encodeURIComponent(at(queries, i))}&limit=20&page=${1 + (Math.floor(i / queries.length) % 50)}`,
        headers: BROWSER_HEADERS,
      }),
    },
    {
      name: 'related products',
      connections: 50,
      request: (i) => ({
        path: `/api/products/recommend/${at(productIds, i)}`,
        headers: BROWSER_HEADERS,
      }),
    },
  ];
}
