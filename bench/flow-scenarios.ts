/**
 * Scenarios beyond plain catalog reads: search (the search issue's buyer queries), cart add and
 * order creation by signed-in bench buyers (seeded with --bench-buyers).
 */
import type { Scenario } from './api.js';
import { latencyRecorder } from './lib/latency-recorder.js';
import type { LoadResult } from './lib/load.js';
import { post } from './lib/post.js';
import type { RunningProcess } from './lib/processes.js';
import { SEARCH_KINDS, searchBody } from './search.js';

/** The search issue's buyer queries, every kind in turn. */
const SEARCH_REQUESTS = SEARCH_KINDS.flatMap((kind) => kind.requests);

export const SHIPPING = {
  recipientName: 'Bench Buyer',
  shippingAddress1: '1 MG Road',
  shippingCity: 'Bengaluru',
  shippingState: 'Karnataka',
  shippingPostalCode: '560001',
  shippingCountry: 'India',
  shippingPhoneNumber: '9000000000',
};

async function login(baseUrl: string, n: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench${n}@bench.example.com`, password: 'Bench@2026' }),
  });
  if (!response.ok)
    throw new Error(`bench login ${n}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Products a bench buyer can add without choosing options. */
async function plainProducts(baseUrl: string, ids: string[]): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/products/multiple-products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product_ids: ids.slice(0, 100) }),
  });
  const { payload } = (await response.json()) as { payload: { _id: string; options: unknown[] }[] };
  return payload.filter((p) => p.options.length === 0).map((p) => p._id);
}

/**
 * Order creation at a fixed number of connections: each worker is one buyer who puts a product
 * in the cart (not timed) and places the order (timed), over and over.
 */
async function measureOrders(
  baseUrl: string,
  tokens: string[],
  products: string[],
  durationSec: number,
): Promise<LoadResult> {
  const latency = latencyRecorder();
  const deadline = Date.now() + durationSec * 1000;
  let requests = 0;
  let non2xx = 0;
  let errors = 0;
  let sequence = 0;
  const started = Date.now();
  await Promise.all(
    tokens.map(async (token, worker) => {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      while (Date.now() < deadline) {
        const productId = products[(worker + sequence++) % products.length]!;
        try {
          await post(
            `${baseUrl}/api/cart/items/${productId}`,
            headers,
            JSON.stringify({ quantity: 12, source: 'Ex-india custom' }),
          );
          const t0 = performance.now();
          const status = await post(
            `${baseUrl}/api/orders/`,
            { ...headers, 'idempotency-key': `bench-${worker}-${sequence}-${Date.now()}` },
            JSON.stringify(SHIPPING),
          );
          latency.recordSince(t0);
          requests++;
          if (status !== 201) non2xx++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return {
    requestsPerSec: Math.round(requests / ((Date.now() - started) / 1000)),
    ...latency.percentiles(),
    requests,
    non2xx,
    errors,
  };
}

export async function flowScenarios(
  server: RunningProcess,
  fixtures: { productIds: string[]; queries: string[] },
  buyers: number,
): Promise<Scenario[]> {
  const half = Math.floor(buyers / 2);
  const tokens = await Promise.all(
    Array.from({ length: buyers }, (_, i) => login(server.baseUrl, i + 1)),
  );
  const cartTokens = tokens.slice(0, half);
  const orderTokens = tokens.slice(half);
  const products = await plainProducts(server.baseUrl, fixtures.productIds);
  const at = <T>(items: T[], i: number) => items[i % items.length]!;
  // The order scenario's sample request needs a filled cart.
  await fetch(`${server.baseUrl}/api/cart/items/${products[0]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${orderTokens[0]}` },
    body: JSON.stringify({ quantity: 12, source: 'Ex-india custom' }),
  });
  return [
    {
      name: 'search',
      connections: 50,
      request: (i) => ({
        method: 'POST',
        path: '/api/search/1/indexes/*/queries',
        body: searchBody(at(SEARCH_REQUESTS, i)),
      }),
    },
    {
      name: 'cart add',
      connections: 20,
      request: (i) => ({
        method: 'POST',
        path: `/api/cart/items/${at(products, i)}`,
        body: JSON.stringify({ quantity: 1, source: 'Ex-india custom' }),
        headers: { authorization: `Bearer ${at(cartTokens, i)}` },
      }),
    },
    {
      name: 'order creation',
      connections: orderTokens.length,
      // The sample: one order placed from a one-line cart; its bytes feed the baseline.
      request: (i) => ({
        method: 'POST',
        path: '/api/orders/',
        body: JSON.stringify(SHIPPING),
        headers: {
          authorization: `Bearer ${at(orderTokens, i)}`,
          'idempotency-key': `bench-sample-${i}`,
        },
      }),
      measure: (running, durationSec) =>
        measureOrders(running.baseUrl, orderTokens, products, durationSec),
    },
  ];
}
