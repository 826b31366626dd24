/**
 * An in-process cache of serialised JSON answers for public catalog reads: the body is built,
 * checked against its response schema and stringified once, then served from memory with an
 * ETag (304 on a match) until the catalog changes. Concurrent misses of one key share one
 * computation. Answers are kept under the validated request, not its URL, so a request
 * differing only in what validation drops or normalises (parameter order, spaces around the
 * query, `limit=020`) is the same entry, and bounded in entries and bytes, least recently used
 * first out (issue 17).
 *
 * An answer of 1 KB or more is kept Brotli- or gzip-compressed too, made the first time a
 * request asks for that encoding and then kept with the entry, counted in its bytes: every
 * browser asks for a compressed answer, and @fastify/compress would otherwise compress the same
 * bytes again on every hit (bench/README.md, "Where a cached read's time goes"). Made when first
 * asked for, not with every entry: a client that asks for none (another server) costs no
 * compression, and one that asks for Brotli no gzip copy (decision 079). Once compressed, an
 * answer is kept compressed only: its plain bytes are remade from the copy for the few requests
 * that ask for them, so the same bytes hold two to seven times the answers (decision 089).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzip,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BoundedCache, type CacheLimits } from './bounded-cache.js';
import { TurnQueue } from './turn-queue.js';

type Encoding = 'br' | 'gzip';

export interface Entry {
  /** The answer's status: 200 for a JSON read, a page's own (a product not found answers 404). */
  status: number;
  /**
   * The answer as kept: its plain UTF-8 bytes (outside V8's heap: counted exactly, where a string
   * with one non-Latin-1 character takes two bytes a character in V8, with no garbage-collector
   * headroom on top, and sent as they are) until a compressed copy is made, then that copy, from
   * which a request for the plain bytes remakes them (decision 089).
   */
  kept: { as: 'plain' | Encoding; bytes: Buffer };
  /** The plain answer's length, which decides whether it is compressed at all. */
  plainBytes: number;
  etag: string;
  /** The body in each encoding asked for so far, made once, shared while it is being made. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The encodings made, sent without waiting: a hit's whole path is synchronous. */
  made: Partial<Record<Encoding, Buffer>>;
}

/** The bytes an entry is counted at: the ETag, the plain bytes while kept, every copy made. */
const entryBytes = (entry: Entry) =>
  (entry.kept.as === 'plain' ? entry.kept.bytes.length : 0) +
  entry.etag.length +
  Object.values(entry.made).reduce((sum, bytes) => sum + bytes.length, 0);

/** @fastify/compress's threshold (app.ts), so an answer reads the same from either. */
const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * @fastify/compress's Brotli settings (text, quality 4), with a window and hash tables sized to
 * the answer instead of Brotli's 4 MB default: the same bytes out for an answer under the window,
 * less native memory per compression. gzip's window likewise (2^9 is zlib's smallest for gzip).
 */
const windowBits = (bytes: number, smallest: number, largest: number) =>
  Math.min(largest, Math.max(smallest, Math.ceil(Math.log2(bytes))));
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length, 10, 22),
      },
    } satisfies BrotliOptions),
  gzip: (body) =>
    gzipped(body, { windowBits: windowBits(body.length, 9, 15) } satisfies ZlibOptions),
};

/**
 * One compression at a time, in libuv's pool: a burst of misses then holds one compressor's
 * native memory, not one per miss, and leaves the pool's other threads to file reads and
 * password hashing. A compression is made once per entry, so the queue is short.
 */
export const compressionQueue = new TurnQueue();

/**
 * The compressed bytes in a buffer of their own: zlib hands back a slice of its 64 KB output
 * chunk, and an entry holding the slice would keep the whole chunk alive while counting the
 * slice (a 300-byte variant held 64 KB: decision 079).
 */
async function compressed(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const out = await compressionQueue.run(() => compressors[encoding](body));
  const own = Buffer.allocUnsafeSlow(out.length);
  out.copy(own);
  return own;
}

/**
 * The entry's plain bytes: as kept, or decompressed from the copy kept in their place at each
 * request (a 16 KB listing in ~0.06 ms, a 70 KB page in ~0.3) rather than kept again beside it.
 */
const plainFrom: Record<Entry['kept']['as'], (bytes: Buffer) => Buffer> = {
  plain: (bytes) => bytes,
  br: (bytes) => brotliDecompressSync(bytes),
  gzip: (bytes) => gunzipSync(bytes),
};
const plainOf = ({ kept }: Entry): Buffer => plainFrom[kept.as](kept.bytes);

const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });

/**
 * A cache of `maxBytes` (the server's is config.ts's `responseCacheBytes`); 10,000 entries bound
 * the small answers (an empty listing is 44 bytes) that the byte budget alone would let pile up
 * to ~100,000 (decision 018).
 */
export const responseCacheLimits = (maxBytes: number): CacheLimits => ({
  maxEntries: 10_000,
  maxBytes,
});

export class ResponseCache {
  private readonly entries: BoundedCache<Entry>;
  private readonly pending = new Map<string, Promise<Entry>>();
  private generation = 0;
  /** Lookups answered from memory, and the others (computed, or waiting for a computation). */
  hits = 0;
  misses = 0;

  constructor(limits: CacheLimits) {
    this.entries = new BoundedCache(limits, entryBytes);
  }

  /** Drops everything; computations in flight are not stored. */
  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.generation++;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the entries held are counted at (keys, answers, per-entry cost). */
  get bytes(): number {
    return this.entries.bytes;
  }

  get limits(): CacheLimits {
    return this.entries.limits;
  }

  /** The entry held under `key`, counted as a hit; a miss is counted when it is computed. */
  lookup(key: string): Entry | undefined {
    const hit = this.entries.get(key);
    if (hit) this.hits++;
    return hit;
  }

  /**
   * The entry under `key`, computed once if absent: the text, or the text with its status and
   * whether to keep it (an answer that stands in for a failed part serves its own request only).
   */
  async entry(
    key: string,
    compute: () => Promise<string | { text: string; status: number; keep: boolean }>,
  ): Promise<Entry> {
    const hit = this.lookup(key);
    if (hit) return hit;
    this.misses++;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const job = compute()
      .then((answer) => {
        const { text, status, keep } =
          typeof answer === 'string' ? { text: answer, status: 200, keep: true } : answer;
        // A buffer of its own: Buffer.from would slice a small answer out of Node's shared 8 KB
        // pool, and an entry would keep the whole slab alive.
        const body = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
        body.write(text, 'utf8');
        const entry: Entry = {
          status,
          kept: { as: 'plain', bytes: body },
          plainBytes: body.length,
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
          encoded: {},
          made: {},
        };
        if (keep && generation === this.generation) this.entries.set(key, entry);
        return entry;
      })
      .finally(() => {
        if (this.pending.get(key) === job) this.pending.delete(key);
      });
    this.pending.set(key, job);
    return job;
  }

  /**
   * The entry's body in `encoding`, made on the first request for it and kept with the entry in
   * place of the plain bytes, its bytes then counted (which may evict older entries). Stored
   * under `key` only while the cache still holds this entry there: one dropped by a catalog change
   * or evicted meanwhile goes with its encodings.
   */
  encoded(key: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    const made = entry.encoded[encoding];
    if (made) return made;
    const making = compressed(plainOf(entry), encoding).then(
      (bytes) => {
        entry.made[encoding] = bytes;
        // Browsers ask for a compressed copy; the plain bytes, asked for by the server's own page
        // renders and API clients only, are remade from it (decision 089).
        if (entry.kept.as === 'plain') entry.kept = { as: encoding, bytes };
        this.entries.recount(key, entry);
        return bytes;
      },
      (error: unknown) => {
        // Not kept: the next request tries again.
        delete entry.encoded[encoding];
        throw error;
      },
    );
    entry.encoded[encoding] = making;
    return making;
  }
}

/**
 * The request as its route validated it: the route's path pattern, then its path parameters and
 * query string as their schemas answered them, keys sorted. A part the route declares no schema
 * for is left out: its handler has nothing validated to read from it.
 */
export function requestKey(request: FastifyRequest): string {
  // A getter that builds its object on every read: read once.
  const { url, schema } = request.routeOptions;
  return JSON.stringify([
    url,
    schema?.params ? sortedEntries(request.params) : [],
    schema?.querystring ? sortedEntries(request.query) : [],
  ]);
}

const sortedEntries = (values: unknown) =>
  Object.entries(values ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The options of a route answered by `sendCached`: the cache keeps its answers compressed and
 * negotiates the encoding itself, so @fastify/compress's three hooks would only look and pass on
 * every hit; a GET has no body to decompress. Its error answers (400, 404) are under the
 * compression threshold.
 */
export const CACHED_ROUTE = { compress: false, decompress: false } as const;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers a cached JSON read. `schema` strips and checks the answer once, at computation, as
 * the route's serializer would; browsers may keep it a minute and revalidate with the ETag. A
 * hit is answered before this returns, which then returns nothing (a route handler that returns
 * nothing has answered itself): no promise, no microtask (bench/README.md, "A cache hit's own
 * work"). A miss answers when computed.
 */
export function sendCached<S extends z.ZodType>(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  compute: () => Promise<z.input<S>>,
): Promise<void> | undefined {
  const key = requestKey(request);
  const hit = cache.lookup(key);
  if (hit) return sendJson(cache, key, request, reply, hit);
  return cache
    .entry(key, async () => JSON.stringify(schema.parse(await compute())))
    .then((entry) => sendJson(cache, key, request, reply, entry));
}

/** A cached JSON answer, cacheable by the browser (set here: an error answered instead is not). */
function sendJson(
  cache: ResponseCache,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
) {
  reply.header('cache-control', 'public, max-age=60');
  return sendEntry(cache, key, request, reply, entry, JSON_TYPE);
}

/**
 * Sends the entry `cache` holds under `key` in the encoding the browser asks for, with its ETag
 * when a 200 (a 304 when the browser holds it); the caller has set the caching headers. At once,
 * returning nothing, unless the encoding asked for has still to be made.
 */
export function sendEntry(
  cache: ResponseCache,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  type: string,
): Promise<void> | undefined {
  if (entry.status === 200) {
    reply.header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return void reply.status(304).send();
  }
  reply.status(entry.status).type(type);
  if (entry.plainBytes < COMPRESS_FROM_BYTES) return void reply.send(plainOf(entry));
  // Beside what the answer already varies on (CORS's Origin).
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiator.negotiate(accepted) as Encoding | null) : null;
  if (!encoding) return void reply.send(plainOf(entry));
  // Set first, @fastify/compress leaves the answer as it is (on the routes it still runs on).
  reply.header('content-encoding', encoding);
  const made = entry.made[encoding];
  if (made) return void reply.send(made);
  return cache.encoded(key, entry, encoding).then((bytes) => void reply.send(bytes));
}
