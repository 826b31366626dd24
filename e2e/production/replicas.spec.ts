/**
 * What only the production shape can get wrong (issue 23): nginx in front (TLS, HTTP/2, the
 * precompressed assets, the request id, /metrics kept in), and two replicas behind it that must
 * behave as one server: sessions and carts, the catalog cache, the rate limits, the workers (no
 * email sent twice), and a replica killed mid-run losing no acknowledged request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'node:http2';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ProductDetail } from '@storefront/shared/catalog';
import pg from 'pg';
import { postgresUrl } from '../../scripts/postgres.mjs';
import { DEMO_BUYER } from '../fixtures';
import { emptyCart, orderableFreely } from '../tests/orders/helpers';
import { productionStack } from './stack-settings.mjs';

const { dir, dataDir, publicUrl, databaseName } = productionStack;

async function database<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(postgresUrl.href);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One request over HTTP/2 through nginx: status, headers and body size. */
function http2Get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: number }>(
    (resolve, reject) => {
      const session = connect(publicUrl, { rejectUnauthorized: false });
      session.on('error', reject);
      const stream = session.request({ ':path': path, ...headers });
      let bytes = 0;
      let answer: Record<string, unknown> = {};
      stream.on('response', (received) => (answer = received));
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
      stream.on('end', () => {
        session.close();
        resolve({ status: Number(answer[':status']), headers: answer, bytes });
      });
      stream.on('error', reject);
      stream.end();
    },
  );
}

async function signIn(request: APIRequestContext) {
  const answer = await request.post('/api/user/login', { data: DEMO_BUYER });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The upstream addresses nginx's access log names, for the requests logged after `from` lines. */
const accessLog = () => readFileSync(join(dir, 'logs', 'access.log'), 'utf8').split('\n');

async function anOrderableProduct(request: APIRequestContext): Promise<ProductDetail> {
  for (const query of ['home', 'electronics', 'clothing', 'beauty', 'baby']) {
    const list = await request.get(`/api/products?query=${query}&limit=20&page=1`);
    const { payload } = (await list.json()) as { payload: { _id: string }[] };
    for (const { _id } of payload) {
      const detail = await request.get(`/api/products/product/${_id}`);
      const product = ((await detail.json()) as { payload: ProductDetail }).payload;
      if (product.options.length === 0 && (await orderableFreely(request, product))) return product;
    }
  }
  throw new Error('no freely orderable product without options');
}

const webDist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'dist');

test('nginx serves HTTP/2 with the build’s precompressed assets, an id on every request, and no /metrics', async () => {
  const script = readdirSync(join(webDist, 'assets')).find((name) => name.endsWith('.js'))!;
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    const asset = await http2Get(`/assets/${script}`, { 'accept-encoding': encoding });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe(encoding);
    expect(asset.bytes).toBe(readFileSync(join(webDist, 'assets', script + suffix)).length);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  const page = await http2Get('/');
  expect(page.status).toBe(200);
  // nginx's $request_id, which the replica logs and answers back.
  expect(page.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  expect(page.headers['strict-transport-security']).toContain('max-age=31536000');
  expect((await http2Get('/metrics')).status).toBe(404);
});

test('nginx’s own refusals speak the API’s error format', async ({ request }) => {
  // A flood from one address, past nginx's burst of 100: refused at the edge, as JSON.
  const answers = await Promise.all(
    Array.from({ length: 160 }, () => request.get('/api/health/live')),
  );
  const refused = answers.filter((answer) => answer.status() === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused[0]!.headers()['content-type']).toBe('application/json');
  expect(await refused[0]!.json()).toEqual({
    detail: 'Too many requests; please slow down',
    code: 'rate_limited',
  });
  // The limit's window passes (20 a second), and the next journey starts afresh.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
});

test('a buyer’s session and cart are the same on both replicas', async ({ request }) => {
  const token = await signIn(request);
  const headers = { authorization: `Bearer ${token}` };
  const product = await anOrderableProduct(request);
  await emptyCart(request, token);
  const before = accessLog().length;
  const added = await request.post(`/api/cart/items/${product._id}`, {
    headers,
    data: { quantity: 3, source: 'Ex-india custom' },
  });
  expect(added.status(), await added.text()).toBe(200);
  const carts = new Set<string>();
  for (let i = 0; i < 8; i++) {
    const cart = await request.get('/api/cart/', { headers });
    expect(cart.status()).toBe(200);
    const { lines } = (await cart.json()) as { lines: { productId: string; quantity: number }[] };
    carts.add(
      JSON.stringify(
        lines.filter((line) => line.productId === product._id).map((line) => line.quantity),
      ),
    );
  }
  expect([...carts]).toEqual(['[3]']);
  // Both replicas answered them (round robin).
  const upstreams = new Set(
    accessLog()
      .slice(before - 1)
      .filter((line) => line.includes('GET /api/cart/'))
      .map((line) => / (127\.0\.0\.1:\d+) /.exec(line)?.[1]),
  );
  expect(upstreams.size).toBe(2);
});

test('a catalog change is seen through both replicas at once (each empties its cache)', async ({
  request,
}) => {
  const product = await anOrderableProduct(request);
  // Both replicas cache the product first.
  for (let i = 0; i < 4; i++) await request.get(`/api/products/product/${product._id}`);
  const renamed = `${product.name} (renamed ${Date.now()})`;
  await database((client) =>
    client.query('UPDATE products SET name = $1 WHERE id = $2', [renamed, product._id]),
  );
  await expect
    .poll(async () => {
      const names = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const answer = await request.get(`/api/products/product/${product._id}`);
        names.add(((await answer.json()) as { payload: ProductDetail }).payload.name);
      }
      return [...names];
    })
    .toEqual([renamed]);
});

test('a rate limit counts across both replicas (Redis), not per replica', async ({ request }) => {
  // "Forgot password?" for one address: 5 an hour, times the journeys' RATE_LIMIT_SCALE of 10.
  const email = `limit-${Date.now()}@example.com`;
  const statuses: number[] = [];
  for (let i = 0; i < 51; i++)
    statuses.push((await request.post('/api/user/forgot-password', { data: { email } })).status());
  expect(statuses.slice(0, 50).every((status) => status === 202)).toBe(true);
  expect(statuses[50]).toBe(429);
});

test('the two replicas’ email workers send every message once', async () => {
  const marker = `twice-${Date.now()}`;
  await database((client) =>
    client.query(
      `INSERT INTO email_outbox (kind, to_address, subject, text_body, html_body, expires_at)
       SELECT 'email_verification', 'worker-' || n || '@example.com', $1 || ' ' || n, 'Body', '<p>Body</p>',
              now() + interval '1 hour'
         FROM generate_series(1, 40) AS n`,
      [marker],
    ),
  );
  await expect
    .poll(
      () =>
        database(async (client) => {
          const { rows } = await client.query(
            `SELECT count(*)::int AS unsent FROM email_outbox WHERE subject LIKE $1 AND sent_at IS NULL`,
            [`${marker}%`],
          );
          return (rows[0] as { unsent: number }).unsent;
        }),
      { timeout: 60_000 },
    )
    .toBe(0);
  // The SMTP server received each once: one file per message, each of another outbox row.
  const outbox = join(dataDir, 'outbox');
  const received = readdirSync(outbox).filter((name) =>
    readFileSync(join(outbox, name), 'utf8').includes(marker),
  );
  expect(received.length).toBe(40);
  expect(new Set(received.map((name) => name.split('-')[0])).size).toBe(40);
});

test('a replica killed mid-run loses no acknowledged request, and reads go on through the other', async ({
  request,
}) => {
  const token = await signIn(request);
  const headers = { authorization: `Bearer ${token}` };
  const product = await anOrderableProduct(request);
  await emptyCart(request, token);
  const victim = Number(readFileSync(join(dir, 'replica-1.pid'), 'utf8'));

  const pause = () => new Promise((resolve) => setTimeout(resolve, 120));
  let acknowledged = 0;
  let sent = 0;
  const readFailures: number[] = [];
  const deadline = Date.now() + 6_000;
  const writer = (async () => {
    while (Date.now() < deadline) {
      sent++;
      const answer = await request
        .post(`/api/cart/items/${product._id}`, {
          headers,
          data: { quantity: 1, source: 'Ex-india custom' },
        })
        .catch(() => undefined);
      if (answer?.status() === 200) acknowledged++;
      // A buyer's pace, under nginx's limit of 20 requests a second from one address.
      await pause();
    }
  })();
  const reader = (async () => {
    while (Date.now() < deadline) {
      const answer = await request.get(`/api/products/product/${product._id}`);
      if (answer.status() !== 200) readFailures.push(answer.status());
      await pause();
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  process.kill(victim, 'SIGKILL');
  await Promise.all([writer, reader]);

  const cart = (await (await request.get('/api/cart/', { headers })).json()) as {
    lines: { productId: string; quantity: number }[];
  };
  const quantity = cart.lines.find((line) => line.productId === product._id)?.quantity ?? 0;
  // Every acknowledged add is there; an add cut off with its replica may be there too.
  expect(acknowledged).toBeGreaterThan(5);
  expect(quantity).toBeGreaterThanOrEqual(acknowledged);
  expect(quantity).toBeLessThanOrEqual(sent);
  expect(readFailures).toEqual([]);

  // The replica comes back (as systemd would start it again) and takes requests.
  await expect
    .poll(() => Number(readFileSync(join(dir, 'replica-1.pid'), 'utf8')), { timeout: 60_000 })
    .not.toBe(victim);
  await expect
    .poll(
      async () =>
        (
          await fetch(`http://127.0.0.1:${productionStack.replicaPorts[0]}/api/health/ready`).catch(
            () => undefined,
          )
        )?.status,
      { timeout: 120_000 },
    )
    .toBe(200);
});
