/**
 * Crash safety of the first start (issue 17 item 3): a server started on an empty database
 * creates it (PGlite), migrates it and seeds the demo catalog and buyer before it listens. It is
 * killed with SIGKILL at a moment the seed picks; restarted, it must serve the whole catalog —
 * the same rows as a start that was never interrupted — and the demo buyer must log in. A half
 * catalog must never be served as if whole, nor a whole catalog without its buyer.
 *
 * The moment, by the seed: in a quarter of the rounds somewhere in the start before seeding
 * begins (PGlite's initdb, the migrations); in half, after the "Empty database: seeding" line,
 * within the seeding time of a reference start measured first; in a quarter, the instant the
 * catalog is reported seeded (committed and vacuumed), before the demo buyer is written.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connect.js';
import {
  crashDbKind,
  crashRound,
  crashSeeds,
  emptyDatabase,
  freePort,
  inspect,
  seededRandom,
  ServerProcess,
  sleep,
  type CrashDatabase,
} from '../test/crash-server.js';
import { DEMO_BUYER } from './demo-accounts.js';

const CATALOG_TABLES = [
  'categories',
  'subcategories',
  'collections',
  'collection_products',
  'products',
  'product_price_tiers',
  'product_variants',
  'product_search',
  'search_words',
] as const;
const SEEDING_LINE = 'Empty database: seeding';
const SEEDED_LINE = 'Seeded ';

/** Row counts of every catalog table, the products' ids and prices, and the demo buyer. */
async function catalogFingerprint({ db }: Database) {
  const counts = await db.execute(
    sql.raw(
      `SELECT ${CATALOG_TABLES.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`).join(', ')}`,
    ),
  );
  const products = await db.execute(
    sql`SELECT md5(string_agg(id || ':' || sp_paise, ',' ORDER BY id)) AS products FROM products`,
  );
  const buyers = await db.execute(
    sql`SELECT count(*)::int AS demo_buyers FROM users WHERE email = ${DEMO_BUYER.email}`,
  );
  return { ...counts.rows[0], ...products.rows[0], ...buyers.rows[0] };
}

/** Starts, lets the server answer, checks the demo buyer logs in, stops; answers the fingerprint. */
async function fingerprintAfterStart(database: CrashDatabase, server: ServerProcess) {
  await server.ready(300_000);
  const login = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_BUYER),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  await server.kill();
  return inspect(database, catalogFingerprint);
}

describe(`a SIGKILL during the first start's seeding (${crashDbKind})`, () => {
  let reference: Awaited<ReturnType<typeof catalogFingerprint>>;
  let beforeSeedingMs = 0;
  let seedingMs = 0;

  beforeAll(async () => {
    // A start that is never interrupted: the catalog every round must end with, and its timing.
    const database = await emptyDatabase();
    const server = new ServerProcess(database, await freePort(), { SEED_ON_START: 'true' });
    try {
      const started = Date.now();
      server.spawn((text) => {
        if (text.includes(SEEDING_LINE)) beforeSeedingMs = Date.now() - started;
      });
      await server.ready(300_000);
      seedingMs = Date.now() - started - beforeSeedingMs;
      reference = await fingerprintAfterStart(database, server);
      expect(reference.products).toBeTruthy();
      expect(reference.demo_buyers).toBe(1);
    } finally {
      await server.kill();
      await database.drop();
    }
  });

  for (const seed of crashSeeds()) {
    it(`serves the whole catalog and the demo buyer after the restart (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      const pick = random();
      const moment = pick < 0.25 ? 'spawn' : pick < 0.75 ? 'the seeding line' : 'the seeded line';
      const killAtMs =
        moment === 'the seeded line'
          ? 0
          : Math.floor(random() * (moment === 'spawn' ? beforeSeedingMs : seedingMs));
      const database = await emptyDatabase();
      const env = { SEED_ON_START: 'true' };
      await crashRound(
        'crash seed',
        seed,
        database,
        async (server) => {
          const seen = { 'the seeding line': SEEDING_LINE, 'the seeded line': SEEDED_LINE };
          let reached!: () => void;
          const lineSeen = new Promise<void>((resolve) => (reached = resolve));
          server.spawn((text) => {
            if (moment !== 'spawn' && text.includes(seen[moment])) reached();
          });
          if (moment !== 'spawn') await lineSeen;
          await sleep(killAtMs);
          // The server listens only once seeded; under a slow machine's swings the kill can come
          // after that, which is recorded, not a failure.
          const early = await fetch(`${server.url}/api/health`).then(
            (r) => r.status,
            () => 'refused',
          );
          await server.kill();

          const restarted = new ServerProcess(database, await freePort(), env);
          try {
            restarted.spawn();
            expect(await fingerprintAfterStart(database, restarted)).toEqual(reference);
          } finally {
            await restarted.kill();
          }
          return `killed ${killAtMs} ms after ${moment} (health then: ${early})`;
        },
        env,
      );
    });
  }
});
