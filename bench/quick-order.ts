/**
 * Quick order (issue 22, decision 065): a list of 200 rows of product codes checked
 * (`quick-order check`) and validated and added to the cart in one request (`quick-order add`,
 * the budget: p95 ≤ 100 ms on the 100,000-product catalog). One list at a time, each sent as
 * soon as the last answer came (a closed loop), in turn for QUICK_ORDER_BUYERS bench buyers;
 * then the add again with those buyers sending at once, reported beside the budget (800 rows
 * checked at once on two cores is a load figure, not one buyer's wait). The lines already held
 * are added to (quantity 1 a row), so a cart keeps its 200 lines and no request is refused:
 * products without a minimum or packs, and before the scenarios every tracked stock row of the
 * picked products is set to RUN_STOCK units through the console's stock editor, so however much
 * the scenarios before (the orders) sold, the adds never run out.
 */
import type { Scenario } from './api.js';
import { latencyRecorder } from './lib/latency-recorder.js';
import type { LoadResult } from './lib/load.js';
import { send } from './lib/post.js';
import type { RunningProcess } from './lib/processes.js';
import { signInOwner } from './desk-scenarios.js';

export const QUICK_ORDER_ROWS = 200;
/** The buyers whose carts take the lists; the last of the bench buyers (ordered empty). */
const QUICK_ORDER_BUYERS = 4;
const FIRST_BUYER = 37;

interface ListedProduct {
  _id: string;
  code: string;
  options: unknown[];
  varients: { sku: string }[];
  minOrderQuantity: number;
  orderMultiple: number;
}

/** Units each tracked stock row of a picked product holds for the run: more than it can add. */
const RUN_STOCK = 1_000_000;

/**
 * 200 products any quantity of which may be added again and again, no minimum or packs: their
 * ids, and the SKUs the rows name (the product code, or its first variant's SKU).
 */
async function plainProducts(
  baseUrl: string,
  ids: string[],
): Promise<{ productIds: string[]; skus: string[] }> {
  const picked: { productId: string; sku: string }[] = [];
  for (let i = 0; i < ids.length && picked.length < QUICK_ORDER_ROWS; i += 100) {
    const response = await fetch(`${baseUrl}/api/products/multiple-products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_ids: ids.slice(i, i + 100) }),
    });
    const { payload } = (await response.json()) as { payload: ListedProduct[] };
    for (const p of payload) {
      if (p.minOrderQuantity !== 1 || p.orderMultiple !== 1) continue;
      const sku = p.options.length === 0 ? p.code : p.varients[0]?.sku;
      if (sku !== undefined) picked.push({ productId: p._id, sku });
    }
  }
  if (picked.length < QUICK_ORDER_ROWS)
    throw new Error(`quick-order: only ${picked.length} plain products among the fixtures`);
  const chosen = picked.slice(0, QUICK_ORDER_ROWS);
  return { productIds: chosen.map((p) => p.productId), skus: chosen.map((p) => p.sku) };
}

/**
 * Sets every tracked stock row (the product's, its variants' own) of these products to
 * RUN_STOCK, as the console's stock editor does: the demo owner, compare-and-set against the
 * units the product's page shows. Untracked rows stay untracked.
 */
async function restock(baseUrl: string, productIds: readonly string[]): Promise<void> {
  const cookie = await signInOwner(baseUrl);
  for (const id of productIds) {
    const url = `${baseUrl}/api/staff/catalog/products/${id}`;
    const read = await fetch(url, { headers: { cookie } });
    if (!read.ok) throw new Error(`quick-order restock ${id}: ${read.status} ${await read.text()}`);
    const { product } = (await read.json()) as {
      product: { stock: number | null; variants: { option1: string; stock: number | null }[] };
    };
    const rows = [
      { variant: null, expected: product.stock },
      ...product.variants.map((v) => ({ variant: v.option1, expected: v.stock })),
    ]
      .filter((row) => row.expected !== null)
      .map((row) => ({ ...row, onHand: RUN_STOCK }));
    if (rows.length === 0) continue;
    const response = await fetch(`${url}/stock`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ rows }),
    });
    if (!response.ok)
      throw new Error(`quick-order restock ${id}: ${response.status} ${await response.text()}`);
  }
}

async function login(baseUrl: string, n: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench${n}@bench.example.com`, password: 'Bench@2026' }),
  });
  if (!response.ok) throw new Error(`bench login ${n}: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Removes every line of the buyer's cart (lines an earlier scenario left). */
async function emptyCart(baseUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const cart = (await (await fetch(`${baseUrl}/api/cart/`, { headers })).json()) as {
    lines: { productId: string; source: string; variantIndex: number | null }[];
  };
  for (const line of cart.lines)
    await fetch(`${baseUrl}/api/cart/items/${line.productId}`, {
      method: 'DELETE',
      headers,
      body: JSON.stringify({ source: line.source, variantIndex: line.variantIndex }),
    });
}

/**
 * Sends `path` with the list as fast as the answers come, for `durationSec`: `lanes` requests
 * in flight, the buyers' tokens taken in turn (each lane its own buyer when they are as many).
 */
async function measure(
  baseUrl: string,
  tokens: string[],
  lanes: number,
  path: string,
  body: string,
  durationSec: number,
): Promise<LoadResult> {
  const latency = latencyRecorder();
  const deadline = Date.now() + durationSec * 1000;
  const started = Date.now();
  let requests = 0;
  let non2xx = 0;
  let errors = 0;
  let turn = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (Date.now() < deadline) {
        const token = tokens[turn++ % tokens.length]!;
        const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
        const t0 = performance.now();
        try {
          const { status } = await send('POST', `${baseUrl}${path}`, headers, body);
          latency.recordSince(t0);
          requests++;
          if (status !== 200) non2xx++;
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

export async function quickOrderScenarios(
  server: RunningProcess,
  fixtures: { productIds: string[] },
): Promise<Scenario[]> {
  const { productIds, skus } = await plainProducts(server.baseUrl, fixtures.productIds);
  await restock(server.baseUrl, productIds);
  // Some typed in lower case, as buyers do: the lookup ignores case.
  const body = JSON.stringify({
    rows: skus.map((sku, i) => ({ sku: i % 3 ? sku : sku.toLowerCase(), quantity: 1 })),
  });
  const tokens = await Promise.all(
    Array.from({ length: QUICK_ORDER_BUYERS }, (_, i) => login(server.baseUrl, FIRST_BUYER + i)),
  );
  for (const token of tokens) await emptyCart(server.baseUrl, token);
  const scenario = (name: string, path: string, lanes: number): Scenario => ({
    name,
    connections: lanes,
    request: (i) => ({
      method: 'POST',
      path,
      body,
      headers: { authorization: `Bearer ${tokens[i % tokens.length]!}` },
    }),
    measure: (running, durationSec) =>
      measure(running.baseUrl, tokens, lanes, path, body, durationSec),
  });
  return [
    scenario(`quick-order check ${QUICK_ORDER_ROWS} rows`, '/api/cart/quick-order/check', 1),
    scenario(`quick-order add ${QUICK_ORDER_ROWS} rows`, '/api/cart/quick-order', 1),
    scenario(
      `quick-order add ${QUICK_ORDER_ROWS} rows, ${QUICK_ORDER_BUYERS} buyers at once`,
      '/api/cart/quick-order',
      QUICK_ORDER_BUYERS,
    ),
  ];
}
