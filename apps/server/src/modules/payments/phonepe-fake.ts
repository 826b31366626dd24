/**
 * A local fake of PhonePe's standard-checkout v2 gateway for tests, following its documented
 * requests and answers (shared/reference/india-gst-and-payments.md §3.3): the OAuth token call
 * (O-Bearer tokens that expire at their expires_at), create payment (amount in paise ≥ 100,
 * expireAfter 300–3600 s, metaInfo), the checkout page at redirectUrl that sends the buyer back
 * to merchantUrls.redirectUrl, order status (with metaInfo and, once a payment was tried,
 * paymentDetails), and webhooks with `Authorization: SHA256(username:password)`. An order still
 * pending at its expireAt is FAILED, as PhonePe reports an expired order.
 *
 * Refunds as documented: POST /payments/v2/refund (merchantRefundId, originalMerchantOrderId,
 * amount in paise ≥ 100 and never more than is left of a completed order; a merchantRefundId
 * used before is refused) answering PENDING, GET /payments/v2/refund/{id}/status, and the
 * pg.refund.completed / pg.refund.failed webhooks.
 *
 * The test decides each payment (complete/fail) and refund, builds, delivers, duplicates or
 * drops webhooks, and can make the status call slow or failing.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookAuthorization } from './phonepe-provider.js';

type FakeState = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface FakeOrder {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  /** The state the test decided; see `stateOf` for what the gateway reports (expiry). */
  state: FakeState;
  redirectUrl: string;
  /** Epoch milliseconds. */
  expireAt: number;
  metaInfo: Record<string, string>;
  /** When the payer's payment was decided (epoch ms), for paymentDetails. */
  decidedAt: number | null;
}

export interface FakeRefund {
  refundId: string;
  merchantRefundId: string;
  originalMerchantOrderId: string;
  amount: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  createdAt: number;
}

export interface FakeWebhook {
  headers: Record<string, string>;
  body: string;
}

export interface WebhookOptions {
  /** null sends no Authorization header; a string replaces the right one. */
  authorization?: string | null;
  /** The amount the body claims (default: the order's). */
  amount?: number;
}

export interface PhonePeFake {
  baseUrl: string;
  orders: Map<string, FakeOrder>;
  /** Requests the fake received, for assertions on their shape. */
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  /** Status requests received for one merchant order. */
  statusRequests(merchantOrderId: string): number;
  /** Decides a payment in the gateway's books (no webhook yet); FAILED → COMPLETED is a late success. */
  decide(merchantOrderId: string, state: 'COMPLETED' | 'FAILED'): FakeOrder;
  /** What the gateway reports now: the decided state, or FAILED once a pending order expired. */
  stateOf(merchantOrderId: string): FakeState;
  /** The webhook PhonePe would send for the order's current state. */
  webhook(merchantOrderId: string, options?: WebhookOptions): FakeWebhook;
  /** Sends that webhook to `url`; answers the HTTP status. */
  sendWebhook(url: string, merchantOrderId: string, options?: WebhookOptions): Promise<number>;
  refunds: Map<string, FakeRefund>;
  /** Settles a refund in the gateway's books (no webhook yet). */
  decideRefund(merchantRefundId: string, state: 'COMPLETED' | 'FAILED'): FakeRefund;
  /** The pg.refund.* webhook PhonePe would send for the refund's current state. */
  refundWebhook(merchantRefundId: string): FakeWebhook;
  /** While set, refund requests answer this HTTP status with an error body. */
  refundFailure: number | null;
  /** Makes the status call report a different amount (to test amount checks). */
  statusAmountOverride: Map<string, number>;
  /** While set, status answers wait for this promise (a slow gateway). */
  statusDelay: Promise<void> | null;
  /** While set, create-payment answers wait for this promise. */
  payDelay: Promise<void> | null;
  /** While set, status calls answer this HTTP status with an error body (a failing gateway). */
  statusFailure: number | null;
  close(): Promise<void>;
}

export interface PhonePeFakeOptions {
  /** The gateway's clock in epoch ms (tokens and orders expire by it). */
  now?: () => number;
  /** Lifetime of an O-Bearer token. */
  tokenTtlSeconds?: number;
}

const CLIENT = { id: 'TESTCLIENT', secret: 'test-client-secret', version: '1' };
export const FAKE_PHONEPE_CREDENTIALS = {
  clientId: CLIENT.id,
  clientSecret: CLIENT.secret,
  clientVersion: 1,
  webhookUsername: 'storefront_hook',
  webhookPassword: 'hookPassw0rd',
};
const MERCHANT_ID = 'FAKEMERCHANTUAT';
const DEFAULT_EXPIRE_AFTER_SECONDS = 1200;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

const escapeHtml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startPhonePeFake(options: PhonePeFakeOptions = {}): Promise<PhonePeFake> {
  const now = options.now ?? Date.now;
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 3600;
  /** Token → its expires_at in epoch seconds. */
  const tokens = new Map<string, number>();
  const orders = new Map<string, FakeOrder>();
  const requests: PhonePeFake['requests'] = [];
  const statusAmountOverride = new Map<string, number>();
  const refunds = new Map<string, FakeRefund>();

  function refundView(refund: FakeRefund) {
    return {
      originalMerchantOrderId: refund.originalMerchantOrderId,
      amount: refund.amount,
      state: refund.state,
      timestamp: refund.createdAt,
      refundId: refund.refundId,
      ...(refund.state === 'FAILED'
        ? { errorCode: 'REFUND_FAILED', detailedErrorCode: 'BANK_REJECTED' }
        : {}),
    };
  }

  function stateOf(order: FakeOrder): FakeState {
    return order.state === 'PENDING' && now() >= order.expireAt ? 'FAILED' : order.state;
  }

  /** The order as the status call and webhooks describe it. */
  function orderView(order: FakeOrder, amount = order.amount) {
    const state = stateOf(order);
    const expired = state === 'FAILED' && order.state === 'PENDING';
    return {
      orderId: order.orderId,
      state,
      amount,
      expireAt: order.expireAt,
      metaInfo: order.metaInfo,
      // The fake's own codes: PhonePe names its error codes per case.
      ...(state === 'FAILED'
        ? { errorCode: expired ? 'ORDER_EXPIRED' : 'PAYMENT_ERROR', detailedErrorCode: 'ZU' }
        : {}),
      paymentDetails:
        order.decidedAt === null
          ? []
          : [
              {
                paymentMode: 'UPI_INTENT',
                transactionId: `OM${order.orderId.slice(3)}`,
                timestamp: order.decidedAt,
                amount,
                payableAmount: amount,
                feeAmount: 0,
                state,
                ...(state === 'FAILED' ? { errorCode: 'PAYMENT_ERROR' } : {}),
              },
            ],
    };
  }

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
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const authorised = () => {
      const [scheme, token, extra] = String(request.headers.authorization ?? '').split(' ');
      if (scheme !== 'O-Bearer' || token === undefined || extra !== undefined) return false;
      const expiresAt = tokens.get(token);
      return expiresAt !== undefined && now() < expiresAt * 1000;
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
      const issuedAt = Math.floor(now() / 1000);
      tokens.set(token, issuedAt + tokenTtlSeconds);
      return send(200, {
        access_token: token,
        encrypted_access_token: token,
        expires_in: null,
        issued_at: issuedAt,
        expires_at: issuedAt + tokenTtlSeconds,
        session_expires_at: issuedAt + tokenTtlSeconds,
        token_type: 'O-Bearer',
      });
    }

    if (request.method === 'POST' && url.pathname === '/checkout/v2/pay') {
      if (fake.payDelay) await fake.payDelay;
      if (!authorised()) return send(401, { code: 'UNAUTHORIZED', message: 'Invalid token' });
      let pay: {
        merchantOrderId?: unknown;
        amount?: unknown;
        expireAfter?: unknown;
        metaInfo?: unknown;
        paymentFlow?: { type?: unknown; merchantUrls?: { redirectUrl?: unknown } };
      };
      try {
        pay = JSON.parse(body) as typeof pay;
      } catch {
        return send(400, { code: 'BAD_REQUEST', message: 'Malformed JSON' });
      }
      const redirectUrl = pay.paymentFlow?.merchantUrls?.redirectUrl;
      const expireAfter = pay.expireAfter ?? DEFAULT_EXPIRE_AFTER_SECONDS;
      const metaInfo = pay.metaInfo ?? {};
      if (
        typeof pay.merchantOrderId !== 'string' ||
        !/^[A-Za-z0-9_-]{1,63}$/.test(pay.merchantOrderId) ||
        typeof pay.amount !== 'number' ||
        !Number.isInteger(pay.amount) ||
        pay.amount < 100 ||
        typeof expireAfter !== 'number' ||
        !Number.isInteger(expireAfter) ||
        expireAfter < 300 ||
        expireAfter > 3600 ||
        typeof metaInfo !== 'object' ||
        metaInfo === null ||
        !Object.entries(metaInfo).every(
          ([key, value]) => /^udf([1-9]|1[0-5])$/.test(key) && typeof value === 'string',
        ) ||
        pay.paymentFlow?.type !== 'PG_CHECKOUT' ||
        typeof redirectUrl !== 'string'
      ) {
        return send(400, { code: 'BAD_REQUEST', message: 'Invalid request' });
      }
      if (orders.has(pay.merchantOrderId))
        return send(417, { code: 'DUPLICATE_ORDER', message: 'Order already exists' });
      const order: FakeOrder = {
        orderId: `OMO${randomBytes(8).toString('hex').toUpperCase()}`,
        merchantOrderId: pay.merchantOrderId,
        amount: pay.amount,
        state: 'PENDING',
        redirectUrl,
        expireAt: now() + expireAfter * 1000,
        metaInfo: metaInfo as Record<string, string>,
        decidedAt: null,
      };
      orders.set(order.merchantOrderId, order);
      return send(200, {
        orderId: order.orderId,
        state: 'PENDING',
        expireAt: order.expireAt,
        redirectUrl: `${baseUrl}/checkout/${order.orderId}`,
      });
    }

    // The page the buyer's browser is sent to: pays (in the test's hands) and sends them back.
    const checkout = /^\/checkout\/(OMO[0-9A-F]+)$/.exec(url.pathname);
    if (request.method === 'GET' && checkout) {
      const order = [...orders.values()].find((o) => o.orderId === checkout[1]);
      if (!order) return send(404, { code: 'NOT_FOUND', message: 'No such checkout' });
      const back = escapeHtml(order.redirectUrl);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PhonePe (fake)</title>` +
          `<meta http-equiv="refresh" content="0;url=${back}"></head><body>` +
          `<p>Paying ₹${(order.amount / 100).toFixed(2)} for ${escapeHtml(order.merchantOrderId)}</p>` +
          `<a href="${back}">Return to the merchant</a></body></html>`,
      );
      return;
    }

    const status = /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(url.pathname);
    if (request.method === 'GET' && status) {
      if (fake.statusDelay) await fake.statusDelay;
      if (fake.statusFailure !== null)
        return send(fake.statusFailure, { code: 'INTERNAL_SERVER_ERROR', message: 'Try later' });
      if (!authorised()) return send(401, { code: 'UNAUTHORIZED', message: 'Invalid token' });
      const order = orders.get(decodeURIComponent(status[1]!));
      if (!order) return send(404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' });
      return send(200, orderView(order, statusAmountOverride.get(order.merchantOrderId)));
    }
    if (request.method === 'POST' && url.pathname === '/payments/v2/refund') {
      if (!authorised()) return send(401, { code: 'UNAUTHORIZED', message: 'Invalid token' });
      if (fake.refundFailure !== null)
        return send(fake.refundFailure, { code: 'INTERNAL_SERVER_ERROR', message: 'Try later' });
      let ask: { merchantRefundId?: unknown; originalMerchantOrderId?: unknown; amount?: unknown };
      try {
        ask = JSON.parse(body) as typeof ask;
      } catch {
        return send(400, { code: 'BAD_REQUEST', message: 'Malformed JSON' });
      }
      if (
        typeof ask.merchantRefundId !== 'string' ||
        !/^[A-Za-z0-9_-]{1,63}$/.test(ask.merchantRefundId) ||
        typeof ask.originalMerchantOrderId !== 'string' ||
        typeof ask.amount !== 'number' ||
        !Number.isInteger(ask.amount) ||
        ask.amount < 100
      )
        return send(400, { code: 'BAD_REQUEST', message: 'Invalid request' });
      if (refunds.has(ask.merchantRefundId))
        return send(400, { code: 'BAD_REQUEST', message: 'Duplicate merchantRefundId' });
      const order = orders.get(ask.originalMerchantOrderId);
      if (!order || stateOf(order) !== 'COMPLETED')
        return send(400, { code: 'BAD_REQUEST', message: 'Order not in a refundable state' });
      const refunded = [...refunds.values()]
        .filter((r) => r.originalMerchantOrderId === order.merchantOrderId && r.state !== 'FAILED')
        .reduce((sum, r) => sum + r.amount, 0);
      if (ask.amount > order.amount - refunded)
        return send(400, { code: 'BAD_REQUEST', message: 'Refund amount exceeds the amount left' });
      const refund: FakeRefund = {
        refundId: `OMR${randomBytes(8).toString('hex').toUpperCase()}`,
        merchantRefundId: ask.merchantRefundId,
        originalMerchantOrderId: order.merchantOrderId,
        amount: ask.amount,
        state: 'PENDING',
        createdAt: now(),
      };
      refunds.set(refund.merchantRefundId, refund);
      return send(200, { refundId: refund.refundId, amount: refund.amount, state: 'PENDING' });
    }

    const refundStatus = /^\/payments\/v2\/refund\/([^/]+)\/status$/.exec(url.pathname);
    if (request.method === 'GET' && refundStatus) {
      if (!authorised()) return send(401, { code: 'UNAUTHORIZED', message: 'Invalid token' });
      const refund = refunds.get(decodeURIComponent(refundStatus[1]!));
      if (!refund) return send(404, { code: 'NOT_FOUND', message: 'Refund not found' });
      return send(200, refundView(refund));
    }
    return send(404, { code: 'NOT_FOUND', message: 'No such API' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (merchantOrderId: string) => {
    const order = orders.get(merchantOrderId);
    if (!order) throw new Error(`fake PhonePe: no order ${merchantOrderId}`);
    return order;
  };

  const fake: PhonePeFake = {
    baseUrl,
    orders,
    requests,
    statusAmountOverride,
    statusDelay: null,
    payDelay: null,
    statusFailure: null,
    refunds,
    refundFailure: null,
    decideRefund(merchantRefundId, state) {
      const refund = refunds.get(merchantRefundId);
      if (!refund) throw new Error(`fake PhonePe: no refund ${merchantRefundId}`);
      refund.state = state;
      return refund;
    },
    refundWebhook(merchantRefundId) {
      const refund = refunds.get(merchantRefundId);
      if (!refund) throw new Error(`fake PhonePe: no refund ${merchantRefundId}`);
      return {
        headers: {
          'content-type': 'application/json',
          authorization: webhookAuthorization(
            FAKE_PHONEPE_CREDENTIALS.webhookUsername,
            FAKE_PHONEPE_CREDENTIALS.webhookPassword,
          ),
        },
        body: JSON.stringify({
          event: refund.state === 'FAILED' ? 'pg.refund.failed' : 'pg.refund.completed',
          payload: { merchantId: MERCHANT_ID, merchantRefundId, ...refundView(refund) },
        }),
      };
    },
    statusRequests: (merchantOrderId) =>
      requests.filter(
        (r) => r.path === `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status`,
      ).length,
    decide(merchantOrderId, state) {
      const order = find(merchantOrderId);
      order.state = state;
      order.decidedAt = now();
      return order;
    },
    stateOf: (merchantOrderId) => stateOf(find(merchantOrderId)),
    webhook(merchantOrderId, options = {}) {
      const order = find(merchantOrderId);
      const authorization =
        options.authorization === undefined
          ? webhookAuthorization(
              FAKE_PHONEPE_CREDENTIALS.webhookUsername,
              FAKE_PHONEPE_CREDENTIALS.webhookPassword,
            )
          : options.authorization;
      const described = orderView(order, options.amount ?? order.amount);
      return {
        headers: {
          'content-type': 'application/json',
          ...(authorization === null ? {} : { authorization }),
        },
        body: JSON.stringify({
          event:
            described.state === 'FAILED' ? 'checkout.order.failed' : 'checkout.order.completed',
          payload: { merchantId: MERCHANT_ID, merchantOrderId, ...described },
        }),
      };
    },
    async sendWebhook(url, merchantOrderId, options) {
      const { headers, body } = fake.webhook(merchantOrderId, options);
      const response = await fetch(url, { method: 'POST', headers, body });
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
