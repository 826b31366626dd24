/**
 * PhonePe PG standard checkout (v2), as PhonePe documents it (shared/reference/
 * india-gst-and-payments.md §3.3): an O-Bearer token from /v1/oauth/token (cached until shortly
 * before expires_at), POST /checkout/v2/pay with the amount in paise returning redirectUrl,
 * GET /checkout/v2/order/{merchantOrderId}/status, POST /payments/v2/refund and
 * GET /payments/v2/refund/{merchantRefundId}/status (CONFIRMED is still pending), and webhooks carrying
 * `Authorization: SHA256(username:password)`. That header authenticates the sender but does not
 * sign the body, so every webhook is confirmed through the status call before an order changes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  CallbackRejected,
  RefundUnknown,
  type GatewayState,
  type PaymentProvider,
  type RefundResult,
  type RefundState,
} from './provider.js';

export interface PhonePeSettings {
  clientId: string;
  clientSecret: string;
  clientVersion: number;
  authUrl: string;
  apiUrl: string;
  webhookUsername: string;
  webhookPassword: string;
}

const TokenResponse = z.object({
  access_token: z.string(),
  /** Epoch seconds. */
  expires_at: z.number(),
  token_type: z.string().optional(),
});
const PayResponse = z.object({
  orderId: z.string(),
  state: z.string(),
  redirectUrl: z.string().url(),
  expireAt: z.number().optional(),
});
const StatusResponse = z.object({
  orderId: z.string().optional(),
  state: z.string(),
  amount: z.number().int().optional(),
});
const RefundResponse = z.object({
  refundId: z.string().optional(),
  amount: z.number().int().optional(),
  state: z.string(),
  errorCode: z.string().optional(),
  detailedErrorCode: z.string().optional(),
});
const WebhookEnvelope = z.object({ event: z.string(), payload: z.unknown() });
const RefundWebhookPayload = z.object({ merchantRefundId: z.string() });
const OrderWebhookPayload = z.object({
  orderId: z.string(),
  merchantOrderId: z.string(),
  state: z.string(),
  amount: z.number().int().optional(),
});

/** Reconciliation's budget per call; a callback passes its own, shorter one. */
const REQUEST_TIMEOUT_MS = 10_000;
/** A token is replaced this long before its expires_at, so no call carries an expired one. */
const TOKEN_REFRESH_MARGIN_MS = 60_000;
/** Our attempts expire at PhonePe when reconciliation gives them up (status-schedule.ts). */
const EXPIRE_AFTER_SECONDS = 1200;

function toState(state: string): GatewayState {
  if (state === 'COMPLETED') return 'COMPLETED';
  if (state === 'FAILED') return 'FAILED';
  return 'PENDING';
}

/** PhonePe's CONFIRMED means accepted, not yet paid back: still pending for us. */
function toRefundState(state: string): RefundState {
  if (state === 'COMPLETED') return 'COMPLETED';
  if (state === 'FAILED') return 'FAILED';
  return 'PENDING';
}

function refundResult(raw: unknown): RefundResult {
  const answer = RefundResponse.parse(raw);
  const state = toRefundState(answer.state);
  return {
    state,
    providerReference: answer.refundId ?? null,
    error:
      state === 'FAILED'
        ? [answer.errorCode, answer.detailedErrorCode].filter(Boolean).join(' / ') || 'FAILED'
        : null,
    raw,
  };
}

export function webhookAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`).digest('hex');
}

export interface PhonePeOptions {
  fetch?: typeof fetch;
  /** Epoch milliseconds; tests move it to expire tokens. */
  now?: () => number;
}

export function createPhonePeProvider(
  settings: PhonePeSettings,
  options: PhonePeOptions = {},
): PaymentProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let token: { value: string; expiresAtMs: number } | undefined;
  const expectedAuthorization = Buffer.from(
    webhookAuthorization(settings.webhookUsername, settings.webhookPassword),
  );

  async function call(url: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
    const response = await fetchImpl(url, { ...init, signal });
    const text = await response.text();
    const problem = `PhonePe ${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 200)}`;
    // The refund-status call's 404: PhonePe has no refund under that id.
    if (response.status === 404 && url.includes('/payments/v2/refund/'))
      throw new RefundUnknown(problem);
    if (!response.ok) throw new Error(problem);
    return JSON.parse(text) as unknown;
  }

  async function bearer(signal: AbortSignal): Promise<string> {
    if (token && token.expiresAtMs - TOKEN_REFRESH_MARGIN_MS > now()) return token.value;
    const body = new URLSearchParams({
      client_id: settings.clientId,
      client_version: String(settings.clientVersion),
      client_secret: settings.clientSecret,
      grant_type: 'client_credentials',
    });
    const answer = TokenResponse.parse(
      await call(
        `${settings.authUrl}/v1/oauth/token`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        },
        signal,
      ),
    );
    token = { value: answer.access_token, expiresAtMs: answer.expires_at * 1000 };
    return token.value;
  }

  async function fetchRefundStatus(merchantRefundId: string): Promise<RefundResult> {
    const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    return refundResult(
      await call(
        `${settings.apiUrl}/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`,
        { method: 'GET', headers: { authorization: `O-Bearer ${await bearer(signal)}` } },
        signal,
      ),
    );
  }

  return {
    name: 'phonepe',
    async start(input) {
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const raw = await call(
        `${settings.apiUrl}/checkout/v2/pay`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `O-Bearer ${await bearer(signal)}`,
          },
          body: JSON.stringify({
            merchantOrderId: input.merchantTransactionId,
            amount: input.amountPaise,
            expireAfter: EXPIRE_AFTER_SECONDS,
            metaInfo: { udf1: input.mkpOrderId },
            paymentFlow: {
              type: 'PG_CHECKOUT',
              message: `Payment for order ${input.mkpOrderId}`,
              merchantUrls: { redirectUrl: input.redirectUrl },
            },
          }),
        },
        signal,
      );
      const answer = PayResponse.parse(raw);
      return { redirectUrl: answer.redirectUrl, providerReference: answer.orderId, raw };
    },
    verifyCallback({ headers, rawBody }) {
      const header = headers.authorization;
      const given = Buffer.from(
        String(Array.isArray(header) ? header[0] : (header ?? ''))
          .trim()
          .toLowerCase(),
      );
      if (
        given.length !== expectedAuthorization.length ||
        !timingSafeEqual(given, expectedAuthorization)
      ) {
        throw new CallbackRejected('authorization mismatch');
      }
      let envelope: z.infer<typeof WebhookEnvelope>;
      try {
        envelope = WebhookEnvelope.parse(JSON.parse(rawBody));
      } catch {
        throw new CallbackRejected('malformed body');
      }
      if (envelope.event.startsWith('pg.refund.')) {
        const refund = RefundWebhookPayload.safeParse(envelope.payload);
        if (!refund.success) throw new CallbackRejected('malformed body');
        return { refund: true, merchantRefundId: refund.data.merchantRefundId, raw: envelope };
      }
      if (!envelope.event.startsWith('checkout.order.')) return null;
      const parsed = OrderWebhookPayload.safeParse(envelope.payload);
      if (!parsed.success) throw new CallbackRejected('malformed body');
      const payload = parsed.data;
      return {
        eventId: `${envelope.event}:${payload.orderId}:${payload.state}`,
        merchantTransactionId: payload.merchantOrderId,
        state: toState(payload.state),
        amountPaise: payload.amount ?? null,
        bodyAuthenticated: false,
        raw: envelope,
      };
    },
    async fetchStatus(merchantTransactionId, { timeoutMs = REQUEST_TIMEOUT_MS } = {}) {
      const signal = AbortSignal.timeout(timeoutMs);
      const raw = await call(
        `${settings.apiUrl}/checkout/v2/order/${encodeURIComponent(merchantTransactionId)}/status?details=false&errorContext=true`,
        { method: 'GET', headers: { authorization: `O-Bearer ${await bearer(signal)}` } },
        signal,
      );
      const answer = StatusResponse.parse(raw);
      return { state: toState(answer.state), amountPaise: answer.amount ?? null, raw };
    },
    async refund(input) {
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      try {
        return refundResult(
          await call(
            `${settings.apiUrl}/payments/v2/refund`,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `O-Bearer ${await bearer(signal)}`,
              },
              body: JSON.stringify({
                merchantRefundId: input.merchantRefundId,
                originalMerchantOrderId: input.merchantTransactionId,
                amount: input.amountPaise,
              }),
            },
            signal,
          ),
        );
      } catch (error) {
        // A refund PhonePe already has under this id (a resend after a lost answer) is refused
        // as a duplicate: its status call is the answer. Otherwise the refusal stands.
        const known = await fetchRefundStatus(input.merchantRefundId).catch(() => null);
        if (known) return known;
        throw error;
      }
    },
    fetchRefundStatus,
  };
}
