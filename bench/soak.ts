/**
 * The soak (issue 17, item 4): mixed buyer traffic at a steady rate against the production build
 * for a long run, with the RSS of the server's whole process tree sampled every 30 s (and its
 * peak every 250 ms), judged flat after warm-up and at most 300 MB.
 *
 *   npm run bench -- soak [--minutes 10] [--db postgres,pglite] [--products 100000]
 *                         [--every 30] [--rate 1] [--fill-mb 80] [--fill-products 6000]
 *                         [--fill-images 2500] [--burst-every 120]
 *                         [--database-url URL | --data-dir DIR] [--server-env K=V ...]
 *                         [--report FILE]
 *
 * Before the timed traffic, a crawl reads distinct category pages until `--fill-mb` of answers
 * have been served, then `--fill-products` distinct product answers and `--fill-images` main
 * images, so the response cache (RESPONSE_CACHE_MB), the description cache and the image renderer
 * are as settled as those of a server which has run for days; warm-up is that crawl and the
 * first fifth of the traffic. Every visitor comes from an address of its own through X-Forwarded-For (the server
 * trusts the loopback proxy, as it would trust its load balancer), so per-address limits apply
 * to each buyer as in production. Writes bench/results/soak-<db>.{json,md}; exits 1 when a
 * verdict fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogCalls } from '../packages/shared/src/catalog-calls.js';
import {
  imageAtWidth,
  PRODUCT_CARD_IMAGE,
  PRODUCT_MAIN_IMAGE,
  resolveImageUrl,
} from '../packages/shared/src/images.js';
import { href } from '../packages/shared/src/routes.js';
import { prepareDatabase, reuseDatabase, type DbKind } from './lib/database.js';
import { repoRoot } from './lib/paths.js';
import { send } from './lib/post.js';
import { startServer } from './lib/processes.js';
import { treeMemoryParts, type MemoryParts } from './lib/memory-parts.js';
import { treeMemory } from './lib/process-tree.js';
import { judgeSoak, type SoakVerdict } from './lib/soak-verdict.js';
import { SHIPPING } from './flow-scenarios.js';
import { SEARCH_KINDS, searchBody } from './search.js';

/** Bench buyers seeded (as `npm run bench` seeds them, so one catalog serves both)… */
const SEEDED_BUYERS = 40;
/** …of whom this many shop during the soak, as many as a login burst. */
const BUYERS = 20;
/** Access tokens last 15 minutes; each buyer's pair is refreshed well before. */
const REFRESH_EVERY_MS = 10 * 60 * 1000;
/** The limit of the server's process tree: issue 17's on PostgreSQL, issue 18's on PGlite. */
const LIMIT_MB: Record<DbKind, number | undefined> = { postgres: 300, pglite: 300 };
const PEAK_EVERY_MS = 250;
/**
 * Seconds the started server is left without traffic before the fill: PGlite's start-up peak
 * (V8 optimising PostgreSQL's parser, 600–750 MB for 1–2 s as the server becomes ready;
 * decision 078) falls in them and is reported apart from the peak under load, which the
 * verdict judges.
 */
const START_UP_SEC = 10;
const SEARCH_REQUESTS = SEARCH_KINDS.flatMap((kind) => kind.requests);
/** What a browser sends for a page or an image. */
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'text/html,image/webp,*/*' };

export interface SoakSampleRow {
  atSec: number;
  phase: 'idle' | 'fill' | 'warm-up' | 'steady';
  rssMb: number;
  anonMb: number;
  /** Where the RSS is, by mapping (lib/memory-parts.ts). */
  parts: MemoryParts;
  /** The highest RSS seen since the previous sample (bursts fall between samples). */
  intervalPeakMb: number;
  processes: number;
  load1: number;
  requestsPerSec: number;
}

interface StreamTally {
  perSec: number;
  journeys: number;
  requests: number;
  ok: number;
  /** Answers other than 2xx and 304, by status (0: no answer). */
  failed: Record<string, number>;
  /** Journeys not started because `MAX_IN_FLIGHT` of the stream were still waiting. */
  skipped: number;
}

export interface SoakResult {
  kind: DbKind;
  startedAt: string;
  options: Record<string, unknown>;
  machine: { cores: number; memoryGb: number; cpu: string; node: string };
  fill: { seconds: number; answers: number; mb: number };
  warmupEndSec: number;
  samples: SoakSampleRow[];
  /** The peak of the first `START_UP_SEC`, no traffic yet: not judged. */
  startUpPeakMb: number;
  /** The peak from the fill on, judged against `limitMb`. */
  peakMb: number;
  peakAtSec: number;
  limitMb: number | undefined;
  verdict: SoakVerdict;
  streams: Record<string, StreamTally>;
  loadDuringRun: { min: number; max: number; mean: number };
}

/** A small seeded generator (mulberry32), so a run's choices can be repeated. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface Listed {
  id: string;
  /** The product's first image, as the service serves it. */
  image: string;
}

interface Category {
  slug: string;
  pages: number;
}

const ok = (status: number) => (status >= 200 && status < 300) || status === 304;

async function json<T>(baseUrl: string, path: string, headers: Record<string, string>) {
  const answer = await send('GET', `${baseUrl}${path}`, headers, undefined, true);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  return { value: JSON.parse(answer.body) as T, bytes: Buffer.byteLength(answer.body) };
}

interface ListingAnswer {
  payload: { _id: string; imgUrl: { src: string }[] }[];
  total: number;
}

function listed(payload: ListingAnswer['payload']): Listed[] {
  return payload.map((p) => ({ id: p._id, image: resolveImageUrl(p.imgUrl[0]?.src) }));
}

/**
 * The catalog's categories with their page counts, and products to visit: category pages read
 * until `fillBytes` of answers were served (from each category's first page only when no fill is
 * asked for), then `fillProducts` distinct product answers, so that the caches of product reads
 * are as full as the response cache.
 */
async function crawl(
  baseUrl: string,
  fill: { bytes: number; products: number; images: number },
  headers: () => Record<string, string>,
) {
  const { value: categories } = await json<{ payload: { slug: string }[] }>(
    baseUrl,
    catalogCalls.categories(),
    headers(),
  );
  let bytes = 0;
  let answers = 0;
  const products: Listed[] = [];
  const withPages: Category[] = [];
  for (const { slug } of categories.payload) {
    const first = await json<ListingAnswer>(baseUrl, catalogCalls.listing(slug, 1), headers());
    bytes += first.bytes;
    answers++;
    products.push(...listed(first.value.payload));
    withPages.push({ slug, pages: Math.max(1, Math.ceil(first.value.total / 20)) });
  }
  // Page 2 onwards of every category, round-robin, four at a time.
  const queue: [string, number][] = [];
  const deepest = Math.max(...withPages.map((c) => c.pages));
  for (let page = 2; page <= deepest; page++)
    for (const c of withPages) if (page <= c.pages) queue.push([c.slug, page]);
  const worker = async (next: () => string | undefined, keep: boolean) => {
    for (let path = next(); path; path = next()) {
      const answer = await json<ListingAnswer>(baseUrl, path, headers());
      bytes += answer.bytes;
      answers++;
      if (keep) products.push(...listed(answer.value.payload));
    }
  };
  const listings = queue.map(([slug, page]) => catalogCalls.listing(slug, page));
  const nextListing = () => (bytes < fill.bytes ? listings.shift() : undefined);
  await Promise.all(Array.from({ length: 4 }, () => worker(nextListing, true)));
  const details = [...new Set(products.map((p) => p.id))]
    .slice(0, fill.products)
    .map((id) => catalogCalls.product(id));
  await Promise.all(Array.from({ length: 4 }, () => worker(() => details.shift(), false)));
  // The image renderer's allocator settles after ~2,000 renders (a bare Node: +13 MB over the
  // first 2,100, none over the next 900), as a server's does while it renders its catalog once.
  const images = [...new Set(products.map((p) => p.image))]
    .slice(0, fill.images)
    .map((image) => imageAtWidth(image, PRODUCT_MAIN_IMAGE.width));
  const render = async () => {
    for (let path = images.shift(); path; path = images.shift()) {
      await send('GET', `${baseUrl}${path}`, { ...headers(), ...BROWSER });
      answers++;
    }
  };
  await Promise.all([render(), render()]);
  return { categories: withPages, products, bytes, answers };
}

export async function runSoak(
  kind: DbKind,
  env: Record<string, string>,
  options: {
    minutes: number;
    everySec: number;
    rate: number;
    fillMb: number;
    fillProducts: number;
    fillImages: number;
    burstEverySec: number;
    burstSize: number;
    port: number;
    seed: number;
  },
  log: (line: string) => void,
): Promise<SoakResult> {
  const server = await startServer({ TRUST_PROXY: 'loopback', ...env }, options.port);
  const started = Date.now();
  const elapsed = () => (Date.now() - started) / 1000;
  const pid = server.pid;
  const base = server.baseUrl;
  const pick = random(options.seed);
  const at = <T>(items: T[]) => items[Math.floor(pick() * items.length)]!;
  const visitor = () => ({
    'x-forwarded-for': `10.2.${Math.floor(pick() * 16)}.${Math.floor(pick() * 256)}`,
  });
  const buyerAddress = (n: number) => ({ 'x-forwarded-for': `10.1.0.${n}` });

  // Memory: the whole tree every 250 ms for the peak, a row of the series every `everySec`.
  let phase: SoakSampleRow['phase'] = 'idle';
  let warmupEndSec = Infinity;
  let peakMb = 0;
  let peakAtSec = 0;
  let intervalPeakMb = 0;
  let requests = 0;
  let requestsAtLastSample = 0;
  let lastSampleSec = 0;
  const samples: SoakSampleRow[] = [];
  const loads: number[] = [];
  const sample = () => {
    const memory = treeMemory(pid);
    const atSec = elapsed();
    const load1 = loadavg()[0]!;
    loads.push(load1);
    samples.push({
      atSec: Math.round(atSec),
      phase: phase === 'warm-up' && atSec >= warmupEndSec ? 'steady' : phase,
      rssMb: Math.round(memory.rssMb),
      anonMb: Math.round(memory.anonMb),
      parts: treeMemoryParts(pid),
      intervalPeakMb: Math.round(Math.max(intervalPeakMb, memory.rssMb)),
      processes: memory.processes,
      load1: Number(load1.toFixed(2)),
      requestsPerSec: Math.round(
        (requests - requestsAtLastSample) / Math.max(1, atSec - lastSampleSec),
      ),
    });
    const row = samples.at(-1)!;
    log(
      `${kind} ${String(row.atSec).padStart(4)} s ${row.phase.padEnd(7)} RSS ${row.rssMb} MB (anon ${row.anonMb}, interval peak ${row.intervalPeakMb}), ${row.requestsPerSec} req/s, load ${row.load1}`,
    );
    intervalPeakMb = 0;
    requestsAtLastSample = requests;
    lastSampleSec = atSec;
  };
  const peakTimer = setInterval(() => {
    const { rssMb } = treeMemory(pid);
    intervalPeakMb = Math.max(intervalPeakMb, rssMb);
    if (rssMb > peakMb) [peakMb, peakAtSec] = [rssMb, elapsed()];
  }, PEAK_EVERY_MS);
  sample();
  const sampleTimer = setInterval(sample, options.everySec * 1000);

  const streams: Record<string, StreamTally> = {};
  const timers: NodeJS.Timeout[] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, START_UP_SEC * 1000));
    const startUpPeakMb = Math.round(peakMb);
    log(`${kind}: start-up peak ${startUpPeakMb} MB in the first ${START_UP_SEC} s, no traffic`);
    [peakMb, peakAtSec, intervalPeakMb] = [0, 0, 0];
    phase = 'fill';
    const fillStarted = Date.now();
    const catalog = await crawl(
      base,
      {
        bytes: options.fillMb * 1024 * 1024,
        products: options.fillProducts,
        images: options.fillImages,
      },
      visitor,
    );
    requests += catalog.answers;
    const fill = {
      seconds: Math.round((Date.now() - fillStarted) / 1000),
      answers: catalog.answers,
      mb: Math.round(catalog.bytes / 1024 / 1024),
    };
    log(`${kind}: filled with ${fill.answers} answers, ${fill.mb} MB, in ${fill.seconds} s`);

    // Products a buyer can add without choosing options, from across the catalog.
    const plain: string[] = [];
    for (let batch = 0; batch < 4; batch++) {
      const ids = Array.from({ length: 100 }, () => at(catalog.products).id);
      const answer = await send(
        'POST',
        `${base}/api/products/multiple-products`,
        { 'content-type': 'application/json', ...visitor() },
        JSON.stringify({ product_ids: [...new Set(ids)] }),
        true,
      );
      const { payload } = JSON.parse(answer.body) as {
        payload: { _id: string; options: unknown[] }[];
      };
      plain.push(...payload.filter((p) => p.options.length === 0).map((p) => p._id));
    }
    if (!plain.length) throw new Error('no product without options to put in a cart');

    const tokens: string[] = [];
    const refreshTokens: string[] = [];
    const login = async (n: number) => {
      const answer = await send(
        'POST',
        `${base}/api/user/login`,
        { 'content-type': 'application/json', ...buyerAddress(n) },
        JSON.stringify({ email: `bench${n}@bench.example.com`, password: 'Bench@2026' }),
        true,
      );
      if (answer.status === 200) keep(n, answer.body);
      return answer.status;
    };
    const keep = (n: number, body: string) => {
      const pair = JSON.parse(body) as { access_token: string; refresh_token: string };
      tokens[n - 1] = pair.access_token;
      refreshTokens[n - 1] = pair.refresh_token;
    };
    // As the web app does before its access token runs out: one buyer after the other, each
    // with its latest refresh token (a refresh token used twice ends the session).
    const refreshAll = async () => {
      for (let n = 1; n <= BUYERS; n++) {
        const answer = await send(
          'POST',
          `${base}/api/refresh`,
          { 'refresh-token': refreshTokens[n - 1]!, ...buyerAddress(n) },
          undefined,
          true,
        );
        if (answer.status === 200) keep(n, answer.body);
        else log(`${kind}: refreshing buyer ${n} answered ${answer.status}`);
      }
    };
    const statuses = await Promise.all(Array.from({ length: BUYERS }, (_, i) => login(i + 1)));
    if (statuses.some((s) => s !== 200)) throw new Error(`bench logins answered ${statuses}`);
    requests += BUYERS;
    timers.push(
      setInterval(
        () =>
          void refreshAll().catch((error: Error) =>
            log(`${kind}: refresh failed: ${error.message}`),
          ),
        REFRESH_EVERY_MS,
      ),
    );

    const buyer = () => {
      const n = 1 + Math.floor(pick() * BUYERS);
      return {
        n,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[n - 1]}`,
          ...buyerAddress(n),
        },
      };
    };
    const lastAdded = new Map<number, string>();
    const addToCart = async (b: ReturnType<typeof buyer>, quantity: number) => {
      const product = at(plain);
      const { status } = await send(
        'POST',
        `${base}/api/cart/items/${product}`,
        b.headers,
        JSON.stringify({ quantity, source: 'Ex-india custom' }),
      );
      if (ok(status)) lastAdded.set(b.n, product);
      return status;
    };
    const page = () => {
      const category = at(catalog.categories);
      return { slug: category.slug, page: 1 + Math.floor(pick() * category.pages) };
    };
    const get = async (path: string, headers: Record<string, string> = visitor()) =>
      (await send('GET', `${base}${path}`, headers)).status;

    /** Each stream: journeys per second at `--rate 1`, and what one journey does. */
    const journeys: Record<string, [number, () => Promise<number[]>]> = {
      'product page + image': [
        2,
        async () => {
          const product = at(catalog.products);
          const headers = { ...visitor(), ...BROWSER };
          return [
            await get(href.product(product.id), headers),
            await get(imageAtWidth(product.image, PRODUCT_MAIN_IMAGE.width), headers),
          ];
        },
      ],
      'category page + 2 images': [
        1,
        async () => {
          const { slug, page: n } = page();
          const headers = { ...visitor(), ...BROWSER };
          return [
            await get(`${href.category(slug)}?page=${n}`, headers),
            ...(await Promise.all(
              Array.from({ length: PRODUCT_CARD_IMAGE.firstRow }, () =>
                get(imageAtWidth(at(catalog.products).image, PRODUCT_CARD_IMAGE.width), headers),
              ),
            )),
          ];
        },
      ],
      'product API': [6, async () => [await get(catalogCalls.product(at(catalog.products).id))]],
      'listing API': [
        3,
        async () => {
          const { slug, page: n } = page();
          return [await get(catalogCalls.listing(slug, n))];
        },
      ],
      'related API': [
        2,
        async () => [await get(`/api/products/recommend/${at(catalog.products).id}`)],
      ],
      'categories API': [1, async () => [await get(catalogCalls.categories())]],
      search: [
        4,
        async () => [
          (
            await send(
              'POST',
              `${base}/api/search/1/indexes/*/queries`,
              { 'content-type': 'application/json', ...visitor() },
              searchBody(at(SEARCH_REQUESTS)),
            )
          ).status,
        ],
      ],
      'cart read': [1, async () => [await get('/api/cart', buyer().headers)]],
      'cart add': [1, async () => [await addToCart(buyer(), 1)]],
      'cart edit': [
        0.5,
        async () => {
          const b = buyer();
          const product = lastAdded.get(b.n);
          if (!product) return [await addToCart(b, 1)];
          const body = JSON.stringify({
            quantity: 2 + Math.floor(pick() * 20),
            source: 'Ex-india custom',
          });
          return [
            (await send('PATCH', `${base}/api/cart/items/${product}`, b.headers, body)).status,
          ];
        },
      ],
      'cart remove': [
        0.25,
        async () => {
          const b = buyer();
          const product = lastAdded.get(b.n);
          if (!product) return [await addToCart(b, 1)];
          lastAdded.delete(b.n);
          const body = JSON.stringify({ source: 'Ex-india custom' });
          const { status } = await send(
            'DELETE',
            `${base}/api/cart/items/${product}`,
            b.headers,
            body,
          );
          // Another journey of this buyer may have ordered the line already.
          return [status === 404 ? 200 : status];
        },
      ],
      'order (add, place, list)': [
        0.25,
        async () => {
          const b = buyer();
          const added = await addToCart(b, 12);
          const { status } = await send(
            'POST',
            `${base}/api/orders/`,
            { ...b.headers, 'idempotency-key': `soak-${b.n}-${Date.now()}-${pick()}` },
            JSON.stringify(SHIPPING),
          );
          lastAdded.delete(b.n);
          return [added, status, await get('/api/orders/', b.headers)];
        },
      ],
      login: [0.1, async () => [await login(1 + Math.floor(pick() * BUYERS))]],
    };
    const MAX_IN_FLIGHT = 32;
    const inFlight: Record<string, number> = {};
    const run = (name: string, journey: () => Promise<number[]>) => {
      const tally = streams[name]!;
      if ((inFlight[name] ?? 0) >= MAX_IN_FLIGHT) return void tally.skipped++;
      tally.journeys++;
      inFlight[name] = (inFlight[name] ?? 0) + 1;
      journey()
        .catch(() => [0])
        .then((answers) => {
          for (const status of answers) {
            tally.requests++;
            requests++;
            if (ok(status)) tally.ok++;
            else tally.failed[status] = (tally.failed[status] ?? 0) + 1;
          }
        })
        .finally(() => inFlight[name]!--);
    };
    for (const [name, [perSec]] of Object.entries(journeys))
      streams[name] = {
        perSec: perSec * options.rate,
        journeys: 0,
        requests: 0,
        ok: 0,
        failed: {},
        skipped: 0,
      };
    streams['login burst'] = { perSec: 0, journeys: 0, requests: 0, ok: 0, failed: {}, skipped: 0 };

    const durationSec = options.minutes * 60;
    const trafficStarted = Date.now();
    phase = 'warm-up';
    warmupEndSec = elapsed() + durationSec / 5;
    log(`${kind}: traffic for ${options.minutes} min; warm-up until ${Math.round(warmupEndSec)} s`);
    const due: Record<string, number> = {};
    timers.push(
      setInterval(() => {
        const sec = (Date.now() - trafficStarted) / 1000;
        for (const [name, [, journey]] of Object.entries(journeys)) {
          const target = Math.floor(sec * streams[name]!.perSec);
          for (due[name] ??= 0; due[name] < target; due[name]++) run(name, journey);
        }
      }, 50),
    );
    // Login bursts: `burstSize` buyers log in at once, first 30 s in, then every burstEverySec
    // unless the previous burst is still being answered (a slow machine would pile them up).
    const burst = () => {
      if ((inFlight['login burst'] ?? 0) > 0) {
        log(`${kind}: the previous burst is still in flight; this one is skipped`);
        return void (streams['login burst']!.skipped += options.burstSize);
      }
      log(`${kind}: ${options.burstSize} logins at once`);
      for (let i = 0; i < options.burstSize; i++)
        run('login burst', async () => [await login(1 + (i % BUYERS))]);
    };
    timers.push(
      setTimeout(() => {
        burst();
        timers.push(setInterval(burst, options.burstEverySec * 1000));
      }, 30_000),
    );
    await new Promise((resolve) => setTimeout(resolve, durationSec * 1000));
    for (const timer of timers) clearInterval(timer);
    // Let the journeys in flight finish, then take the last row.
    const deadline = Date.now() + 30_000;
    while (Object.values(inFlight).some((n) => n > 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    sample();
    const series = samples.map((s) => ({ atSec: s.atSec, rssMb: s.rssMb }));
    const verdict = judgeSoak(series, {
      warmupEndSec,
      peakMb: Math.round(peakMb),
      limitMb: LIMIT_MB[kind],
    });
    return {
      kind,
      startedAt: new Date(started).toISOString(),
      options,
      machine: {
        cores: cpus().length,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        cpu: cpus()[0]?.model ?? 'unknown',
        node: process.version,
      },
      fill,
      warmupEndSec: Math.round(warmupEndSec),
      samples,
      startUpPeakMb,
      peakMb: Math.round(peakMb),
      peakAtSec: Math.round(peakAtSec),
      limitMb: LIMIT_MB[kind],
      verdict,
      streams,
      loadDuringRun: {
        min: Math.min(...loads),
        max: Math.max(...loads),
        mean: Number((loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(2)),
      },
    };
  } finally {
    for (const timer of timers) clearInterval(timer);
    clearInterval(peakTimer);
    clearInterval(sampleTimer);
    await server.stop();
  }
}

export function soakMarkdown(result: SoakResult): string {
  const time = (sec: number) => `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
  return [
    `## Soak on ${result.kind}, ${result.startedAt}`,
    '',
    `${result.machine.cores} cores (${result.machine.cpu}), ${result.machine.memoryGb} GiB, Node ${result.machine.node}; options ${JSON.stringify(result.options)}.`,
    `Fill: ${result.fill.answers} answers, ${result.fill.mb} MB in ${result.fill.seconds} s; warm-up until ${time(result.warmupEndSec)}.`,
    `Load average (1 min) during the run: ${result.loadDuringRun.min.toFixed(2)}–${result.loadDuringRun.max.toFixed(2)}, mean ${result.loadDuringRun.mean}.`,
    '',
    'RSS by mapping (lib/memory-parts.ts): V8 pages, glibc arena, WebAssembly memory, other anonymous, files.',
    '',
    '| time | phase | RSS MB | anon MB | V8 | arena | wasm | other | files | peak since last MB | req/s | load |',
    '| ---: | ----- | -----: | ------: | -: | ----: | ---: | ----: | ----: | -----------------: | ----: | ---: |',
    ...result.samples.map(
      (s) =>
        `| ${time(s.atSec)} | ${s.phase} | ${s.rssMb} | ${s.anonMb} | ${s.parts.v8PagesMb} | ${s.parts.arenaMb} | ${s.parts.wasmMb} | ${s.parts.otherAnonMb} | ${s.parts.filesMb} | ${s.intervalPeakMb} | ${s.requestsPerSec} | ${s.load1} |`,
    ),
    '',
    `Start-up peak ${result.startUpPeakMb} MB in the first ${START_UP_SEC} s, no traffic (not judged). Peak ${result.peakMb} MB at ${time(result.peakAtSec)}, from the fill on. Verdict: **${result.verdict.pass ? 'PASS' : 'FAIL'}** (${result.verdict.reason}; slope ${result.verdict.slopeMbPerMin.toFixed(2)} MB/min).`,
    '',
    '| stream | per s | journeys | requests | ok | failed (status: count) | skipped |',
    '| ------ | ----: | -------: | -------: | -: | ---------------------- | ------: |',
    ...Object.entries(result.streams).map(
      ([name, t]) =>
        `| ${name} | ${t.perSec} | ${t.journeys} | ${t.requests} | ${t.ok} | ${
          Object.entries(t.failed)
            .map(([s, n]) => `${s}: ${n}`)
            .join(', ') || '—'
        } | ${t.skipped} |`,
    ),
    '',
  ].join('\n');
}

/** `npm run bench -- soak [...]`; the exit code says whether every database passed. */
export async function soakCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      minutes: { type: 'string', default: '10' },
      db: { type: 'string', default: 'postgres,pglite' },
      products: { type: 'string', default: '100000' },
      /** Seconds between rows of the series; 30 by default, 5 for runs under 5 minutes. */
      every: { type: 'string' },
      /** A multiple of every stream's journeys per second. */
      rate: { type: 'string', default: '1' },
      'fill-mb': { type: 'string', default: '80' },
      /** More than the 5,000 descriptions the catalog keeps sanitised (catalog/service.ts). */
      'fill-products': { type: 'string', default: '6000' },
      /** Main images rendered before the traffic, as many as the renderer needs to settle. */
      'fill-images': { type: 'string', default: '2500' },
      'burst-every': { type: 'string', default: '120' },
      'burst-size': { type: 'string', default: '20' },
      port: { type: 'string', default: '3931' },
      seed: { type: 'string', default: '17' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      /** Extra environment for the server, e.g. MALLOC_ARENA_MAX=2 (repeatable). */
      'server-env': { type: 'string', multiple: true, default: [] },
      /** Also writes the last database's result as JSON here (npm test reads its verdict). */
      report: { type: 'string' },
    },
  });
  const minutes = Number(values.minutes);
  const started = Date.now();
  const log = (line: string) =>
    console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  const reuseUrl = values['database-url'];
  const reuseDir = values['data-dir'];
  const kinds = (
    reuseUrl ? ['postgres'] : reuseDir ? ['pglite'] : values.db.split(',')
  ) as DbKind[];
  const serverEnv = Object.fromEntries(
    values['server-env'].map((pair) => {
      const [key = '', ...rest] = pair.split('=');
      return [key, rest.join('=')];
    }),
  );
  const options = {
    minutes,
    everySec: Number(values.every ?? (minutes >= 5 ? 30 : 5)),
    rate: Number(values.rate),
    fillMb: Number(values['fill-mb']),
    fillProducts: Number(values['fill-products']),
    fillImages: Number(values['fill-images']),
    burstEverySec: Number(values['burst-every']),
    burstSize: Number(values['burst-size']),
    port: Number(values.port),
    seed: Number(values.seed),
  };
  const results: SoakResult[] = [];
  for (const kind of kinds) {
    const products = Number(values.products);
    const reused = reuseUrl ?? reuseDir;
    log(reused ? `using the catalog at ${reused}` : `seeding ${products} products on ${kind}...`);
    const database = reused
      ? reuseDatabase(kind, reused)
      : await prepareDatabase(kind, products, SEEDED_BUYERS);
    try {
      const result = await runSoak(kind, { ...database.env, ...serverEnv }, options, log);
      results.push({ ...result, options: { ...options, serverEnv } });
      const md = soakMarkdown(result);
      const dir = join(repoRoot, 'bench', 'results');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `soak-${kind}.json`), JSON.stringify(result, null, 2));
      if (values.report) writeFileSync(values.report, JSON.stringify(result, null, 2));
      writeFileSync(join(dir, `soak-${kind}.md`), md);
      console.log(`\n${md}`);
    } finally {
      await database.drop();
    }
  }
  for (const r of results)
    log(`${r.verdict.pass ? 'PASS' : 'FAIL'}  ${r.kind}: ${r.verdict.reason}`);
  return results.every((r) => r.verdict.pass) ? 0 : 1;
}
