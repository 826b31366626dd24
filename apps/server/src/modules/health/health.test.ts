import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenWhileStarting } from '../../starting-listener.js';
import { buildReplica, buildTestApp, type TestApp } from '../../test/app.js';
import { enqueueEmail } from '../email/outbox.js';
import {
  callbackRecorder,
  orderAwaitingPayment,
  type CallbackRecorder,
} from '../payments/test-support.js';

const METRICS_TOKEN = 'metrics-token-of-the-test-scraper-0123456789';

let t: TestApp;
let recorder: CallbackRecorder;
beforeAll(async () => {
  recorder = callbackRecorder();
  t = await buildTestApp({
    products: 5,
    // A cache size of neither database's default, so the caches are seen to take the setting.
    config: { metricsToken: METRICS_TOKEN, responseCacheBytes: 5 * 1024 * 1024 },
    payments: { deliverCallback: recorder.deliver },
  });
  recorder.attach(t);
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

/** The value of the sample `name{labels}` (labels as Prometheus prints them), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text
    .split('\n')
    .find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('liveness and readiness', () => {
  it('answers liveness without the database, and readiness (and the spec’s /api/health) with it', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    for (const url of ['/api/health/ready', '/api/health']) {
      const ready = await t.app.inject({ url });
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok', database: 'up' }]);
    }
  });

  it('is not ready while it migrates: the starting listener answers alive, and 503 to the rest', async () => {
    const starting = await listenWhileStarting('127.0.0.1', 0);
    try {
      const base = `http://127.0.0.1:${starting.port}`;
      const live = await fetch(`${base}/api/health/live`);
      expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
      for (const path of ['/api/health/ready', '/api/products?limit=1']) {
        const answer = await fetch(`${base}${path}`);
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(await answer.json()).toEqual({
          detail: 'The server is starting; try again in a few seconds',
          code: 'starting',
        });
      }
    } finally {
      await starting.close();
    }
  });

  it('is not ready while it drains: a request arriving once closing has begun is answered 503', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds the close after the app's own preClose hooks, before the listener closes.
    const replica = await buildReplica(t, {
      prepare: (app) => app.addHook('preClose', async () => held),
    });
    await replica.listen({ host: '127.0.0.1', port: 0 });
    const { port } = replica.server.address() as AddressInfo;
    const closed = replica.close();
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    release();
    await closed;
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(await ready.json()).toEqual({
      detail: 'The server is shutting down; please retry',
      code: 'draining',
    });
  });
});

describe('request ids', () => {
  it('logs and answers the proxy’s X-Request-Id when it is a plain token', async () => {
    const response = await t.app.inject({
      url: '/api/health/live',
      headers: { 'x-request-id': '0f1e2d3c4b5a69788796a5b4c3d2e1f0' },
    });
    expect(response.headers['x-request-id']).toBe('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
  });

  it('gives a request a new id of its own when it comes without one, or with one that is not a plain token', async () => {
    const ids = new Set<string>();
    for (const given of [undefined, 'short', 'a'.repeat(65), 'bad id\nforged log line']) {
      const response = await t.app.inject({
        url: '/api/health/live',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
  });
});

describe('/metrics', () => {
  it('answers only the scraper holding METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${METRICS_TOKEN}`]) {
      const response = await t.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: 'The metrics need the scraper’s bearer token',
        code: 'metrics_token',
      });
    }
  });

  it('is not there at all without METRICS_TOKEN', async () => {
    const bare = await buildTestApp();
    try {
      const response = await bare.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('counts requests by route pattern and status, with their time', async () => {
    const before = await scrape();
    const labels = 'method="GET",route="/api/products/product/:id",status_code="404"';
    const count = () => sample(before, 'http_request_duration_seconds_count', labels) ?? 0;
    for (const id of ['0123456789abcdef01234567', '0123456789abcdef01234568'])
      await t.app.inject({ url: `/api/products/product/${id}` });
    const after = await scrape();
    expect(sample(after, 'http_request_duration_seconds_count', labels)).toBe(count() + 2);
    expect(sample(after, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('reports the database’s statements and their time, and the catalog cache’s hits, misses, entries and bytes against its limit', async () => {
    const before = await scrape();
    const [product] = (
      await t.database.db.execute(sql`SELECT id FROM products ORDER BY id LIMIT 1`)
    ).rows as { id: string }[];
    await t.app.inject({ url: `/api/products/product/${product!.id}` });
    await t.app.inject({ url: `/api/products/product/${product!.id}` });
    const after = await scrape();
    const delta = (name: string, labels = '') =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('storefront_db_statements_total')).toBeGreaterThanOrEqual(1);
    expect(delta('storefront_db_statement_seconds_total')).toBeGreaterThan(0);
    expect(delta('storefront_response_cache_lookups_total', 'cache="catalog",result="hit"')).toBe(
      1,
    );
    expect(
      delta('storefront_response_cache_lookups_total', 'cache="catalog",result="miss"'),
    ).toBeGreaterThanOrEqual(1);
    const size = (cache: string, kind: string) =>
      sample(after, 'storefront_response_cache_size', `cache="${cache}",kind="${kind}"`);
    expect(size('catalog', 'entries')).toBeGreaterThanOrEqual(1);
    expect(size('catalog', 'bytes')).toBeGreaterThan(0);
    for (const cache of ['catalog', 'store'])
      expect(size(cache, 'bytes_limit')).toBe(5 * 1024 * 1024);
  });

  it('reports the email backlog: how many are due and how long the oldest has waited', async () => {
    await t.database.db.transaction((tx) =>
      enqueueEmail(tx, {
        kind: 'email_verification',
        to: 'someone@example.com',
        content: { subject: 'Waiting', text: 'Waiting', html: '<p>Waiting</p>' },
      }),
    );
    await t.database.db.execute(
      sql`UPDATE email_outbox SET next_attempt_at = now() - interval '90 seconds' WHERE sent_at IS NULL`,
    );
    const text = await scrape();
    expect(sample(text, 'storefront_worker_queue_depth', 'queue="email"')).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      sample(text, 'storefront_worker_queue_lag_seconds', 'queue="email"'),
    ).toBeGreaterThanOrEqual(89);
    for (const queue of ['payment_checks', 'refund_checks', 'order_expiry'])
      expect(sample(text, 'storefront_worker_queue_depth', `queue="${queue}"`)).toBe(0);
  });

  it('counts payment results by state and outcome', async () => {
    const before = await scrape();
    const { paymentUrl } = await orderAwaitingPayment(t);
    await t.app.inject({
      method: 'POST',
      url: `${new URL(paymentUrl, t.config.publicUrl).pathname}/approve`,
    });
    const after = await scrape();
    const labels = 'provider="sandbox",state="COMPLETED",outcome="applied"';
    expect(
      (sample(after, 'storefront_payment_results_total', labels) ?? 0) -
        (sample(before, 'storefront_payment_results_total', labels) ?? 0),
    ).toBe(1);
  });

  it('reports the password-hashing queue: derivations done, waiting, and their wait', async () => {
    const before = await scrape();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'nobody-here@example.com', password: 'Not-the-password-1' },
    });
    const after = await scrape();
    expect(
      (sample(after, 'storefront_password_hashes_total') ?? 0) -
        (sample(before, 'storefront_password_hashes_total') ?? 0),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'storefront_password_hash_queue')).toBe(0);
    expect(sample(after, 'storefront_password_hash_wait_seconds_total')).toBeGreaterThanOrEqual(0);
    // The process's own figures, for a process that is scraped.
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('reports the PGlite thread’s heap beside the process’s own, and none on PostgreSQL', async () => {
    const text = await scrape();
    const heap = (kind: string) =>
      sample(text, 'storefront_thread_heap_bytes', `thread="database",kind="${kind}"`);
    if (t.database.kind === 'postgres') {
      expect(heap('used')).toBeUndefined();
      return;
    }
    expect(heap('used')).toBeGreaterThan(1_000_000);
    expect(heap('total')).toBeGreaterThanOrEqual(heap('used')!);
    // PostgreSQL's WebAssembly memory, which the main thread's heap figures do not show.
    expect(heap('external')).toBeGreaterThan(64 * 1024 * 1024);
  });
});
