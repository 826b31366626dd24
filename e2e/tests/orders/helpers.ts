/**
 * Helpers of the cart, order and payment journeys: a catalog product with options and a tier
 * boundary, an order placed through the API (for journeys about what follows checkout), and the
 * operator command run against the journey server.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import type { CartResponse } from '@storefront/shared/cart';
import type {
  ProductAvailability,
  ProductDetail,
  ProductVariant,
} from '@storefront/shared/catalog';
import type { Order } from '@storefront/shared/orders';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface TieredProduct {
  product: ProductDetail;
  /** The last quantity of the first tier: one more reaches the second. */
  boundary: number;
  /** Two variants a buyer can choose with the option selectors, with the value of each option. */
  choices: [VariantChoice, VariantChoice];
}

export interface VariantChoice {
  variant: ProductVariant;
  /** The value to select in each option's selector, in the options' order. */
  values: string[];
}

/** The variants whose option1 is one value of each option, joined by ', ' (spec §3). */
function selectableVariants(product: ProductDetail): VariantChoice[] {
  return product.varients.flatMap((variant) => {
    const values = variant.option1.split(', ');
    const fits =
      values.length === product.options.length &&
      product.options.every((option, i) => option.values.includes(values[i] ?? ''));
    return fits ? [{ variant, values }] : [];
  });
}

/**
 * Whether any quantity a journey chooses can be ordered (issue 20): no minimum order or pack
 * size, no variant priced on its own (the journeys state the product's prices), and plenty of
 * units of every variant (or none tracked).
 */
export async function orderableFreely(
  request: APIRequestContext,
  product: ProductDetail,
): Promise<boolean> {
  if (product.minOrderQuantity !== 1 || product.orderMultiple !== 1) return false;
  if (product.varients.some((variant) => variant.price !== null)) return false;
  const answer = await request.get(`/api/products/${product._id}/availability`);
  const { payload } = (await answer.json()) as { payload: ProductAvailability };
  const enough = (stock: number | null) => stock === null || stock >= 200;
  return enough(payload.stock) && payload.variants.every((v) => enough(v.stock));
}

/**
 * A product with options whose first option combination is a variant, with at least two
 * selectable variants and at least two price tiers, the first ending below 50 units, that any
 * quantity of can be ordered.
 */
export async function findTieredProductWithOptions(
  request: APIRequestContext,
): Promise<TieredProduct> {
  for (const query of ['electronics', 'clothing', 'home', 'beauty', 'baby']) {
    const list = await request.get(`/api/products?query=${query}&limit=20&page=1`);
    const { payload } = (await list.json()) as { payload: { _id: string }[] };
    for (const { _id } of payload) {
      const detail = await request.get(`/api/products/product/${_id}`);
      const product = ((await detail.json()) as { payload: ProductDetail }).payload;
      const first = product.options.map((option) => option.values[0]).join(', ');
      const choices = selectableVariants(product);
      const [tier] = product.priceTiers;
      if (
        product.options.length > 0 &&
        choices.some((choice) => choice.variant.option1 === first) &&
        choices.length > 1 &&
        product.priceTiers.length > 1 &&
        tier !== undefined &&
        tier.maxQuantity < 50 &&
        (await orderableFreely(request, product))
      ) {
        return { product, boundary: tier.maxQuantity, choices: [choices[0]!, choices[1]!] };
      }
    }
  }
  throw new Error('The seeded catalog has no product with options and price tiers');
}

/** Removes every line of the buyer's cart, so a journey starts from an empty one. */
export async function emptyCart(request: APIRequestContext, accessToken: string) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const cart = (await (await request.get('/api/cart/', { headers })).json()) as CartResponse;
  for (const line of cart.lines) {
    await request.delete(`/api/cart/items/${line.productId}`, {
      headers,
      data: { source: line.source, variantIndex: line.variantIndex },
    });
  }
}

export const ADDRESS = {
  recipientName: 'Asha Mehta',
  shippingAddress1: '12 MG Road',
  shippingCity: 'Pune',
  shippingState: 'Maharashtra',
  shippingPostalCode: '411001',
  shippingCountry: 'in',
  shippingPhoneNumber: '9876543210',
};

/** Adds `quantity` of a variant to the buyer's cart through the API, at the default source. */
export async function addToCartThroughApi(
  request: APIRequestContext,
  accessToken: string,
  product: ProductDetail,
  variant: Pick<ProductVariant, 'variantIndex'> | undefined,
  quantity: number,
) {
  const added = await request.post(`/api/cart/items/${product._id}`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { quantity, source: 'Ex-india custom', variantIndex: variant?.variantIndex },
  });
  if (!added.ok()) throw new Error(`cart add: ${added.status()} ${await added.text()}`);
}

/**
 * Places an order of 2 units of the product's first variant through the API, and nothing else:
 * the cart is emptied first, since an order takes the whole cart and the demo buyer's cart keeps
 * what earlier journeys left in it (a quote's lines, say), which made an order of several lines.
 */
export async function placeOrderThroughApi(
  request: APIRequestContext,
  accessToken: string,
  { product }: TieredProduct,
): Promise<Order> {
  const headers = { authorization: `Bearer ${accessToken}` };
  await emptyCart(request, accessToken);
  const first = product.options.map((option) => option.values[0]).join(', ');
  await addToCartThroughApi(
    request,
    accessToken,
    product,
    product.varients.find((variant) => variant.option1 === first),
    2,
  );
  const created = await request.post('/api/orders/', {
    headers: { ...headers, 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
    data: ADDRESS,
  });
  if (created.status() !== 201)
    throw new Error(`order: ${created.status()} ${await created.text()}`);
  return ((await created.json()) as { payload: Order }).payload;
}

/**
 * `npm run store -- <command> ...` against the journey server, as its demo owner: on PGlite the
 * CLI goes through the server's operator channel, the Unix socket in its DATA_DIR.
 */
function store(args: string[]): string {
  const port = process.env.E2E_PORT ?? '3310';
  return execFileSync(
    'npm',
    ['run', '--silent', 'store', '--', ...args, '--as', 'owner@example.com'],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR ?? join(root, 'e2e', '.data'),
        PORT: port,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: '',
      },
    },
  );
}

/** `npm run store -- order:ship` against the journey server. */
export function shipOrder(mkpOrderId: string, carrier: string, tracking: string): string {
  return store(['order:ship', mkpOrderId, '--carrier', carrier, '--tracking', tracking]);
}

/** `npm run store -- order:deliver` against the journey server: a shipped order delivered. */
export function deliverOrder(mkpOrderId: string): string {
  return store(['order:deliver', mkpOrderId]);
}
