/**
 * G12 (reliability-and-security.md §5), one seeded round: the real server process on
 * PostgreSQL is killed with SIGKILL while 50 buyers check out at once; after a restart every
 * buyer retries with the same Idempotency-Key until answered. No acknowledged order may be
 * lost or changed, none duplicated, none without its lines, and every cart ends empty.
 * PostgreSQL only: a PGlite data directory killed mid-write is PGlite's durability question,
 * not this module's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.js';
import { connectPostgres, type Database } from '../../db/connect.js';
import { cartLines, users } from '../../db/schema.js';
import { createTokenService } from '../users/access-tokens.js';
import { newObjectId } from '../../lib/ids.js';
import { seedCatalog } from '../../seed/seed.js';
import { adminDatabaseUrl } from '../../test/app.js';
import { buyerRow } from '../../test/buyers.js';

const BUYERS = 50;
const JWT_SECRET = randomBytes(32).toString('hex');
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
/** A small deterministic generator, so a failing round can be replayed with CRASH_SEED. */
let state = seed;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe('a crash during checkout (G12)', () => {
  const name = `storefront_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-crash-'));
  let database: Database;
  let port: number;
  let server: ChildProcess | undefined;

  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: adminDatabaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  }

  async function startServer(): Promise<void> {
    // Node itself with tsx's loader (not the tsx CLI, whose child would outlive a SIGKILL).
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      stdio: 'ignore',
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        JWT_SECRET,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'silent',
        SEED_ON_START: 'false',
        WORKERS: 'false',
      },
    });
    for (let i = 0; i < 300; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not start');
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    database = connectPostgres(url.toString(), 5);
    await database.migrate();
    await seedCatalog(database.db, { products: 30 });
    port = await freePort();
  });

  afterAll(async () => {
    server?.kill('SIGKILL');
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`loses, changes and duplicates no order (seed ${seed})`, async () => {
    const db = database.db;
    const products = (await db.execute(sql`SELECT id FROM products WHERE options = '[]' LIMIT 2`))
      .rows as { id: string }[];
    const tokens = createTokenService(JWT_SECRET);
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const id = newObjectId();
        return { id, key: `crash-${i}`, token: await tokens.signAccessToken(id) };
      }),
    );
    await db.insert(users).values(buyers.map(({ id }) => buyerRow(id)));
    await db.insert(cartLines).values(
      buyers.flatMap(({ id }, i) =>
        products.map((p, n) => ({
          userId: id,
          productId: p.id,
          source: 'Ex-india custom',
          quantity: 1 + ((i + n) % 12),
        })),
      ),
    );
    const body = JSON.stringify({
      recipientName: 'Crash Test',
      shippingAddress1: '1 Test Road',
      shippingCity: 'Pune',
      shippingState: 'Maharashtra',
      shippingPostalCode: '411001',
      shippingCountry: 'in',
      shippingPhoneNumber: '9876543210',
    });
    const submit = (buyer: (typeof buyers)[number]) =>
      fetch(`http://127.0.0.1:${port}/api/orders/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${buyer.token}`,
          'content-type': 'application/json',
          'idempotency-key': buyer.key,
        },
        body,
      }).then(
        async (r) => ({ status: r.status, text: await r.text() }),
        () => undefined,
      );

    await startServer();
    const killAfterMs = 50 + Math.floor(random() * 1_950);
    const firstRound = buyers.map((buyer) => submit(buyer));
    await new Promise((r) => setTimeout(r, killAfterMs));
    const exited = new Promise((r) => server!.once('exit', r));
    server!.kill('SIGKILL');
    await exited;
    const acknowledged = (await Promise.all(firstRound)).map((answer) =>
      answer?.status === 201 ? answer.text : undefined,
    );

    await startServer();
    const finalAnswers: string[] = [];
    for (const [i, buyer] of buyers.entries()) {
      let answer = await submit(buyer);
      for (let attempt = 0; answer?.status !== 201 && attempt < 20; attempt++) {
        await new Promise((r) => setTimeout(r, 100));
        answer = await submit(buyer);
      }
      expect(answer?.status, `buyer ${i}: ${answer?.text}`).toBe(201);
      finalAnswers.push(answer!.text);
    }

    // Every answer a client saw before the crash is the answer it gets after it.
    acknowledged.forEach((text, i) => {
      if (text !== undefined) expect(finalAnswers[i]).toBe(text);
    });
    const counts = await db.execute(sql`
      SELECT (SELECT count(*) FROM orders)::int AS orders,
             (SELECT count(DISTINCT user_id) FROM orders)::int AS buyers,
             (SELECT count(*) FROM orders o
               WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id))::int AS empty,
             (SELECT count(*) FROM orders o
               WHERE o.total_paise <> (SELECT sum(line_total_paise) FROM order_lines l
                                        WHERE l.order_id = o.id))::int AS wrong_totals,
             (SELECT count(*) FROM cart_lines)::int AS cart_lines`);
    expect(counts.rows[0]).toEqual({
      orders: BUYERS,
      buyers: BUYERS,
      empty: 0,
      wrong_totals: 0,
      cart_lines: 0,
    });
    const ids = finalAnswers.map((text) => JSON.parse(text).payload._id.$oid);
    expect(new Set(ids).size).toBe(BUYERS);
    console.info(
      `G12 seed ${seed}: killed after ${killAfterMs} ms, ${acknowledged.filter(Boolean).length}/${BUYERS} acknowledged before the crash`,
    );
  });
});
