import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENTRY_OVERHEAD_BYTES } from './bounded-cache.js';
import {
  CACHED_ROUTE,
  compressionQueue,
  ResponseCache,
  responseCacheLimits,
  sendCached,
} from './response-cache.js';

const LIMITS = responseCacheLimits(32 * 1024 * 1024);

describe('ResponseCache', () => {
  it('keeps each answer as UTF-8 in a buffer of its own, counted at its bytes', async () => {
    const cache = new ResponseCache(LIMITS);
    // Mostly ASCII with one rupee sign: V8 would keep the string at two bytes a character.
    const text = `{"price":"₹${'9'.repeat(40)}"}`;
    const entry = await cache.entry('key', async () => text);
    expect(entry.kept.as).toBe('plain');
    const plain = entry.kept.bytes;
    expect(plain.toString('utf8')).toBe(text);
    expect(plain.length).toBe(Buffer.byteLength(text));
    // Not a slice of Node's shared 8 KB pool, which the entry would keep alive whole.
    expect(plain.buffer.byteLength).toBe(plain.length);
    expect(plain.byteOffset).toBe(0);
    expect(cache.bytes).toBe(
      ENTRY_OVERHEAD_BYTES + 'key'.length + plain.length + entry.etag.length,
    );
  });

  it('serves one computation to concurrent misses and the stored entry after', async () => {
    const cache = new ResponseCache(LIMITS);
    let computations = 0;
    const compute = async () => `{"n":${++computations}}`;
    const [a, b] = await Promise.all([cache.entry('k', compute), cache.entry('k', compute)]);
    expect(a).toBe(b);
    expect(await cache.entry('k', compute)).toBe(a);
    expect(computations).toBe(1);
    // Counted for /metrics: the two concurrent lookups missed, the third was a hit.
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });
});

describe('sendCached', () => {
  const large = { items: Array.from({ length: 60 }, (_, i) => ({ name: `Steel bottle ${i}` })) };
  const small = { items: [{ name: 'one' }] };
  const Answer = z.object({ items: z.array(z.object({ name: z.string() })) });

  async function appServing(answer: z.input<typeof Answer>) {
    const cache = new ResponseCache(LIMITS);
    let computations = 0;
    /** Whether each request's answer had been sent when sendCached returned, and what it returned. */
    const returned: { sent: boolean; result: unknown }[] = [];
    const app = Fastify();
    // As app.ts registers it, and the cached routes opt out of it, as the real ones do.
    await app.register(compress, { global: true, threshold: 1024 });
    app.get('/answer', CACHED_ROUTE, (request, reply) => {
      const result = sendCached(
        cache,
        request,
        reply,
        Answer,
        async () => (computations++, answer),
      );
      returned.push({ sent: reply.sent, result });
      return result;
    });
    return { app, cache, computations: () => computations, returned };
  }

  const key = JSON.stringify(['/answer', [], []]);
  /** What the entry counts at without its answer's bytes (plain or compressed). */
  const entryCost = (cache: ResponseCache) =>
    cache
      .entry(key, async () => 'unused')
      .then((entry) => ENTRY_OVERHEAD_BYTES + key.length + entry.etag.length);

  it('serves each encoding a browser asks for, made on the first request for it and reused after', async () => {
    const { app, computations } = await appServing(large);
    const text = JSON.stringify(large);
    const before = compressionQueue.done;
    for (const [accept, encoding, decode, made] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync, 1],
      ['br', 'br', brotliDecompressSync, 1],
      ['gzip', 'gzip', gunzipSync, 2],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync, 2],
    ] as const) {
      const response = await app.inject({ url: '/answer', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('accept-encoding');
      expect(decode(response.rawPayload).toString('utf8')).toBe(text);
      expect(compressionQueue.done - before).toBe(made);
    }
    const plain = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body).toBe(text);
    expect(computations()).toBe(1);
  });

  it('answers a hit, in an encoding made before, by the time it returns, with nothing to await', async () => {
    const { app, returned } = await appServing(large);
    for (const accept of ['br', 'br', 'identity', 'gzip', 'gzip'])
      await app.inject({ url: '/answer', headers: { 'accept-encoding': accept } });
    expect(returned.map(({ sent, result }) => [sent, result === undefined])).toEqual([
      [false, false], // the miss: computed, its Brotli made, then answered
      [true, true], // a hit, in that Brotli
      [true, true], // a hit, plain
      [false, false], // a hit whose gzip is still to be made
      [true, true], // a hit, in that gzip
    ]);
  });

  it('leaves an error answered instead of the read uncacheable', async () => {
    const app = Fastify();
    app.get('/answer', CACHED_ROUTE, (request, reply) =>
      sendCached(new ResponseCache(LIMITS), request, reply, Answer, async () => {
        throw Object.assign(new Error('No such product'), { statusCode: 404 });
      }),
    );
    const response = await app.inject({ url: '/answer' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('makes no compressed copy while no request asks for one', async () => {
    const { app, cache } = await appServing(large);
    const before = compressionQueue.done;
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ url: '/answer' });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(JSON.stringify(large));
    }
    expect(compressionQueue.done).toBe(before);
    expect(cache.bytes).toBe((await entryCost(cache)) + Buffer.byteLength(JSON.stringify(large)));
  });

  it('keeps the compressed copies in place of the plain bytes, each in a buffer of its own', async () => {
    const { app, cache } = await appServing(large);
    const br = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
    const gzip = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(cache.bytes).toBe(
      (await entryCost(cache)) + br.rawPayload.length + gzip.rawPayload.length,
    );
    // Not a slice of zlib's 64 KB output chunk, which the entry would keep alive whole.
    const entry = await cache.entry(key, async () => 'unused');
    const kept = await entry.encoded.br!;
    expect(kept.equals(br.rawPayload)).toBe(true);
    expect([kept.buffer.byteLength, kept.byteOffset]).toEqual([kept.length, 0]);
  });

  it('answers the plain bytes of a compressed entry from its copy, without keeping them again', async () => {
    const { app, cache, computations } = await appServing(large);
    const br = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
    const counted = cache.bytes;
    for (let i = 0; i < 2; i++) {
      const plain = await app.inject({ url: '/answer' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.etag).toBe(br.headers.etag);
      expect(plain.body).toBe(JSON.stringify(large));
    }
    // A gzip copy made after, from the Brotli copy's bytes.
    const gzip = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(JSON.stringify(large));
    expect(computations()).toBe(1);
    expect(cache.bytes).toBe(counted + gzip.rawPayload.length);
    expect((await cache.entry(key, async () => 'unused')).kept.as).toBe('br');
  });

  it('drops the compressed copies with the entry when the catalog changes', async () => {
    const { app, cache, computations } = await appServing(large);
    await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
    cache.clear();
    const before = compressionQueue.done;
    const again = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(again.rawPayload).toString('utf8')).toBe(JSON.stringify(large));
    expect(computations()).toBe(2);
    expect(compressionQueue.done - before).toBe(1);
  });

  it('does not count a copy finished after its entry was dropped', async () => {
    const cache = new ResponseCache(LIMITS);
    const entry = await cache.entry(key, async () => JSON.stringify(large));
    const making = cache.encoded(key, entry, 'gzip');
    cache.clear();
    expect(gunzipSync(await making).toString('utf8')).toBe(JSON.stringify(large));
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('sends an answer under 1 KB as it is, whatever the browser accepts', async () => {
    const { app } = await appServing(small);
    const response = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body).toBe(JSON.stringify(small));
  });
});
