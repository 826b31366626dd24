/**
 * The operator CLI (cli/commands.ts, decision 043) as an operator runs it, in its direct mode:
 * with DATABASE_URL on PostgreSQL it acts on the database itself, as the staff member `--as`
 * names. Exit codes: 0 done, 1 refused (with the reason), 2 a usage error. PostgreSQL only: that
 * is the mode under test (on PGlite the CLI goes through the running server's operator channel,
 * which operator-channel.test.ts and the journeys cover).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE } from './commands.js';
import { transitionOrderStatus } from '../modules/orders/service.js';
import { placeOrder } from '../modules/payments/test-support.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createBuyer, type TestBuyer } from '../test/buyers.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { runStore } from '../test/store-cli.js';

let t: TestApp;
let buyer: TestBuyer;
let packer: TestStaff;
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-cli-'));
beforeAll(async () => {
  t = await buildTestApp({ products: 5 });
  buyer = await createBuyer(t);
  packer = await createStaff(t, 'fulfilment');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run store -- …args` against the test's database, in the direct mode. */
const store = (...args: string[]) =>
  runStore(
    {
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: t.databaseUrl,
      // Nothing listens here: the direct mode must not need a server.
      PORT: '9',
    },
    args,
  );

/** A new order of the buyer's, moved to `status` as the payment flow would. */
async function orderIn(status: 'UP' | 'PD'): Promise<{ id: string; mkpOrderId: string }> {
  const { orderId, mkpOrderId } = await placeOrder(t, buyer);
  if (status === 'PD')
    await t.database.db.transaction((tx) =>
      transitionOrderStatus(tx, orderId, ['UP'], 'PD', 'payment_callback'),
    );
  return { id: orderId, mkpOrderId };
}

async function historyOf(orderId: string) {
  const result = await t.database.db.execute(
    sql`SELECT o.p_status, o.carrier, o.tracking_number,
               json_agg(json_build_array(h.from_status, h.to_status, h.cause) ORDER BY h.id) AS history
          FROM orders o JOIN order_status_history h ON h.order_id = o.id
         WHERE o.id = ${orderId} GROUP BY o.id`,
  );
  return result.rows[0];
}

describe('npm run store (direct mode, DATABASE_URL)', () => {
  it('staff:invite: the first owner by the operator alone, every later one by a named owner', async () => {
    // Before any owner, the operator alone may invite only an owner.
    const notOwnerFirst = await store('staff:invite', 'early@shop.example.in', '--role', 'catalog');
    expect(notOwnerFirst.code).toBe(1);
    const first = await store('staff:invite', 'First.Owner@shop.example.in', '--role', 'owner');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /^Invited first\.owner@shop\.example\.in as owner\. Their one-time setup link \(until .+\):\nhttp.+\/admin\/setup#[\w-]{43}\n$/,
    );
    const owner = await createStaff(t, 'owner');
    const unnamed = await store('staff:invite', 'second@shop.example.in', '--role', 'catalog');
    expect(unnamed).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Refused: Name the staff member you act as: --as <email>.\n',
    });
    const notOwner = await store(
      'staff:invite',
      'second@shop.example.in',
      '--role',
      'catalog',
      '--as',
      packer.email,
    );
    expect(notOwner.code).toBe(1);
    expect(notOwner.stderr).toBe(`Refused: ${packer.email} is fulfilment; this needs owner.\n`);
    const named = await store(
      'staff:invite',
      'second@shop.example.in',
      '--role',
      'catalog',
      '--as',
      owner.email.toUpperCase(),
    );
    expect(named.code, named.stderr).toBe(0);
    const log = await t.database.db.execute(
      sql`SELECT actor, after FROM staff_audit_log WHERE action = 'staff.invite' ORDER BY id`,
    );
    expect(log.rows).toEqual([
      { actor: 'operator', after: { email: 'first.owner@shop.example.in', role: 'owner' } },
      { actor: owner.email, after: { email: 'second@shop.example.in', role: 'catalog' } },
    ]);
  });

  it('ships a paid order and delivers it, recording each change; exit code 0', async () => {
    const order = await orderIn('PD');
    const shipped = await store(
      'order:ship',
      order.mkpOrderId,
      '--carrier',
      'BlueDart',
      '--tracking',
      'BD123456',
      '--as',
      packer.email,
    );
    expect(shipped).toEqual({
      code: 0,
      stdout: `Order ${order.mkpOrderId} is now SHIPPED (carrier BlueDart, tracking BD123456).\n`,
      stderr: '',
    });
    const delivered = await store('order:deliver', order.mkpOrderId, '--as', packer.email);
    expect(delivered).toEqual({
      code: 0,
      stdout: `Order ${order.mkpOrderId} is now DELIVERED.\n`,
      stderr: '',
    });
    expect(await historyOf(order.id)).toEqual({
      p_status: 'DELIVERED',
      carrier: 'BlueDart',
      tracking_number: 'BD123456',
      history: [
        [null, 'UP', 'order_created'],
        ['UP', 'PD', 'payment_callback'],
        ['PD', 'SHIPPED', 'operator'],
        ['SHIPPED', 'DELIVERED', 'operator'],
      ],
    });
  });

  it('refuses to ship an unpaid order and to deliver one not shipped; exit code 1', async () => {
    const unpaid = await orderIn('UP');
    const as = ['--as', packer.email];
    const ship = await store(
      'order:ship',
      unpaid.mkpOrderId,
      '--carrier',
      'X',
      '--tracking',
      'Y',
      ...as,
    );
    expect(ship).toEqual({
      code: 1,
      stdout: '',
      stderr: `Refused: Order ${unpaid.mkpOrderId} is Payment Pending (UP); only a paid order (PD) can be shipped.\n`,
    });
    const deliverUnpaid = await store('order:deliver', unpaid.mkpOrderId, ...as);
    expect(deliverUnpaid.code).toBe(1);
    expect(deliverUnpaid.stderr).toBe(
      `Refused: Order ${unpaid.mkpOrderId} is Payment Pending (UP); only a shipped order (SHIPPED) can be delivered.\n`,
    );

    const paid = await orderIn('PD');
    const deliverPaid = await store('order:deliver', paid.mkpOrderId, ...as);
    expect(deliverPaid).toEqual({
      code: 1,
      stdout: '',
      stderr: `Refused: Order ${paid.mkpOrderId} is Paid (PD); only a shipped order (SHIPPED) can be delivered.\n`,
    });
    const unknown = await store('order:deliver', 'MKP-20260101-NOPE00', ...as);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Refused: No order MKP-20260101-NOPE00\n',
    });

    // Nothing changed: each order kept its status and its history.
    expect(await historyOf(unpaid.id)).toMatchObject({
      p_status: 'UP',
      carrier: null,
      history: [[null, 'UP', 'order_created']],
    });
    expect(await historyOf(paid.id)).toMatchObject({
      p_status: 'PD',
      history: [
        [null, 'UP', 'order_created'],
        ['UP', 'PD', 'payment_callback'],
      ],
    });
  });

  it.each([
    [[], 'Give one command and what it acts on.'],
    [['order:ship', 'MKP-20260101-AAAAAA'], 'Carrier is required'],
    [
      ['order:deliver', 'MKP-20260101-AAAAAA', '--carrier', 'X'],
      'order:deliver takes no --carrier',
    ],
    [['staff:invite', 'someone@shop.example.in', '--role', 'boss'], 'Invalid option'],
  ])('%j is a usage error: exit code 2 with the usage', async (args, problem) => {
    const run = await store(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(problem);
    expect(run.stderr).toContain(USAGE);
  });
});
