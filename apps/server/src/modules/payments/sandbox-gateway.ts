/**
 * The sandbox gateway's pages (/sandbox-pay/...): what a buyer sees at the payment app, with
 * Approve payment and Decline payment. Each decision is written to the gateway's ledger, sent to
 * the merchant's callback URL server-to-server with an HMAC-SHA256 signature over a timestamp and
 * the body, and then the browser is sent back to the merchant's confirmation page. It stands
 * where a real gateway would, so it talks to the shop only over HTTP (the return alone keeps
 * to the buyer's own address, see returnPath). Refunds the merchant made (sandbox-provider.ts) are
 * listed on the transaction's page.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatRupees } from '@storefront/shared/money';
import type { Db } from '../../db/connect.js';
import { sandboxGatewayRefunds, sandboxGatewayTransactions } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import { SIGNATURE_HEADER, signCallback } from './sandbox-signature.js';

/** Sends a signed callback; answers the HTTP status (0 when it could not be delivered). */
export type CallbackDelivery = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<number>;

export const fetchDelivery: CallbackDelivery = async (url, body, headers) => {
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers,
      signal: AbortSignal.timeout(5000),
    });
    return response.status;
  } catch {
    return 0;
  }
};

const MERCHANT = 'B2B Storefront';
const TxParams = z.object({ transactionId: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/) }).strict();

/**
 * Where the buyer goes back to: the merchant's return URL by its path alone. The gateway is
 * served by the shop's own server, so a relative redirect keeps the buyer on the address they
 * came in on (127.0.0.1 or a LAN address as well as PUBLIC_URL), which the page's CSP
 * form-action 'self' allows, and nothing in the request (its Host header) chooses the origin.
 */
function returnPath(redirectUrl: string): string {
  const url = new URL(redirectUrl);
  return `${url.pathname}${url.search}`;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#eef2f7;margin:0;color:#0f172a}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 10px 30px #0f172a1a}
h1{font-size:20px;margin:0 0 4px}p.note{color:#475569;font-size:14px;margin:0 0 20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}dt{color:#64748b}dd{margin:0;font-weight:600;text-align:right}
.amount{font-size:28px}form{display:inline}button{font:inherit;font-weight:600;border:0;border-radius:10px;padding:12px 18px;cursor:pointer;width:100%;margin-top:10px}
.approve{background:#15803d;color:#fff}.decline{background:#fff;color:#b91c1c;border:1px solid #fca5a5}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}h2{font-size:16px;margin:24px 0 8px}.refunds{margin:0;padding-left:20px;color:#334155}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:12px;margin-bottom:12px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/sandbox-pay/gateway.css"></head><body><main>${body}</main></body></html>`;
}

export function sandboxGatewayRoutes(db: Db, secret: string, deliver: CallbackDelivery) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const schema = { hide: true, params: TxParams };
    // The page's Approve and Decline buttons are plain HTML forms: a browser posts them as
    // urlencoded with an empty body, which carries nothing the routes read.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );

    app.get('/sandbox-pay/gateway.css', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(STYLE),
    );

    app.get('/sandbox-pay/:transactionId', { schema }, async (request, reply) => {
      const [tx] = await db
        .select()
        .from(sandboxGatewayTransactions)
        .where(eq(sandboxGatewayTransactions.transactionId, request.params.transactionId));
      if (!tx) throw notFound('unknown_transaction', 'Unknown payment transaction');
      const refunds = await db
        .select()
        .from(sandboxGatewayRefunds)
        .where(eq(sandboxGatewayRefunds.transactionId, tx.transactionId))
        .orderBy(sandboxGatewayRefunds.createdAt);
      const refundList = refunds.length
        ? `<h2>Refunds</h2><ul class="refunds">${refunds
            .map(
              (refund) =>
                `<li>${formatRupees(Number(refund.amountPaise))} — ${refund.state === 'COMPLETED' ? 'refunded' : `failed (${escapeHtml(refund.reason ?? 'refused')})`}</li>`,
            )
            .join('')}</ul>`
        : '';
      const action = (verb: 'approve' | 'decline', label: string) =>
        `<form method="post" action="/sandbox-pay/${encodeURIComponent(tx.transactionId)}/${verb}"><button class="${verb}" type="submit">${label}</button></form>`;
      const body =
        tx.state === 'PENDING'
          ? `${action('approve', 'Approve payment')}${action('decline', 'Decline payment')}`
          : `<p class="note">This payment was already ${tx.state === 'COMPLETED' ? 'approved' : 'declined'}.</p><a href="${escapeHtml(returnPath(tx.redirectUrl))}">Return to ${MERCHANT}</a>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'Sandbox payment',
            `<span class="badge">Sandbox — no real money moves</span><h1>Pay ${MERCHANT}</h1><p class="note">Mobile payment app (test gateway)</p>
<dl><dt>Merchant</dt><dd>${MERCHANT}</dd><dt>Order</dt><dd>${escapeHtml(tx.merchantOrderRef)}</dd><dt>Amount</dt><dd class="amount">${formatRupees(Number(tx.amountPaise))}</dd></dl>${body}${refundList}`,
          ),
        );
    });

    for (const [verb, state] of [
      ['approve', 'COMPLETED'],
      ['decline', 'FAILED'],
    ] as const) {
      app.post(`/sandbox-pay/:transactionId/${verb}`, { schema }, async (request, reply) => {
        const [decided] = await db
          .update(sandboxGatewayTransactions)
          .set({ state, decidedAt: new Date() })
          .where(
            and(
              eq(sandboxGatewayTransactions.transactionId, request.params.transactionId),
              eq(sandboxGatewayTransactions.state, 'PENDING'),
            ),
          )
          .returning();
        if (!decided) {
          const [existing] = await db
            .select()
            .from(sandboxGatewayTransactions)
            .where(eq(sandboxGatewayTransactions.transactionId, request.params.transactionId));
          if (!existing) throw notFound('unknown_transaction', 'Unknown payment transaction');
          return reply.redirect(returnPath(existing.redirectUrl), 303);
        }
        const body = JSON.stringify({
          eventId: randomUUID(),
          transactionId: decided.transactionId,
          state,
          amount: Number(decided.amountPaise),
        });
        const headers = {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signCallback(secret, body),
        };
        // Like a real gateway: a few quick retries; a callback lost for good is healed by the
        // merchant's reconciliation through the status call.
        for (let attempt = 0; attempt < 3; attempt++) {
          const status = await deliver(decided.callbackUrl, body, headers);
          if (status >= 200 && status < 300) break;
          if (status >= 400 && status < 500) break;
        }
        return reply.redirect(returnPath(decided.redirectUrl), 303);
      });
    }
  };
}
