/**
 * PhonePe PG standard checkout (v2), as PhonePe documents it (shared/reference/
 * india-gst-and-payments.md §3.3): an O-Bearer token from /v1/oauth/token (cached until shortly
 * before expires_at), POST /checkout/v2/pay with the amount in paise returning redirectUrl,
 * GET /checkout/v2/order/{merchantOrderId}/status, and webhooks carrying
 * `Authorization: SHA256(username:password)`. That header authenticates the sender but does not
 * sign the body, so every webhook is confirmed through the status call before an order changes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CallbackRejected, type GatewayState, type PaymentProvider } from './provider.js';

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
const Webhook = z.object({
  event: z.string(),
  payload: z.object({
    orderId: z.string(),
    merchantOrderId: z.string(),
    state: z.string(),
    amount: z.number().int().optional(),
  }),
});

const REQUEST_TIMEOUT_MS = 10_000;

function toState(state: string): GatewayState {
  if (state === 'COMPLETED') return 'COMPLETED';
  if (state === 'FAILED') return 'FAILED';
  return 'PENDING';
}

export function webhookAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`).digest('hex');
}

export function createPhonePeProvider(
  settings: PhonePeSettings,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  let token: { value: string; expiresAt: number } | undefined;
  const expectedAuthorization = Buffer.from(
    webhookAuthorization(settings.webhookUsername, settings.webhookPassword),
  );

  async function call(url: string, init: RequestInit): Promise<unknown> {
    const response = await fetchImpl(url, {
      ...init,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(
        `PhonePe ${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 200)}`,
      );
    return JSON.parse(text) as unknown;
  }

  async function bearer(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    if (token && token.expiresAt - 60 > now) return token.value;
    const body = new URLSearchParams({
      client_id: settings.clientId,
      client_version: String(settings.clientVersion),
      client_secret: settings.clientSecret,
      grant_type: 'client_credentials',
    });
    const answer = TokenResponse.parse(
      await call(`${settings.authUrl}/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
    token = { value: answer.access_token, expiresAt: answer.expires_at };
    return token.value;
  }

  return {
    name: 'phonepe',
    async start(input) {
      const raw = await call(`${settings.apiUrl}/checkout/v2/pay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `O-Bearer ${await bearer()}`,
        },
        body: JSON.stringify({
          merchantOrderId: input.merchantTransactionId,
          amount: input.amountPaise,
          expireAfter: 1200,
          metaInfo: { udf1: input.mkpOrderId },
          paymentFlow: {
            type: 'PG_CHECKOUT',
            message: `Payment for order ${input.mkpOrderId}`,
            merchantUrls: { redirectUrl: input.redirectUrl },
          },
        }),
      });
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
      let webhook: z.infer<typeof Webhook>;
      try {
        webhook = Webhook.parse(JSON.parse(rawBody));
      } catch {
        throw new CallbackRejected('malformed body');
      }
      return {
        eventId: `${webhook.event}:${webhook.payload.orderId}:${webhook.payload.state}`,
        merchantTransactionId: webhook.payload.merchantOrderId,
        state: toState(webhook.payload.state),
        amountPaise: webhook.payload.amount ?? null,
        bodyAuthenticated: false,
        raw: webhook,
      };
    },
    async fetchStatus(merchantTransactionId) {
      const raw = await call(
        `${settings.apiUrl}/checkout/v2/order/${encodeURIComponent(merchantTransactionId)}/status?details=false&errorContext=true`,
        { method: 'GET', headers: { authorization: `O-Bearer ${await bearer()}` } },
      );
      const answer = StatusResponse.parse(raw);
      return { state: toState(answer.state), amountPaise: answer.amount ?? null, raw };
    },
  };
}
