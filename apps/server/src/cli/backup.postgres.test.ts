/**
 * PostgreSQL's backup as docs/deploy.md "Backups" gives it (issue 23, decision 071): `pg_dump
 * -Fc` of the live database while the server runs on it, `pg_restore` into a new database, and
 * the server's own code migrating and serving on the copy — every row of every table there, and
 * a buyer and a staff member still signing in (with the same JWT_SECRET, which seals the staff's
 * TOTP secrets).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectPostgres, type Database } from '../db/connect.js';
import { buildReplica, type TestApp } from '../test/app.js';
import {
  buildStoreApp,
  expectStoreRestored,
  populateStore,
  tableChecksums,
  type BackedUpStore,
} from '../test/backup-fixtures.js';
import { createBuyer } from '../test/buyers.js';
import { adminStatement, postgresDatabaseUrl } from '../test/database-template.js';
import { placeOrder } from '../modules/payments/test-support.js';

const run = promisify(execFile);

let t: TestApp;
let store: BackedUpStore;
const work = mkdtempSync(join(tmpdir(), 'storefront-backup-'));
/** The databases pg_restore made, dropped after. */
const restoredDatabases: { name: string; database: Database }[] = [];
beforeAll(async () => {
  t = await buildStoreApp();
  store = await populateStore(t);
});
afterAll(async () => {
  for (const { name, database } of restoredDatabases) {
    await database.close();
    await adminStatement(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** A client tool's major version ('pg_dump (PostgreSQL) 15.20 (Debian …)' → 15). */
async function clientMajor(tool: string): Promise<number> {
  const { stdout } = await run(tool, ['--version']);
  return Number(/\(PostgreSQL\) (\d+)/.exec(stdout)![1]);
}

/** `pg_dump --format=custom` of the test's database, as docs/deploy.md gives it. */
async function dumpStore(): Promise<string> {
  const dump = join(work, `storefront-${randomBytes(4).toString('hex')}.dump`);
  await run('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${t.databaseUrl}`]);
  return dump;
}

/** A new database with `dump` restored into it by pg_restore, as docs/deploy.md gives it. */
async function restoreStore(dump: string): Promise<Database> {
  const name = `backup_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminStatement(`CREATE DATABASE ${name}`);
  const url = postgresDatabaseUrl(name);
  await run('pg_restore', [
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    dump,
  ]);
  const database = connectPostgres(url);
  restoredDatabases.push({ name, database });
  return database;
}

it('pg_dump of the running store, restored with pg_restore into a new database, serves every order, invoice, credit note and account', async () => {
  // pg_dump refuses a server newer than itself; an older server it dumps.
  const [server] = (await t.database.db.execute(sql`SHOW server_version_num`)).rows as {
    server_version_num: string;
  }[];
  const serverMajor = Math.floor(Number(server!.server_version_num) / 10_000);
  expect(await clientMajor('pg_dump')).toBeGreaterThanOrEqual(serverMajor);
  expect(await clientMajor('pg_restore')).toBeGreaterThanOrEqual(serverMajor);

  // The server keeps running: pg_dump reads one snapshot of the database.
  const dump = await dumpStore();
  const before = await tableChecksums(t.database.db);

  await expectStoreRestored(await restoreStore(dump), before, store, async (database) => ({
    app: await buildReplica(t, { database }),
    config: t.config,
  }));
});

/** Orders whose lines are not all there: their total is not the sum of their lines. */
const partialOrders = async (database: Database) =>
  (
    await database.db.execute(sql`
      SELECT o.id FROM orders o
       WHERE o.total_paise <> (SELECT coalesce(sum(l.line_total_paise), 0)
                                 FROM order_lines l WHERE l.order_id = o.id)`)
  ).rows;

const orderCount = async (database: Database) =>
  Number(
    (
      (await database.db.execute(sql`SELECT count(*)::int AS n FROM orders`)).rows[0] as {
        n: number;
      }
    ).n,
  );

it('a dump taken while buyers place orders holds each order whole, as of one moment', async () => {
  const buyer = await createBuyer(t);
  const ordersBefore = await orderCount(t.database);
  let dumping = true;
  const placing = (async () => {
    let placed = 0;
    while (dumping || placed < 2) {
      await placeOrder(t, buyer);
      placed++;
    }
  })();
  const dump = await dumpStore().finally(() => (dumping = false));
  await placing;
  const ordersAfter = await orderCount(t.database);
  expect(await partialOrders(t.database)).toEqual([]);

  const restored = await restoreStore(dump);
  const restoredOrders = await orderCount(restored);
  expect(restoredOrders).toBeGreaterThanOrEqual(ordersBefore);
  expect(restoredOrders).toBeLessThan(ordersAfter);
  expect(await partialOrders(restored)).toEqual([]);
});
