/**
 * API scenarios: each one is run against the production server and the same load settings
 * against the baseline answering the scenario's own bytes from memory, alternately in slices,
 * giving every scenario a ratio to the ceiling of a Node server on this machine.
 */
import { request } from 'node:http';
import { runAlternately, runLoad, type LoadRequest, type LoadResult } from './lib/load.js';
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
  measure?: (server: RunningProcess, durationSec: number) => Promise<Measured>;
}

/** What a scenario's own measure found, with lines for the log (what was refused, say). */
export interface Measured extends LoadResult {
  notes?: string[];
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

/** How long each of a scenario's alternating slices runs on the server, then on the baseline. */
const SLICE_SEC = 2;

export async function runScenario(
  server: RunningProcess,
  scenario: Scenario,
  options: ScenarioOptions,
): Promise<ScenarioResult> {
  const answer = await sample(server.baseUrl, scenario.request(0));
  const serverLoad = {
    baseUrl: server.baseUrl,
    connections: scenario.connections,
    durationSec: options.durationSec,
    request: scenario.request,
    ...(scenario.overallRate ? { overallRate: scenario.overallRate } : {}),
  };
  // A short warm-up of each, so JIT and caches are in their steady state: as the scenario runs,
  // by its own measure when it has one. Order creation's sample requests alone are refused (their
  // carts are empty) and left PGlite's write path cold: V8's tier-up of it (one function compiled
  // for ~0.5 s with ~33 MB) then fell inside the measured window (bench/README.md).
  if (scenario.measure) await scenario.measure(server, 2);
  else await runLoad({ ...serverLoad, durationSec: 2 });
  const baselineServer = await startBaseline(answer, options.baselinePort);
  try {
    const baselineLoad = { ...serverLoad, baseUrl: baselineServer.baseUrl };
    await runLoad({ ...baselineLoad, durationSec: 1 });
    server.resetPeak();
    // The server and the baseline in alternating slices, so the machine's swings fall on both;
    // a scenario that measures itself runs whole, then the baseline.
    const [{ notes, ...measured }, baseline]: [Measured, LoadResult] = scenario.measure
      ? [await scenario.measure(server, options.durationSec), await runLoad(baselineLoad)]
      : await runAlternately(
          serverLoad,
          baselineLoad,
          Math.max(1, Math.round(options.durationSec / SLICE_SEC)),
        );
    // The measured run's notes only: the warm-up's would read as a second run.
    for (const note of notes ?? []) console.log(`  ${note}`);
    return {
      name: scenario.name,
      connections: scenario.connections,
      ...measured,
      serverPeakRssMb: server.peakRssMb(),
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
