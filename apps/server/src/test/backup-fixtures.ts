/**
 * The backups' tests (issue 23): a store with what a backup must keep — paid orders with their
 * tax invoices, a refund's credit note, an unpaid order, buyer accounts, staff with sealed TOTP
 * secrets — made through the real API; every table's rows as a count and a checksum; and the
 * proof that a server on the restored database still serves them (a buyer and a staff member
 * sign in, the buyer's orders and invoice are there).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/connect.js';
import { users } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import {
  documentsOf,
  KARNATAKA_BUYER,
  payOrder,
  registerStore,
  shipToBilling,
  taxedOrder,
  type TaxedLine,
} from '../modules/invoices/test-support.js';
import { callbackRecorder } from '../modules/payments/test-support.js';
import { buildTestApp, type TestApp, type TestAppOptions } from './app.js';
import { createBuyer, createBuyers } from './buyers.js';
import { createStaff, signIn, type TestStaff } from './staff.js';

export const BUYER_PASSWORD = 'Restore@2026 buyer';

const LINES: TaxedLine[] = [
  { name: 'Brass Gate Valve 25 mm', spPaise: 149900, quantity: 3, rateBp: 1800, hsn: '84818030' },
  { name: 'Rubber Gasket Set', spPaise: 25000, quantity: 4, rateBp: 500, hsn: '40169390' },
];

export interface BackedUpStore {
  buyerEmail: string;
  owner: TestStaff;
  /** The buyer's orders: three paid (the first part refunded), one unpaid. */
  orders: { orderId: string; mkpOrderId: string }[];
}

/** A test app whose sandbox payments reach it (payOrder needs its callbacks). */
export async function buildStoreApp(options: TestAppOptions = {}): Promise<TestApp> {
  const recorder = callbackRecorder();
  const t = await buildTestApp({
    // A category for the orders' products (insertProducts files them under one).
    products: 2,
    config: { rateLimitScale: 20 },
    payments: { deliverCallback: recorder.deliver },
    ...options,
  });
  recorder.attach(t);
  return t;
}

export async function populateStore(t: TestApp): Promise<BackedUpStore> {
  await registerStore(t);
  const owner = await createStaff(t, 'owner');
  const finance = await signIn(t, await createStaff(t, 'finance'));
  const buyer = await createBuyer(t);
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(BUYER_PASSWORD) })
    .where(eq(users.id, buyer.id));
  await createBuyers(t, 4);
  const order = () =>
    taxedOrder(t, buyer, LINES, {
      billing: KARNATAKA_BUYER,
      ship: shipToBilling(KARNATAKA_BUYER, 'Karnataka'),
    });
  const orders = [];
  for (let i = 0; i < 3; i++) {
    const placed = await order();
    await payOrder(t, buyer, placed.orderId);
    orders.push(placed);
  }
  const refunded = await t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orders[0]!.mkpOrderId}/refunds`,
    headers: { cookie: finance.cookie, 'idempotency-key': `backup-refund-${orders[0]!.orderId}` },
    payload: { reason: 'One valve arrived cracked', lines: [{ position: 0, quantity: 1 }] },
  });
  expect(refunded.statusCode, refunded.body).toBe(200);
  orders.push(await order());
  const documents = (await Promise.all(orders.map((o) => documentsOf(t, o.orderId)))).flat();
  expect(documents.map((d) => d.kind).sort()).toEqual([
    'credit_note',
    'invoice',
    'invoice',
    'invoice',
  ]);
  return { buyerEmail: `buyer-${buyer.id}@example.com`, owner, orders };
}

export interface TableChecksum {
  rows: number;
  md5: string;
}

/**
 * Every table's rows (the application's, and drizzle's record of the migrations applied) as a
 * count and an MD5 of their text, in a fixed order: equal on two databases when they hold the
 * same rows.
 */
export async function tableChecksums(db: Db): Promise<Record<string, TableChecksum>> {
  const tables = (
    await db.execute(sql`
      SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE'
       ORDER BY 1, 2`)
  ).rows as { schema: string; name: string }[];
  const sums: Record<string, TableChecksum> = {};
  for (const { schema, name } of tables) {
    const [row] = (
      await db.execute(sql`
        SELECT count(*)::int AS rows,
               md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), '')) AS md5
          FROM ${sql.identifier(schema)}.${sql.identifier(name)} t`)
    ).rows as { rows: number; md5: string }[];
    sums[`${schema}.${name}`] = { rows: Number(row!.rows), md5: row!.md5 };
  }
  return sums;
}

/** What populateStore leaves, as tables' row counts: orders, tax documents, staff, users. */
const STORE_ROWS = {
  'public.orders': 4,
  'public.tax_documents': 4,
  'public.staff': 2,
  'public.users': 5,
};

/**
 * The restored database holds the backed-up store whole: `before` (the running store's
 * tableChecksums) holds what populateStore made; once migrated, as a starting server does
 * (nothing left to do on a copy of the same version), the copy holds every row of `before`;
 * and a server on it (`serve`'s) serves every order, invoice and account (expectStoreServed).
 */
export async function expectStoreRestored(
  restored: Database,
  before: Record<string, TableChecksum>,
  store: BackedUpStore,
  serve: (database: Database) => Promise<{ app: FastifyInstance; config: Config }>,
): Promise<void> {
  const counted = Object.keys(STORE_ROWS).map((table) => [table, before[table]?.rows]);
  expect(Object.fromEntries(counted)).toEqual(STORE_ROWS);
  await restored.migrate();
  expect(await tableChecksums(restored.db)).toEqual(before);
  const { app, config } = await serve(restored);
  try {
    await expectStoreServed(app, config, store);
  } finally {
    await app.close();
  }
}

/**
 * A server on the restored database serves the store: the buyer signs in with their password
 * and finds every order of theirs and an invoice's PDF; the owner signs in with password and
 * TOTP (their secret sealed under JWT_SECRET, which the restore must have kept).
 */
async function expectStoreServed(
  app: FastifyInstance,
  config: Config,
  store: BackedUpStore,
): Promise<void> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: store.buyerEmail, password: BUYER_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const headers = {
    authorization: `Bearer ${login.json<{ access_token: string }>().access_token}`,
  };
  const listed = await app.inject({ url: '/api/orders/', headers });
  expect(listed.statusCode, listed.body).toBe(200);
  const mkpOrderIds = JSON.stringify(listed.json());
  for (const order of store.orders) expect(mkpOrderIds).toContain(order.mkpOrderId);
  const detail = await app.inject({
    url: `/api/orders/order/${store.orders[0]!.orderId}`,
    headers,
  });
  const { documents } = detail.json<{ payload: { documents: { kind: string; href: string }[] } }>()
    .payload;
  expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
  const pdf = await app.inject({ url: documents[0]!.href, headers });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  await signIn({ config } as TestApp, store.owner, new Date(), app);
}
