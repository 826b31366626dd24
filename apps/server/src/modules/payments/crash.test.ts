/**
 * Crash safety of the payment callback (issue 17 item 3): 100 orders each have an open sandbox
 * attempt, and the gateway (this test, signing as the sandbox does) delivers their callbacks at
 * once — two in three approved, the rest declined — when the server is killed with SIGKILL. After
 * the restart the gateway retries every callback (the same event, signed again) until it is
 * answered 200. Each order must end in the gateway's state (Paid or Payment Failed) with one
 * history row for it, each event be recorded once, each paid order's confirmation email be
 * queued once, and a callback acknowledged before the crash be answered 'duplicate' after it.
 *
 * The kill comes after the k-th answer (k from the seed) plus up to 30 ms; the seed also shuffles
 * the order in which the callbacks go out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { cartLines, sandboxGatewayTransactions, users } from '../../db/schema.js';
import { newObjectId } from '../../lib/ids.js';
import { ensureDemoStore, seedCatalog } from '../../seed/seed.js';
import { buildReplica } from '../../test/app.js';
import { buyerRow } from '../../test/buyers.js';
import {
  CRASH_JWT_SECRET,
  CRASH_SHIPPING,
  crashDbKind,
  crashRound,
  crashSeeds,
  databaseTemplate,
  inspect,
  killDuringBurst,
  retryUntil,
  seededRandom,
} from '../../test/crash-server.js';
import { createTokenService } from '../users/access-tokens.js';
import { SIGNATURE_HEADER, signCallback } from './sandbox-signature.js';

const ORDERS = 100;

interface Payment {
  orderId: string;
  transactionId: string;
  amountPaise: number;
  state: 'COMPLETED' | 'FAILED';
}

type Answer = { status: number; text: string } | undefined;

describe(`a SIGKILL during 100 concurrent payment callbacks (${crashDbKind})`, () => {
  let template: Awaited<ReturnType<typeof databaseTemplate>>;
  let secret: string;
  let payments: Payment[];

  beforeAll(async () => {
    template = await databaseTemplate(async (database, dataDir) => {
      const { db } = database;
      await seedCatalog(db, { products: 10 });
      // A registered seller, as a store taking orders has: every paid order gets its invoice.
      await ensureDemoStore(db);
      const [product] = (
        await db.execute(sql`SELECT id FROM products WHERE options = '[]' ORDER BY id LIMIT 1`)
      ).rows as { id: string }[];
      const ids = Array.from({ length: ORDERS }, () => newObjectId());
      await db.insert(users).values(ids.map((id) => buyerRow(id)));
      await db.insert(cartLines).values(
        ids.map((userId, i) => ({
          userId,
          productId: product!.id,
          source: 'Ex-china',
          quantity: 1 + (i % 7),
        })),
      );
      // Orders and attempts made by the app itself, as buyers would make them.
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        JWT_SECRET: CRASH_JWT_SECRET,
        WORKERS: 'false',
        SEED_ON_START: 'false',
        RATE_LIMIT_SCALE: '1000',
      });
      secret = config.payments.sandboxSecret;
      const app = await buildReplica({ config, database });
      const tokens = createTokenService(CRASH_JWT_SECRET);
      payments = [];
      try {
        for (const [i, userId] of ids.entries()) {
          const authorization = `Bearer ${await tokens.signAccessToken(userId)}`;
          const order = await app.inject({
            method: 'POST',
            url: '/api/orders/',
            headers: { authorization, 'idempotency-key': `crash-pay-${i}` },
            payload: CRASH_SHIPPING,
          });
          expect(order.statusCode, order.body).toBe(201);
          const orderId = order.json().payload._id.$oid as string;
          const pay = await app.inject({
            method: 'GET',
            url: `/api/payments/pay/${orderId}`,
            headers: { authorization },
          });
          expect(pay.statusCode, pay.body).toBe(200);
          const transactionId = decodeURIComponent(pay.json().paymentUrl.split('/').pop());
          payments.push({
            orderId,
            transactionId,
            amountPaise: 0,
            state: i % 3 === 2 ? 'FAILED' : 'COMPLETED',
          });
        }
      } finally {
        await app.close();
      }
      // The payer decides on the gateway's side, as the sandbox pages would record it.
      for (const payment of payments) {
        const [row] = await db
          .update(sandboxGatewayTransactions)
          .set({ state: payment.state, decidedAt: new Date() })
          .where(sql`${sandboxGatewayTransactions.transactionId} = ${payment.transactionId}`)
          .returning({ amountPaise: sandboxGatewayTransactions.amountPaise });
        payment.amountPaise = Number(row!.amountPaise);
      }
    });
  });
  afterAll(() => template?.drop());

  /** The gateway's callback of one payment: the same event on every delivery, signed anew. */
  function deliver(baseUrl: string, payment: Payment): Promise<Answer> {
    const body = JSON.stringify({
      eventId: `evt-${payment.transactionId}`,
      transactionId: payment.transactionId,
      state: payment.state,
      amount: payment.amountPaise,
    });
    return fetch(`${baseUrl}/api/payments/callback/sandbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signCallback(secret, body),
      },
      body,
    }).then(
      async (r) => ({ status: r.status, text: await r.text() }),
      () => undefined,
    );
  }

  for (const seed of crashSeeds()) {
    it(`applies every callback once, and its retry as a duplicate (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      const killAfterAnswers = Math.floor(random() * ORDERS);
      const killDelayMs = Math.floor(random() * 30);
      const shuffled = payments
        .map((payment) => ({ payment, at: random() }))
        .sort((a, b) => a.at - b.at)
        .map(({ payment }) => payment);
      const database = await template.copy();
      await crashRound('crash payment', seed, database, async (server) => {
        await server.start();
        const first = await killDuringBurst(
          server,
          shuffled.map((payment) => () => deliver(server.url, payment)),
          killAfterAnswers,
          killDelayMs,
        );
        first.forEach((answer) => {
          if (answer)
            expect(JSON.parse(answer.text)).toEqual({ received: true, outcome: 'applied' });
        });

        await server.start();
        const retries = await Promise.all(
          shuffled.map((payment) =>
            retryUntil(
              () => deliver(server.url, payment),
              (answer) => answer?.status === 200,
            ),
          ),
        );
        retries.forEach((answer, i) => {
          expect(answer?.status, answer?.text).toBe(200);
          // A callback answered before the crash was applied: its retry changes nothing. One
          // applied whose answer the kill cut off is a duplicate as well; the rows below count.
          const outcome = JSON.parse(answer!.text).outcome;
          if (first[i]) expect(outcome, `callback ${i}`).toBe('duplicate');
          else expect(['applied', 'duplicate'], `callback ${i}`).toContain(outcome);
        });
        await server.kill();

        await inspect(database, async ({ db }) => {
          const rows = (
            await db.execute(sql`
              SELECT o.id, o.p_status, p.status,
                     (SELECT count(*) FROM order_status_history h
                       WHERE h.order_id = o.id AND h.to_status = o.p_status)::int AS moves,
                     (SELECT count(*) FROM payment_events e WHERE e.payment_id = p.id)::int AS events
                FROM orders o JOIN payments p ON p.order_id = o.id`)
          ).rows as {
            id: string;
            p_status: string;
            status: string;
            moves: number;
            events: number;
          }[];
          const byOrder = new Map(rows.map((row) => [row.id, row]));
          for (const payment of payments) {
            expect(byOrder.get(payment.orderId), payment.orderId).toEqual({
              id: payment.orderId,
              p_status: payment.state === 'COMPLETED' ? 'PD' : 'PF',
              status: payment.state,
              moves: 1,
              events: 1,
            });
          }
          const emails = await db.execute(
            sql`SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'payment_confirmation'`,
          );
          expect(emails.rows[0]).toEqual({
            n: payments.filter((p) => p.state === 'COMPLETED').length,
          });
          // One tax invoice per paid order, numbered without a gap (decision 056).
          const invoices = await db.execute(
            sql`SELECT count(DISTINCT order_id)::int AS orders, max(sequence)::int AS last
                  FROM tax_documents WHERE kind = 'invoice'`,
          );
          const paid = payments.filter((p) => p.state === 'COMPLETED').length;
          expect(invoices.rows[0]).toEqual({ orders: paid, last: paid });
        });
        return `killed ${killDelayMs} ms after answer ${killAfterAnswers}; ${first.filter(Boolean).length}/${ORDERS} acknowledged before the crash`;
      });
    });
  }
});
