/**
 * Crash safety of refunds (issue 19, decision 044): 40 paid orders, and a finance member asks
 * for a refund of each at once (every other one in full, the rest in part), each under its own
 * Idempotency-Key, when the server is killed with SIGKILL. After the restart every request is
 * sent again with its key until answered, and reconciliation sends what the kill left unsent.
 * Each order must end with exactly the one refund it was asked for, completed once at the
 * gateway (one ledger row per refund, never more than paid), the order Refunded when refunded in
 * full and Paid otherwise, and one refund email; an answer given before the crash is given again.
 *
 * The kill comes 0 to 1.5 s (from the seed) into the burst: its answers come in a cluster at its
 * end (each waits for the gateway), so a kill timed by answers would fall after the work.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { cartLines, sandboxGatewayTransactions, staff, users } from '../../db/schema.js';
import { newObjectId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { seedCatalog } from '../../seed/seed.js';
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
import { newTotpSecret, totpCodeAt } from '../staff/second-factor.js';
import { staffSecrets } from '../staff/service.js';
import { createTokenService } from '../users/access-tokens.js';
import { createRefundsService } from './refunds.js';
import { createSandboxProvider } from './sandbox-provider.js';

const ORDERS = 40;
const PASSWORD = 'Crash@2026 refunds desk';

interface Asked {
  mkpOrderId: string;
  orderId: string;
  key: string;
  amountPaise: number;
  whole: boolean;
}

type Answer = { status: number; text: string } | undefined;

describe(`a SIGKILL during 40 concurrent refunds (${crashDbKind})`, () => {
  let template: Awaited<ReturnType<typeof databaseTemplate>>;
  let cookie: string;
  let asked: Asked[];

  beforeAll(async () => {
    template = await databaseTemplate(async (database, dataDir) => {
      const { db } = database;
      await seedCatalog(db, { products: 10 });
      const [product] = (
        await db.execute(sql`SELECT id FROM products WHERE options = '[]' ORDER BY id LIMIT 1`)
      ).rows as { id: string }[];
      const ids = Array.from({ length: ORDERS }, () => newObjectId());
      await db.insert(users).values(ids.map((id) => buyerRow(id)));
      await db.insert(cartLines).values(
        ids.map((userId) => ({
          userId,
          productId: product!.id,
          source: 'Ex-china',
          quantity: 2,
        })),
      );
      const totpSecret = newTotpSecret();
      await db.insert(staff).values({
        id: newObjectId(),
        email: 'finance@crash.example',
        fullName: 'Crash Finance',
        role: 'finance',
        passwordHash: await hashPassword(PASSWORD),
        totpSecretSealed: staffSecrets(CRASH_JWT_SECRET).box.seal(totpSecret),
      });
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        JWT_SECRET: CRASH_JWT_SECRET,
        WORKERS: 'false',
        SEED_ON_START: 'false',
        RATE_LIMIT_SCALE: '1000',
      });
      const app = await buildReplica({ config, database });
      const tokens = createTokenService(CRASH_JWT_SECRET);
      asked = [];
      try {
        for (const [i, userId] of ids.entries()) {
          const authorization = `Bearer ${await tokens.signAccessToken(userId)}`;
          const order = await app.inject({
            method: 'POST',
            url: '/api/orders/',
            headers: { authorization, 'idempotency-key': `crash-refund-order-${i}` },
            payload: CRASH_SHIPPING,
          });
          expect(order.statusCode, order.body).toBe(201);
          const placed = order.json().payload as {
            _id: { $oid: string };
            mkpOrderId: string;
            total_amount: number;
          };
          const pay = await app.inject({
            url: `/api/payments/pay/${placed._id.$oid}`,
            headers: { authorization },
          });
          expect(pay.statusCode, pay.body).toBe(200);
          // The payer approves at the gateway, and the gateway's status call tells the store.
          const transactionId = decodeURIComponent(pay.json().paymentUrl.split('/').pop());
          await db
            .update(sandboxGatewayTransactions)
            .set({ state: 'COMPLETED', decidedAt: new Date() })
            .where(sql`${sandboxGatewayTransactions.transactionId} = ${transactionId}`);
          const status = await app.inject({
            method: 'POST',
            url: `/api/payments/status/${placed._id.$oid}`,
            headers: { authorization },
          });
          expect(status.json()).toEqual({ pStatus: 'PD' });
          const totalPaise = Math.round(placed.total_amount * 100);
          const whole = i % 2 === 0;
          asked.push({
            mkpOrderId: placed.mkpOrderId,
            orderId: placed._id.$oid,
            key: `crash-refund-${i}`,
            amountPaise: whole ? totalPaise : Math.round(totalPaise * 0.4),
            whole,
          });
        }
        const login = await app.inject({
          method: 'POST',
          url: '/api/staff/login',
          payload: {
            email: 'finance@crash.example',
            password: PASSWORD,
            code: totpCodeAt(totpSecret, new Date()),
          },
        });
        expect(login.statusCode, login.body).toBe(200);
        const setCookie = [login.headers['set-cookie'] ?? []].flat();
        cookie = setCookie.find((c) => c.startsWith('staff_session='))!.split(';')[0]!;
      } finally {
        await app.close();
      }
    });
  });
  afterAll(() => template?.drop());

  function refund(baseUrl: string, order: Asked): Promise<Answer> {
    return fetch(`${baseUrl}/api/staff/orders/${order.mkpOrderId}/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'idempotency-key': order.key },
      body: JSON.stringify({ reason: 'Returned after delivery', amountPaise: order.amountPaise }),
    }).then(
      async (r) => ({ status: r.status, text: await r.text() }),
      () => undefined,
    );
  }

  for (const seed of crashSeeds()) {
    it(`makes each asked refund once, at the gateway too (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      const killDelayMs = Math.floor(random() * 1500);
      const database = await template.copy();
      await crashRound('crash refund', seed, database, async (server) => {
        await server.start();
        const first = await killDuringBurst(
          server,
          asked.map((order) => () => refund(server.url, order)),
          0,
          killDelayMs,
        );
        await server.start();
        const retries = await Promise.all(
          asked.map((order) =>
            retryUntil(
              () => refund(server.url, order),
              (answer) => answer?.status === 200,
            ),
          ),
        );
        retries.forEach((answer, i) => {
          expect(answer?.status, answer?.text).toBe(200);
          const made = JSON.parse(answer!.text).refund as { id: number; amountPaise: number };
          expect(made.amountPaise).toBe(asked[i]!.amountPaise);
          // An answer given before the crash names the refund the retry names.
          if (first[i]?.status === 200) expect(JSON.parse(first[i]!.text).refund.id).toBe(made.id);
        });
        await server.kill();

        await inspect(database, async ({ db }) => {
          // What the kill left unsent, reconciliation sends (after the requests' grace).
          let now = new Date(Date.now() + 60_000);
          const refunds = createRefundsService(db, createSandboxProvider(db, 'unused'), {
            publicUrl: 'http://localhost',
            log: { info: () => {}, warn: () => {} },
            clock: () => now,
            paymentWindowMs: 24 * 3_600_000,
          });
          for (let round = 0; round < 5 && (await refunds.reconcile()) > 0; round++)
            now = new Date(now.getTime() + 60_000);
          const rows = (
            await db.execute(sql`
              SELECT o.id, o.p_status,
                     (SELECT json_agg(json_build_object('amount', r.amount_paise, 'status', r.status))
                        FROM refunds r WHERE r.order_id = o.id) AS refunds,
                     (SELECT count(*) FROM sandbox_gateway_refunds g
                        JOIN payments p ON p.merchant_transaction_id = g.transaction_id
                       WHERE p.order_id = o.id)::int AS at_gateway,
                     (SELECT count(*) FROM email_outbox m
                       WHERE m.order_id = o.id AND m.kind = 'order_refunded')::int AS emails
                FROM orders o`)
          ).rows as {
            id: string;
            p_status: string;
            refunds: { amount: number; status: string }[];
            at_gateway: number;
            emails: number;
          }[];
          const byOrder = new Map(rows.map((row) => [row.id, row]));
          for (const order of asked) {
            expect(byOrder.get(order.orderId), order.mkpOrderId).toEqual({
              id: order.orderId,
              p_status: order.whole ? 'REFUNDED' : 'PD',
              refunds: [{ amount: order.amountPaise, status: 'COMPLETED' }],
              at_gateway: 1,
              emails: 1,
            });
          }
        });
        return `killed ${killDelayMs} ms into the burst; ${first.filter((a) => a?.status === 200).length}/${ORDERS} answered before the crash`;
      });
    });
  }
});
