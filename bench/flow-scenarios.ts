/**
 * Scenarios beyond plain catalog reads: search (the search issue's buyer queries), cart add and
 * order creation by signed-in bench buyers (seeded with --bench-buyers), and the catalog reads
 * while orders flow (issue 20): orders take stock all the time, which must not empty the cached
 * catalog answers (decision 048), so the product and category pages keep their budgets.
 */
import { BROWSER_HEADERS, type Measured, type Scenario } from './api.js';
import { latencyRecorder } from './lib/latency-recorder.js';
import { runLoad, type LoadRequest } from './lib/load.js';
import { post, send } from './lib/post.js';
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

/** Units a bench order takes: the second tier of most seeded products. */
const ORDER_QUANTITY = 12;

/**
 * Products a bench buyer can add without choosing options, in any quantity (no minimum order or
 * pack size), with the units for the run: tracked ones with at least `minStock` on hand (their
 * orders take stock, as a store's do) and untracked ones. Enough of them that a run's orders
 * (~2,000 of 12 units at full speed) never sell one out: a refused order is answered faster than
 * a placed one and would flatter the figures.
 */
async function plainProducts(
  baseUrl: string,
  ids: string[],
  { minStock = 400, wanted = 200 } = {},
): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < ids.length && found.length < wanted; start += 100) {
    const response = await fetch(`${baseUrl}/api/products/multiple-products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_ids: ids.slice(start, start + 100) }),
    });
    const { payload } = (await response.json()) as {
      payload: {
        _id: string;
        options: unknown[];
        minOrderQuantity: number;
        orderMultiple: number;
      }[];
    };
    const plain = payload.filter(
      (p) => p.options.length === 0 && p.minOrderQuantity === 1 && p.orderMultiple === 1,
    );
    const stocked = await Promise.all(
      plain.map(async (p) => {
        const answer = await fetch(`${baseUrl}/api/products/${p._id}/availability`);
        const { payload: units } = (await answer.json()) as { payload: { stock: number | null } };
        return units.stock === null || units.stock >= minStock ? p._id : null;
      }),
    );
    found.push(...stocked.filter((id): id is string => id !== null));
  }
  return found.slice(0, wanted);
}

/**
 * Takes every line out of a bench buyer's cart: a refused order leaves its lines there, and the
 * next order of that buyer would carry them again and be refused for the same reason.
 */
async function emptyCart(baseUrl: string, headers: Record<string, string>): Promise<void> {
  const { body } = await send('GET', `${baseUrl}/api/cart/`, headers, undefined, true);
  const { lines } = JSON.parse(body) as {
    lines: { productId: string; source: string; variantIndex: number | null }[];
  };
  for (const line of lines)
    await send(
      'DELETE',
      `${baseUrl}/api/cart/items/${line.productId}`,
      headers,
      JSON.stringify({ source: line.source, variantIndex: line.variantIndex }),
    );
}

/** Orders a second placed beside the reads of the 'while orders flow' scenarios. */
const ORDERS_PER_SEC_WHILE_READING = 25;

/**
 * Order creation at a fixed number of connections: each worker is one buyer who puts a product
 * in the cart (not timed) and places the order (timed), over and over; as fast as it can, or at
 * `ratePerSec` orders a second among the workers.
 */
async function measureOrders(
  baseUrl: string,
  tokens: string[],
  products: string[],
  durationSec: number,
  ratePerSec?: number,
): Promise<Measured> {
  const intervalMs = ratePerSec ? (tokens.length * 1000) / ratePerSec : 0;
  const latency = latencyRecorder();
  const deadline = Date.now() + durationSec * 1000;
  let requests = 0;
  let non2xx = 0;
  let errors = 0;
  let sequence = 0;
  /** Why orders were refused (status and code): a refused order is quicker than a placed one. */
  const refusals = new Map<string, number>();
  const started = Date.now();
  await Promise.all(
    tokens.map(async (token, worker) => {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      await emptyCart(baseUrl, headers);
      // Workers start spread over one interval, so a paced load is even, not in bursts.
      let next = Date.now() + (intervalMs * worker) / tokens.length;
      while (Date.now() < deadline) {
        if (intervalMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
          next += intervalMs;
          if (Date.now() >= deadline) break;
        }
        const productId = products[(worker + sequence++) % products.length]!;
        try {
          await post(
            `${baseUrl}/api/cart/items/${productId}`,
            headers,
            JSON.stringify({ quantity: ORDER_QUANTITY, source: 'Ex-india custom' }),
          );
          const t0 = performance.now();
          const answer = await send(
            'POST',
            `${baseUrl}/api/orders/`,
            { ...headers, 'idempotency-key': `bench-${worker}-${sequence}-${Date.now()}` },
            JSON.stringify(SHIPPING),
            true,
          );
          latency.recordSince(t0);
          requests++;
          if (answer.status !== 201) {
            non2xx++;
            const code = `${answer.status} ${(/"code":"([^"]+)"/.exec(answer.body) ?? [])[1] ?? ''}`;
            refusals.set(code, (refusals.get(code) ?? 0) + 1);
            await emptyCart(baseUrl, headers);
          }
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
    notes: refusals.size
      ? [`orders refused: ${[...refusals].map(([code, n]) => `${code} ×${n}`).join(', ')}`]
      : [],
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
    body: JSON.stringify({ quantity: ORDER_QUANTITY, source: 'Ex-india custom' }),
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
    readsWhileOrdering('product detail while orders flow', (i) => ({
      path: `/api/products/product/${at(products, i)}`,
      headers: BROWSER_HEADERS,
    })),
    readsWhileOrdering('category page 20 while orders flow', (i) => ({
      path: `/api/products?query=${encodeURIComponent(at(fixtures.queries, i))}&limit=20&page=${1 + (Math.floor(i / fixtures.queries.length) % 50)}`,
      headers: BROWSER_HEADERS,
    })),
  ];

  /**
   * The read at 50 connections, timed, while the order buyers place orders for the same
   * products the whole time, at a busy store's pace (not timed here): each order takes units from
   * stock_levels, and the read must keep its plain scenario's budget, which it could not if an
   * order emptied the response cache (every read would go to the database again). The orders
   * placed meanwhile are printed, to show stock really changed.
   */
  function readsWhileOrdering(name: string, request: (i: number) => LoadRequest): Scenario {
    return {
      name,
      connections: 50,
      request,
      measure: async (running, durationSec) => {
        const [reads, placed] = await Promise.all([
          runLoad({ baseUrl: running.baseUrl, connections: 50, durationSec, request }),
          measureOrders(
            running.baseUrl,
            orderTokens,
            products,
            durationSec,
            ORDERS_PER_SEC_WHILE_READING,
          ),
        ]);
        return {
          ...reads,
          notes: [
            `orders meanwhile: ${placed.requests} (${placed.requestsPerSec}/s, ${placed.non2xx} refused), ${placed.requests * ORDER_QUANTITY} units asked of stock`,
            ...(placed.notes ?? []),
          ],
        };
      },
    };
  }
}
