/**
 * The search scenario (issue 7): real buyer queries against the production server build on
 * PostgreSQL with a 100,000-product catalog, through the Algolia multi-query endpoint the web
 * app uses. Each kind of query (one word, two words, a typo, a prefix as typed in the header
 * box, a filtered query) is measured twice: throughput with closed-loop connections, and
 * latency under a fixed request rate — the figure the budget (p95 ≤ 20 ms) is about, since a
 * closed loop's latency is only its own queueing.
 *
 *   npx tsx bench/search.ts [--products 100000] [--duration 8] [--connections 10] [--rate 100]
 *                           [--database-url postgres://... (an already seeded catalog)]
 *
 * Writes bench/results/search.json and search.md. `runSearchScenario` is what the full
 * `npm run bench` harness calls with a server it already started.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SEARCH_HIGHLIGHTED_ATTRIBUTES } from '../packages/shared/src/constants.js';
import { prepareDatabase } from './lib/database.js';
import { latencyRecorder } from './lib/latency-recorder.js';
import { runLoad, type LoadResult } from './lib/load.js';
import { post } from './lib/post.js';
import { processCpuSeconds } from './lib/process-tree.js';
import { repoRoot } from './lib/paths.js';
import { startServer } from './lib/processes.js';

/** What the search page asks with each query (features/search/components/search-results.tsx). */
const SEARCH_PAGE = { attributesToHighlight: SEARCH_HIGHLIGHTED_ATTRIBUTES, clickAnalytics: true };
/**
 * What the header's suggestions ask with each prefix
 * (apps/web/src/lib/api/get-search-suggestions.ts).
 */
const SUGGESTIONS = {
  hitsPerPage: 5,
  attributesToRetrieve: ['name', 'imgUrl', 'sp'],
  attributesToHighlight: SEARCH_HIGHLIGHTED_ATTRIBUTES,
};

/**
 * What a buyer types, by kind, with what the web app sends along; each kind rotates through its
 * queries so no plan is hot. The filtered kind is an API client's (the app shows no facets):
 * it asks with the protocol's defaults.
 */
export const SEARCH_KINDS: { kind: string; requests: Record<string, unknown>[] }[] = [
  {
    kind: 'one word',
    requests: ['bottle', 'backpack', 'helmet'].map((query) => ({ query, ...SEARCH_PAGE })),
  },
  {
    kind: 'two words',
    requests: ['steel bottle', 'laptop stand', 'wireless mouse'].map((query) => ({
      query,
      ...SEARCH_PAGE,
    })),
  },
  {
    kind: 'typo',
    requests: ['bottel', 'stainles', 'lapto'].map((query) => ({ query, ...SEARCH_PAGE })),
  },
  {
    kind: 'prefix (as you type, 5 suggestions)',
    requests: ['wat', 'stainl', 'helm'].map((query) => ({ query, ...SUGGESTIONS })),
  },
  {
    kind: 'filter and facets',
    requests: [
      {
        query: 'backpack',
        facetFilters: [['category:Bags, Wallets & Luggage']],
        numericFilters: ['sp>=500', 'sp<=3000'],
        facets: ['category', 'subcategory', 'pd_brand'],
      },
      { query: 'lamp', numericFilters: ['sp<=2000'], facets: ['pd_brand'] },
      { query: 'steel', facetFilters: ['category:Home & Kitchen'], facets: ['subcategory'] },
    ],
  },
];

export interface SearchKindResult {
  kind: string;
  queries: string[];
  /** Closed loop, `connections` at once: what one server sustains. */
  throughput: LoadResult;
  /**
   * CPU time per query in the closed loop (Linux /proc): a figure that, unlike latency, does not
   * move with whatever else the machine runs.
   */
  cpuMsPerQuery?: { server: number; postgres: number };
  /** Open loop at `rate` requests/s: the latency a buyer sees under that load. */
  latency: LoadResult;
}

export interface SearchScenarioOptions {
  baseUrl: string;
  /** The server's database and process, for CPU per query (both optional). */
  databaseUrl?: string;
  serverPid?: number;
  durationSec?: number;
  connections?: number;
  /** Requests per second for the latency runs. */
  rate?: number;
  /** The budget of the mixed p95 (PostgreSQL's 20 ms; PGlite's, at half the rate, 25). */
  targetP95Ms?: number;
}

export interface SearchScenarioResult {
  connections: number;
  rate: number;
  targetP95Ms: number;
  durationSec: number;
  kinds: SearchKindResult[];
  /** Every kind mixed, at the fixed rate: the figure for the p95 ≤ 20 ms budget. */
  mixed: LoadResult;
}

const PATH = '/api/search/1/indexes/*/queries';
/** The CLI's server port. */
const PORT = 3911;

export function searchBody(params: Record<string, unknown>): string {
  // The shape InstantSearch sends through the v5 client: parameters at the top level.
  return JSON.stringify({
    requests: [{ indexName: 'product_index', hitsPerPage: 20, page: 0, ...params }],
  });
}

const loadRequest = (requests: Record<string, unknown>[]) => (i: number) => ({
  method: 'POST' as const,
  path: PATH,
  body: searchBody(requests[i % requests.length]!),
  headers: { 'content-type': 'text/plain' },
});

async function checkAnswers(baseUrl: string): Promise<void> {
  for (const { kind, requests } of SEARCH_KINDS) {
    for (const params of requests) {
      const response = await fetch(`${baseUrl}${PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: searchBody(params),
      });
      const answer = (await response.json()) as { results?: { nbHits: number }[] };
      if (!response.ok || !answer.results?.[0]?.nbHits) {
        throw new Error(
          `${kind} ${JSON.stringify(params)} found nothing: ${JSON.stringify(answer)}`,
        );
      }
    }
  }
}

async function postgresPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return result.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/**
 * Open-loop load: one request every 1/rate s whatever the answers do, each timed from when it
 * was due (so a slow answer delays none and hides none: no coordinated omission). autocannon's
 * own rate limit sends a tick's requests in a burst, which measures its bursts instead.
 */
async function pacedLoad(
  baseUrl: string,
  rate: number,
  durationSec: number,
  request: (i: number) => { path: string; body: string; headers: Record<string, string> },
): Promise<LoadResult> {
  const latency = latencyRecorder();
  const total = Math.round(rate * durationSec);
  const interval = 1000 / rate;
  const started = performance.now();
  let non2xx = 0;
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { path, body, headers } = request(i);
    inFlight.push(
      post(`${baseUrl}${path}`, headers, body)
        .then((status) => {
          if (status < 200 || status > 299) non2xx++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => {
          latency.recordSince(due);
        }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  return {
    requestsPerSec: Math.round(total / elapsed),
    ...latency.percentiles(),
    requests: total,
    non2xx,
    errors,
  };
}

export async function runSearchScenario(
  options: SearchScenarioOptions,
): Promise<SearchScenarioResult> {
  const durationSec = options.durationSec ?? 8;
  const connections = options.connections ?? 10;
  const rate = options.rate ?? 100;
  await checkAnswers(options.baseUrl);
  const closedLoop = (requests: Record<string, unknown>[]) =>
    runLoad({ baseUrl: options.baseUrl, connections, durationSec, request: loadRequest(requests) });
  const paced = (requests: Record<string, unknown>[]) =>
    pacedLoad(options.baseUrl, rate, durationSec, loadRequest(requests));

  // Warm-up: every query once through the plan cache, shared buffers and V8's JIT.
  await runLoad({
    baseUrl: options.baseUrl,
    connections,
    durationSec: 2,
    request: loadRequest(SEARCH_KINDS.flatMap((k) => k.requests)),
  });
  const pgPids = options.databaseUrl ? await postgresPids(options.databaseUrl) : [];
  const cpu = () => ({
    server: options.serverPid ? processCpuSeconds(options.serverPid) * 1000 : 0,
    postgres: pgPids.reduce((sum, pid) => sum + processCpuSeconds(pid) * 1000, 0),
  });
  const kinds: SearchKindResult[] = [];
  for (const { kind, requests } of SEARCH_KINDS) {
    const before = cpu();
    const throughput = await closedLoop(requests);
    const after = cpu();
    const per = (a: number, b: number) => Number(((b - a) / throughput.requests).toFixed(2));
    kinds.push({
      kind,
      queries: requests.map((r) => String(r.query)),
      throughput,
      ...(options.serverPid || pgPids.length
        ? {
            cpuMsPerQuery: {
              server: per(before.server, after.server),
              postgres: per(before.postgres, after.postgres),
            },
          }
        : {}),
      latency: await paced(requests),
    });
  }
  const mixed = await paced(SEARCH_KINDS.flatMap((k) => k.requests));
  return { connections, rate, targetP95Ms: options.targetP95Ms ?? 20, durationSec, kinds, mixed };
}

const ms = (n: number) => n.toFixed(1);

/** The per-kind table and the mixed figure, for search.md and the full bench report. */
export function searchTable(result: SearchScenarioResult): string[] {
  const cpuCell = (k: SearchKindResult) =>
    k.cpuMsPerQuery ? `${k.cpuMsPerQuery.server} / ${k.cpuMsPerQuery.postgres}` : '–';
  const rows = result.kinds.map(
    (k) =>
      `| ${k.kind} | ${k.queries.join(', ')} | ${k.throughput.requestsPerSec} | ${ms(k.throughput.p50)} / ${ms(k.throughput.p95)} / ${ms(k.throughput.p99)} | ${ms(k.latency.p50)} / ${ms(k.latency.p95)} / ${ms(k.latency.p99)} | ${cpuCell(k)} |`,
  );
  const pass = result.mixed.p95 <= result.targetP95Ms;
  return [
    `Budget: p95 ≤ ${result.targetP95Ms} ms at ${result.rate} req/s, queries of every kind mixed: **${ms(result.mixed.p95)} ms — ${pass ? 'PASS' : 'MISS'}** (p50 ${ms(result.mixed.p50)} ms, p99 ${ms(result.mixed.p99)} ms, ${result.mixed.non2xx + result.mixed.errors} failed of ${result.mixed.requests}).`,
    '',
    `| kind | queries | req/s (${result.connections} conns) | p50 / p95 / p99 ms (${result.connections} conns) | p50 / p95 / p99 ms (${result.rate} req/s) | CPU ms per query: server / PostgreSQL |`,
    '|---|---|---|---|---|---|',
    ...rows,
  ];
}

export function searchMarkdown(
  result: SearchScenarioResult,
  context: { products: number; startedAt: string; loadBefore: number },
): string {
  return [
    '# Search benchmark',
    '',
    `Run ${context.startedAt} on PostgreSQL, ${context.products.toLocaleString('en-IN')} products, production build. Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average before the run ${context.loadBefore.toFixed(1)}.`,
    '',
    ...searchTable(result),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '8' },
      connections: { type: 'string', default: '10' },
      rate: { type: 'string', default: '100' },
      'database-url': { type: 'string' },
    },
  });
  const products = Number(values.products);
  const startedAt = new Date().toISOString();
  const loadBefore = loadavg()[0] ?? 0;
  const log = (line: string) => console.log(`[search bench] ${line}`);

  log('building the server...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@storefront/server'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server build failed');

  const reuse = values['database-url'];
  log(reuse ? 'using the given catalog' : `seeding ${products} products on PostgreSQL...`);
  const database = reuse
    ? { env: { DATABASE_URL: reuse }, drop: async () => {} }
    : await prepareDatabase('postgres', products, 0);
  const server = await startServer(database.env, PORT);
  try {
    const result = await runSearchScenario({
      baseUrl: server.baseUrl,
      databaseUrl: database.env.DATABASE_URL,
      serverPid: server.pid,
      durationSec: Number(values.duration),
      connections: Number(values.connections),
      rate: Number(values.rate),
    });
    const dir = join(repoRoot, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    const md = searchMarkdown(result, { products, startedAt, loadBefore });
    writeFileSync(
      join(dir, 'search.json'),
      `${JSON.stringify({ startedAt, products, loadBefore, serverPeakRssMb: server.peakRssMb(), ...result }, null, 2)}\n`,
    );
    writeFileSync(join(dir, 'search.md'), md);
    console.log(md);
  } finally {
    await server.stop();
    await database.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
