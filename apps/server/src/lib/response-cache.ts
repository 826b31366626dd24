/**
 * An in-process cache of serialised JSON answers for public catalog reads: the body is built,
 * checked against its response schema and stringified once, then served from memory with an
 * ETag (304 on a match) until the catalog changes. Concurrent misses of one key share one
 * computation. Bounded by total bytes, least recently used first out.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

interface Entry {
  body: string;
  etag: string;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();
  private bytes = 0;
  private generation = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** Drops everything; computations in flight are not stored. */
  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
    this.generation++;
  }

  get size(): number {
    return this.entries.size;
  }

  async entry(key: string, compute: () => Promise<string>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh its place in the LRU order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const job = compute()
      .then((body) => {
        const entry = {
          body,
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
        };
        if (generation === this.generation) this.store(key, entry);
        return entry;
      })
      .finally(() => {
        if (this.pending.get(key) === job) this.pending.delete(key);
      });
    this.pending.set(key, job);
    return job;
  }

  private store(key: string, entry: Entry) {
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.body.length;
    }
  }
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
  const entry = await cache.entry(request.url, async () =>
    JSON.stringify(schema.parse(await compute())),
  );
  reply.header('etag', entry.etag).header('cache-control', 'public, max-age=60');
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}
