/**
 * A local fake of PhonePe's standard-checkout v2 gateway for tests, following its documented
 * requests and answers (shared/reference/india-gst-and-payments.md §3.3): the OAuth token call,
 * create payment, order status, and webhooks with `Authorization: SHA256(username:password)`.
 * The test decides each payment (complete/fail) and delivers, duplicates or drops webhooks.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookAuthorization } from './phonepe-provider.js';

export interface FakeOrder {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  redirectUrl: string;
}

export interface PhonePeFake {
  baseUrl: string;
  orders: Map<string, FakeOrder>;
  /** Requests the fake received, for assertions on their shape. */
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  /** Decides a payment in the gateway's books (no webhook yet). */
  decide(merchantOrderId: string, state: 'COMPLETED' | 'FAILED'): FakeOrder;
  /** Sends the webhook PhonePe would send for the order's current state. */
  sendWebhook(
    url: string,
    merchantOrderId: string,
    options?: { authorization?: string | null; amount?: number },
  ): Promise<number>;
  /** Makes the status call report a different amount (to test amount checks). */
  statusAmountOverride: Map<string, number>;
  close(): Promise<void>;
}

const CLIENT = { id: 'TESTCLIENT', secret: 'test-client-secret', version: '1' };
export const FAKE_PHONEPE_CREDENTIALS = {
  clientId: CLIENT.id,
  clientSecret: CLIENT.secret,
  clientVersion: 1,
  webhookUsername: 'storefront_hook',
  webhookPassword: 'hookPassw0rd',
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

export async function startPhonePeFake(): Promise<PhonePeFake> {
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const requests: PhonePeFake['requests'] = [];
  const statusAmountOverride = new Map<string, number>();

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      headers: request.headers,
      body,
    });
    const send = (status: number, payload: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const authorised = () => {
      const [scheme, token] = String(request.headers.authorization ?? '').split(' ');
      return scheme === 'O-Bearer' && token !== undefined && tokens.has(token);
    };

    if (request.method === 'POST' && url.pathname === '/v1/oauth/token') {
      const form = new URLSearchParams(body);
      const valid =
        request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') &&
        form.get('client_id') === CLIENT.id &&
        form.get('client_secret') === CLIENT.secret &&
        form.get('client_version') === CLIENT.version &&
        form.get('grant_type') === 'client_credentials';
      if (!valid) return send(401, { code: 'UNAUTHORIZED', message: 'Invalid client credentials' });
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return send(200, {
        access_token: token,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        token_type: 'O-Bearer',
      });
    }

    if (request.method === 'POST' && url.pathname === '/checkout/v2/pay') {
      if (!authorised()) return send(401, { code: 'UNAUTHORIZED', message: 'Invalid token' });
      const pay = JSON.parse(body) as {
        merchantOrderId?: string;
        amount?: number;
        paymentFlow?: { type?: string; merchantUrls?: { redirectUrl?: string } };
      };
      const redirectUrl = pay.paymentFlow?.merchantUrls?.redirectUrl;
      if (
        !pay.merchantOrderId ||
        !/^[A-Za-z0-9_-]{1,63}$/.test(pay.merchantOrderId) ||
        !Number.isInteger(pay.amount) ||
        (pay.amount ?? 0) < 100 ||
        pay.paymentFlow?.type !== 'PG_CHECKOUT' ||
        !redirectUrl
      ) {
        return send(400, { code: 'BAD_REQUEST', message: 'Invalid request' });
      }
      if (orders.has(pay.merchantOrderId))
        return send(417, { code: 'DUPLICATE_ORDER', message: 'Order already exists' });
      const order: FakeOrder = {
        orderId: `OMO${randomBytes(8).toString('hex').toUpperCase()}`,
        merchantOrderId: pay.merchantOrderId,
        amount: pay.amount!,
        state: 'PENDING',
        redirectUrl,
      };
      orders.set(order.merchantOrderId, order);
      return send(200, {
        orderId: order.orderId,
        state: 'PENDING',
        expireAt: Date.now() + 1_200_000,
        redirectUrl: `${baseUrl}/checkout/${order.orderId}`,
      });
    }

    const status = /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(url.pathname);
    if (request.method === 'GET' && status) {
      if (!authorised()) return send(401, { code: 'UNAUTHORIZED', message: 'Invalid token' });
      const order = orders.get(decodeURIComponent(status[1]!));
      if (!order) return send(404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' });
      const amount = statusAmountOverride.get(order.merchantOrderId) ?? order.amount;
      return send(200, {
        orderId: order.orderId,
        state: order.state,
        amount,
        expireAt: Date.now() + 600_000,
        paymentDetails:
          order.state === 'PENDING'
            ? []
            : [
                {
                  paymentMode: 'UPI_INTENT',
                  transactionId: `OM${order.orderId}`,
                  timestamp: Date.now(),
                  amount,
                  state: order.state,
                },
              ],
      });
    }
    return send(404, { code: 'NOT_FOUND', message: 'No such API' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    orders,
    requests,
    statusAmountOverride,
    decide(merchantOrderId, state) {
      const order = orders.get(merchantOrderId);
      if (!order) throw new Error(`fake PhonePe: no order ${merchantOrderId}`);
      order.state = state;
      return order;
    },
    async sendWebhook(url, merchantOrderId, options = {}) {
      const order = orders.get(merchantOrderId);
      if (!order) throw new Error(`fake PhonePe: no order ${merchantOrderId}`);
      const authorization =
        options.authorization === undefined
          ? webhookAuthorization(
              FAKE_PHONEPE_CREDENTIALS.webhookUsername,
              FAKE_PHONEPE_CREDENTIALS.webhookPassword,
            )
          : options.authorization;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(authorization === null ? {} : { authorization }),
        },
        body: JSON.stringify({
          event: order.state === 'FAILED' ? 'checkout.order.failed' : 'checkout.order.completed',
          payload: {
            orderId: order.orderId,
            merchantOrderId: order.merchantOrderId,
            state: order.state,
            amount: options.amount ?? order.amount,
            expireAt: Date.now() + 600_000,
            paymentDetails: [],
          },
        }),
      });
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
