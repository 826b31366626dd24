/**
 * Crash safety of a catalog import (issue 20, decision 051): a validated import of PRODUCTS
 * products (most of them existing, changed in every part: name, prices, tiers, options, variants,
 * stock; the rest new) is being applied by the real server when it is killed with SIGKILL. Right
 * after the kill, every product must be wholly old or wholly new, and exactly the products before
 * the job's cursor new (a batch and its cursor commit together). After a restart the server's
 * worker takes the job over once its lease lapses and finishes it from the cursor: every product
 * new, the summary recorded once in the audit log.
 *
 * The moment, by the seed: 0 to the apply time of a reference run measured first (so before the
 * worker claims the job, in any batch, or after the last).
 */
import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import {
  columnsFor,
  csvRow,
  documentCells,
  shapeOf,
  type ImportJob,
} from '@storefront/shared/catalog-transfer';
import { OPEN_ENDED_MAX } from '@storefront/shared/pricing';
import type { Database } from '../../db/connect.js';
import { catalogImportJobs, staff, staffAuditLog } from '../../db/schema.js';
import { newObjectId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { seedCatalog } from '../../seed/seed.js';
import { productDocument } from '../../test/catalog-fixtures.js';
import {
  CRASH_JWT_SECRET,
  crashDbKind,
  crashRound,
  crashSeeds,
  databaseTemplate,
  freePort,
  inspect,
  seededRandom,
  ServerProcess,
  sleep,
} from '../../test/crash-server.js';
import { readProducts, saveProducts } from '../catalog/product-store.js';
import { newTotpSecret, totpCodeAt } from '../staff/second-factor.js';
import { staffSecrets } from '../staff/service.js';
import { createImportJob, ImportRunner, requestApply } from './jobs.js';

const CI = process.env.CI === 'true' || process.env.CI === '1';
/** Existing products the file changes, and new ones it adds: several batches of 500. */
const EXISTING = CI ? 1200 : 2000;
const NEW = CI ? 300 : 500;
const PASSWORD = 'Crash@2026 catalog desk';
const EMAIL = 'catalog@crash.example';
const WORKERS = { WORKERS: 'true' };

/** The images of the crash server's configuration: on its data directory's disk, no URLs. */
const IMAGES = { storage: { kind: 'local' as const }, urlFetch: false };
const codeOf = (i: number) => `CRASH-${String(i).padStart(5, '0')}`;

function oldDocument(code: string, taxonomy: { category: string; subcategory: string }) {
  return productDocument(code, taxonomy, {
    name: `Old ${code}`,
    features: ['Old feature'],
    descriptionHtml: '<p>Old</p>',
    variants: [
      { option1: 'Red', sku: `${code}-R`, pricePaise: null, stock: 5 },
      { option1: 'Blue', sku: `${code}-B`, pricePaise: null, stock: 6 },
    ],
    stock: 50,
  });
}

function newDocument(code: string, taxonomy: { category: string; subcategory: string }) {
  return {
    ...oldDocument(code, taxonomy),
    name: `New ${code}`,
    features: ['New feature', 'Another'],
    descriptionHtml: '<p>New</p>',
    mrpPaise: 210_00,
    spPaise: 160_00,
    tiers: [
      { minQuantity: 1, maxQuantity: 4, pricePaise: 160_00 },
      { minQuantity: 5, maxQuantity: 19, pricePaise: 150_00 },
      { minQuantity: 20, maxQuantity: OPEN_ENDED_MAX, pricePaise: 140_00 },
    ],
    options: [{ name: 'Colour', values: ['Red', 'Blue', 'Green'] }],
    variants: [
      { option1: 'Red', sku: `${code}-R`, pricePaise: 170_00, stock: 1 },
      { option1: 'Blue', sku: `${code}-B`, pricePaise: null, stock: null },
      { option1: 'Green', sku: `${code}-G`, pricePaise: null, stock: 9 },
    ],
    images: [`products/${code}-1`, `products/${code}-2`],
    stock: 40,
    minOrderQuantity: 2,
    orderMultiple: 2,
  } satisfies ProductDocument;
}

async function signIn(server: ServerProcess, totpSecret: string): Promise<string> {
  const login = await fetch(`${server.url}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: EMAIL,
      password: PASSWORD,
      code: totpCodeAt(totpSecret, new Date()),
    }),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Polls the job through the API until applied (the lease of a killed process lapses first). */
async function untilApplied(server: ServerProcess, cookie: string, id: string): Promise<ImportJob> {
  const until = Date.now() + 180_000;
  for (;;) {
    const response = await fetch(`${server.url}/api/staff/catalog/imports/${id}`, {
      headers: { cookie },
    });
    const job = (await response.json()) as ImportJob;
    if (job.status === 'applied' || job.status === 'failed') return job;
    if (Date.now() > until) throw new Error(`not applied: ${JSON.stringify(job)}`);
    await sleep(200);
  }
}

describe(`a SIGKILL while an import is applied (${crashDbKind})`, () => {
  let template: Awaited<ReturnType<typeof databaseTemplate>>;
  let taxonomy: { category: string; subcategory: string };
  let jobId: string;
  let totpSecret: string;
  let applyMs = 0;
  const codes = Array.from({ length: EXISTING + NEW }, (_, i) => codeOf(i));

  /** Which products are old, which new, and the job's state, from the database. */
  async function state({ db }: Database) {
    const stored = await readProducts(db, codes);
    const kinds = codes.map((code) => {
      const doc = stored.get(code)?.document;
      if (!doc) return 'absent';
      if (isDeepStrictEqual(doc, newDocument(code, taxonomy))) return 'new';
      if (isDeepStrictEqual(doc, oldDocument(code, taxonomy))) return 'old';
      return `half: ${JSON.stringify(doc)}`;
    });
    const [job] = await db.select().from(catalogImportJobs).where(eq(catalogImportJobs.id, jobId));
    const summaries = await db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'catalog.import.applied'));
    return { kinds, job: job!, summaries: summaries.length };
  }

  beforeAll(async () => {
    template = await databaseTemplate(async (database, dataDir) => {
      const { db } = database;
      await seedCatalog(db, { products: 10 });
      const result = await db.execute(
        sql`SELECT c.slug AS category, s.slug AS subcategory FROM subcategories s
              JOIN categories c ON c.id = s.category_id ORDER BY c.position, s.position LIMIT 1`,
      );
      taxonomy = result.rows[0] as typeof taxonomy;
      await db.transaction((tx) =>
        saveProducts(
          tx,
          codes.slice(0, EXISTING).map((code) => oldDocument(code, taxonomy)),
        ),
      );
      totpSecret = newTotpSecret();
      const staffId = newObjectId();
      await db.insert(staff).values({
        id: staffId,
        email: EMAIL,
        fullName: 'Crash Catalog',
        role: 'catalog',
        passwordHash: await hashPassword(PASSWORD),
        totpSecretSealed: staffSecrets(CRASH_JWT_SECRET).box.seal(totpSecret),
      });
      const docs = codes.map((code) => newDocument(code, taxonomy));
      const shape = shapeOf(docs);
      const file = [csvRow(columnsFor(shape)), ...docs.map((d) => csvRow(documentCells(d, shape)))];
      const actor = { staffId, actor: EMAIL, ip: null, userAgent: 'crash test' };
      const job = await createImportJob(db, dataDir, actor, [
        { field: 'file', fileName: 'crash.csv', stream: Readable.from(file) },
      ]);
      await new ImportRunner(db, { dataDir, images: IMAGES }).start(job.id);
      const validated = await requestApply(db, actor, job.id);
      expect(validated).toMatchObject({
        status: 'applying',
        issueCount: 0,
        dryRun: { products: EXISTING + NEW, new: NEW, changed: EXISTING },
      });
      jobId = job.id;
    });

    // An apply never interrupted: the end state every round must reach, and its time.
    const database = await template.copy();
    const server = new ServerProcess(database, await freePort(), WORKERS);
    try {
      await server.start();
      const started = Date.now();
      const cookie = await signIn(server, totpSecret);
      expect(await untilApplied(server, cookie, jobId)).toMatchObject({ status: 'applied' });
      applyMs = Date.now() - started;
      await server.kill();
      const end = await inspect(database, state);
      expect(end.kinds.every((kind) => kind === 'new')).toBe(true);
      expect(end.summaries).toBe(1);
    } finally {
      await server.kill();
      await database.drop();
    }
  }, 600_000);
  afterAll(() => template?.drop());

  for (const seed of crashSeeds()) {
    it(`leaves every product old or new, then finishes from the cursor (seed ${seed})`, async () => {
      const killAtMs = Math.floor(seededRandom(seed)() * applyMs);
      const database = await template.copy();
      await crashRound(
        'crash import',
        seed,
        database,
        async (server) => {
          await server.start();
          await sleep(killAtMs);
          await server.kill();

          const crashed = await inspect(database, state);
          const half = crashed.kinds.filter((kind) => kind.startsWith('half'));
          expect(half, 'products half written').toEqual([]);
          const done = crashed.job.done;
          // The cursor and the products commit together: those before it new, the rest as were.
          expect(crashed.kinds.slice(0, done).every((kind) => kind === 'new')).toBe(true);
          expect(crashed.kinds.slice(done, EXISTING).every((kind) => kind === 'old')).toBe(true);
          expect(
            crashed.kinds.slice(Math.max(done, EXISTING)).every((kind) => kind === 'absent'),
          ).toBe(true);

          const restarted = new ServerProcess(database, await freePort(), WORKERS);
          try {
            await restarted.start();
            const cookie = await signIn(restarted, totpSecret);
            const job = await untilApplied(restarted, cookie, jobId);
            expect(job).toMatchObject({
              status: 'applied',
              done: EXISTING + NEW,
              issueCount: 0,
            });
            await restarted.kill();
          } finally {
            await restarted.kill();
          }
          const end = await inspect(database, state);
          expect(end.kinds.every((kind) => kind === 'new')).toBe(true);
          expect(end.summaries).toBe(1);
          return `killed ${killAtMs} ms into an apply of ${applyMs} ms, at ${crashed.job.status} ${done}/${EXISTING + NEW}`;
        },
        WORKERS,
      );
    });
  }
});
