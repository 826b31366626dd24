/**
 * An in-process cache of serialised JSON answers for public catalog reads: the body is built,
 * checked against its response schema and stringified once, then served from memory with an
 * ETag (304 on a match) until the catalog changes. Concurrent misses of one key share one
 * computation. Answers are kept under the validated request, not its URL, so a request
 * differing only in what validation drops or normalises (parameter order, spaces around the
 * query, `limit=020`) is the same entry, and bounded in entries and bytes, least recently used
 * first out (issue 17).
 *
 * An answer of 1 KB or more is kept Brotli- and gzip-compressed too, made once with the entry:
 * every browser asks for a compressed answer, and @fastify/compress would otherwise compress the
 * same bytes again on every hit, the largest cost of a cached listing served to a browser
 * (bench/README.md, "Where a cached read's time goes").
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BoundedCache, type CacheLimits } from './bounded-cache.js';

export interface Entry {
  /** The answer's status: 200 for a JSON read, a page's own (a product not found answers 404). */
  status: number;
  /**
   * UTF-8, outside V8's heap: counted exactly (a string with one non-Latin-1 character takes two
   * bytes a character in V8), with no garbage-collector headroom on top, and sent as it is.
   */
  body: Buffer;
  etag: string;
  /** The body compressed, when it is large enough for compression to pay. */
  encoded?: Record<Encoding, Buffer>;
}

type Encoding = 'br' | 'gzip';

/** @fastify/compress's threshold (app.ts) and its Brotli settings, so an answer reads the same. */
const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 4,
  },
};

/** Off the event loop, in libuv's pool, as the on-the-fly compression ran. */
async function encodings(body: Buffer): Promise<Record<Encoding, Buffer> | undefined> {
  if (body.length < COMPRESS_FROM_BYTES) return undefined;
  const [br, gzip] = await Promise.all([brotli(body, BROTLI_OPTIONS), gzipped(body)]);
  return { br, gzip };
}

const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });

/**
 * 32 MB holds the bench's whole read mix (~1,700 answers, ~14 MB) with room to spare; 10,000
 * entries bound the small answers (an empty listing is 44 bytes) that the byte budget alone
 * would let pile up to ~100,000 (decision 018).
 */
export const RESPONSE_CACHE_LIMITS: CacheLimits = {
  maxEntries: 10_000,
  maxBytes: 32 * 1024 * 1024,
};

export class ResponseCache {
  private readonly entries: BoundedCache<Entry>;
  private readonly pending = new Map<string, Promise<Entry>>();
  private generation = 0;
  /** Lookups answered from memory, and the others (computed, or waiting for a computation). */
  hits = 0;
  misses = 0;

  constructor(limits: CacheLimits = RESPONSE_CACHE_LIMITS) {
    this.entries = new BoundedCache(
      limits,
      (entry) =>
        entry.body.length +
        entry.etag.length +
        (entry.encoded ? entry.encoded.br.length + entry.encoded.gzip.length : 0),
    );
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

  /**
   * The entry under `key`, computed once if absent: the text, or the text with its status and
   * whether to keep it (an answer that stands in for a failed part serves its own request only).
   */
  async entry(
    key: string,
    compute: () => Promise<string | { text: string; status: number; keep: boolean }>,
  ): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const job = compute()
      .then(async (answer) => {
        const { text, status, keep } =
          typeof answer === 'string' ? { text: answer, status: 200, keep: true } : answer;
        // A buffer of its own: Buffer.from would slice a small answer out of Node's shared 8 KB
        // pool, and an entry would keep the whole slab alive.
        const body = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
        body.write(text, 'utf8');
        const entry: Entry = {
          status,
          body,
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
          encoded: await encodings(body),
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
}

/**
 * The request as its route validated it: the route's path pattern, then its path parameters and
 * query string as their schemas answered them, keys sorted. A part the route declares no schema
 * for is left out: its handler has nothing validated to read from it.
 */
export function requestKey(request: FastifyRequest): string {
  const schema = request.routeOptions.schema;
  const sorted = (values: unknown) =>
    Object.entries(values ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    request.routeOptions.url,
    schema?.params ? sorted(request.params) : [],
    schema?.querystring ? sorted(request.query) : [],
  ]);
}

/**
 * Answers a cached JSON read. `schema` strips and checks the answer once, at computation, as
 * the route's serializer would; browsers may keep it a minute and revalidate with the ETag.
 */
export async function sendCached<S extends z.ZodType>(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  compute: () => Promise<z.input<S>>,
) {
  const entry = await cache.entry(requestKey(request), async () =>
    JSON.stringify(schema.parse(await compute())),
  );
  reply.header('cache-control', 'public, max-age=60');
  return sendEntry(request, reply, entry, 'application/json; charset=utf-8');
}

/**
 * Sends a cached entry in the encoding the browser asks for, a 200 with its ETag (304 when the
 * browser holds it); the caller has set the caching headers.
 */
export function sendEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  type: string,
) {
  if (entry.status === 200) {
    reply.header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  }
  reply.status(entry.status).type(type);
  if (!entry.encoded) return reply.send(entry.body);
  // Beside what the answer already varies on (CORS's Origin).
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiator.negotiate(accepted) as Encoding | null) : null;
  if (!encoding) return reply.send(entry.body);
  // Set first, @fastify/compress leaves the answer as it is.
  return reply.header('content-encoding', encoding).send(entry.encoded[encoding]);
}
