/**
 * Writes the generated catalog and the demo buyer into the database, in batches, with progress.
 * `seedIfEmpty` runs on start; the CLI (`npm run seed -- --products N`) rebuilds the catalog.
 */
import { sql } from 'drizzle-orm';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import type { Db } from '../db/connect.js';
import {
  categories,
  collectionProducts,
  collections,
  staff,
  storeSettings,
  subcategories,
  users,
} from '../db/schema.js';
import { saveProducts } from '../modules/catalog/product-store.js';
import { staffSecrets } from '../modules/staff/service.js';
import { hashPassword } from '../lib/password.js';
import { DEFAULT_SEED, generateProducts, generateTaxonomy, pickCollections } from './generate.js';
import { seedDocuments } from './seed-documents.js';
import { DEMO_BUYER, DEMO_OWNER } from './demo-accounts.js';
import { createRandom } from './random.js';

const BATCH = 500;

export interface SeedOptions {
  products?: number;
  seed?: number;
  log?: (line: string) => void;
  /** Called with (done, total) after each batch. */
  progress?: (done: number, total: number) => void;
}

export async function seedCatalog(
  db: Db,
  options: SeedOptions = {},
): Promise<{ products: number }> {
  const count = options.products ?? 600;
  const seed = options.seed ?? DEFAULT_SEED;
  const taxonomy = generateTaxonomy(createRandom(seed));

  // One transaction: a failed or interrupted rebuild leaves the previous catalog. Search is
  // indexed once at the end (migration 0005), which is several times faster than batch by batch
  // on a large catalog.
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`TRUNCATE collection_products, product_variants, product_price_tiers, products, collections, subcategories, categories CASCADE`,
    );
    await tx.insert(categories).values(taxonomy.categories);
    await tx.insert(subcategories).values(taxonomy.subcategories);
    await tx.insert(collections).values(taxonomy.collections);

    // The same path as an import's apply (decision 051): each batch as seller's documents through
    // saveProducts, with the generated ids (the catalog is the same on every run) and the planted
    // defects allowed (they keep the spec's error paths reachable).
    for (let from = 0; from < count; from += BATCH) {
      const to = Math.min(from + BATCH, count);
      const { documents, ids } = seedDocuments(
        taxonomy,
        generateProducts(taxonomy, seed, from, to),
      );
      const outcomes = await saveProducts(tx, documents, {
        allowDefects: true,
        ids,
        indexLater: true,
      });
      const refused = outcomes.find((outcome) => outcome.result === 'invalid');
      if (refused) throw new Error(`The seed's product ${refused.code} was refused`);
      options.progress?.(to, count);
    }

    const productAt = (index: number) =>
      generateProducts(taxonomy, seed, index, index + 1).products[0]!;
    const picks = pickCollections(taxonomy, seed, count, (index) => productAt(index).spPaise);
    const rows = picks.map((p) => ({
      collectionId: p.collectionId,
      productId: productAt(p.index).id,
      position: p.position,
    }));
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx.insert(collectionProducts).values(rows.slice(i, i + BATCH));
    }
    await tx.execute(sql`SELECT search_rebuild()`);
  });
  // VACUUM sets the visibility map, so listings count and page through the catalog with
  // index-only scans from the start instead of after the first autovacuum; ANALYZE gives the
  // planner statistics of the search tables too, which PGlite (no autovacuum) would never
  // gather: a filtered search at 100,000 products, 37 → 28 ms.
  await db.execute(
    sql`VACUUM (ANALYZE) collection_products, product_variants, product_price_tiers, products, stock_levels, collections, subcategories, categories, product_search, search_words`,
  );
  options.log?.(`Seeded ${count} products in ${taxonomy.categories.length} categories.`);
  return { products: count };
}

/** The demo buyer of the README: verified, with a complete company profile and a valid GSTIN. */
export async function ensureDemoBuyer(db: Db): Promise<void> {
  const gstinBody = '27AABCM1234F1Z';
  await db
    .insert(users)
    .values({
      id: '65a000000000000000000001',
      email: DEMO_BUYER.email,
      passwordHash: await hashPassword(DEMO_BUYER.password),
      fullName: 'Asha Mehta',
      companyName: 'Mehta Traders Pvt Ltd',
      phoneNumber: '9876543210',
      gstNumber: gstinBody + gstinCheckCharacter(gstinBody),
      businessStreet: '14 Linking Road, Bandra West',
      businessCity: 'Mumbai',
      businessState: 'Maharashtra',
      businessCountry: 'India',
      businessType: 'Retailer',
      pincode: '400050',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing();
}

const BENCH_DOMAIN = 'bench.example.com';
const BENCH_BUYER_EMAILS = `bench%@${BENCH_DOMAIN}`;

/** Verified buyers bench1…benchN@bench.example.com (password Bench@2026) for load scenarios. */
export async function ensureBenchBuyers(db: Db, count: number): Promise<void> {
  if (count < 1) return;
  const passwordHash = await hashPassword('Bench@2026');
  const gstinBody = '29AABCB1234F1Z';
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `65b${String(i + 1).padStart(21, '0')}`,
    email: `bench${i + 1}@${BENCH_DOMAIN}`,
    passwordHash,
    fullName: `Bench Buyer ${i + 1}`,
    companyName: `Bench Traders ${i + 1}`,
    phoneNumber: '9000000000',
    gstNumber: gstinBody + gstinCheckCharacter(gstinBody),
    businessStreet: '1 MG Road',
    businessCity: 'Bengaluru',
    businessState: 'Karnataka',
    businessCountry: 'India',
    businessType: 'Distributor',
    emailVerifiedAt: new Date(),
  }));
  await db.insert(users).values(rows).onConflictDoNothing();
}

/** The demo owner, its password hashed and its TOTP secret sealed as any member's. */
export async function ensureDemoOwner(db: Db, serverSecret: string): Promise<void> {
  await db
    .insert(staff)
    .values({
      id: '65a0000000000000000000f1',
      email: DEMO_OWNER.email,
      fullName: 'Store Owner (demo)',
      role: 'owner',
      passwordHash: await hashPassword(DEMO_OWNER.password),
      totpSecretSealed: staffSecrets(serverSecret).box.seal(DEMO_OWNER.totpSecret),
    })
    .onConflictDoNothing();
}

/**
 * The demo seller's GST registration (issue 21): a wholesaler in Maharashtra, its GSTIN's check
 * character computed, as a store's owner would enter it in the console's Settings.
 */
export const DEMO_STORE = {
  legalName: 'Sahyadri Wholesale Supplies Private Limited',
  tradeName: 'B2B Storefront',
  gstin: `27AAKCS4912M1Z${gstinCheckCharacter('27AAKCS4912M1Z')}`,
  address1: 'Unit 12, Bhiwandi Logistics Park, Mumbai–Nashik Highway',
  address2: 'Vadpe',
  city: 'Bhiwandi',
  stateCode: '27',
  postalCode: '421302',
  phone: '+91 22 4000 1234',
  email: 'accounts@example.com',
  shipsTo: ['India'],
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  eInvoicing: false,
  signatory: 'Priya Kulkarni',
};

/**
 * The demo's HSN rate table: the rates in force since 22 September 2025 for the demo catalog's
 * goods (shared/reference/india-gst-and-payments.md §3.2a); what it does not list is 18 %. An
 * example for the seller to check against their own goods, not tax advice.
 */
export const DEMO_RATES: { hsnPrefix: string; rateBp: number; description: string }[] = [
  { hsnPrefix: '3305', rateBp: 500, description: 'Shampoo, hair oil' },
  { hsnPrefix: '3306', rateBp: 500, description: 'Toothpaste, dental floss' },
  { hsnPrefix: '3401', rateBp: 500, description: 'Soap' },
  { hsnPrefix: '3924', rateBp: 500, description: 'Tableware and kitchenware of plastics' },
  { hsnPrefix: '4820', rateBp: 0, description: 'Exercise books and notebooks' },
  { hsnPrefix: '61', rateBp: 500, description: 'Knitted apparel (up to ₹2,500 a piece)' },
  { hsnPrefix: '62', rateBp: 500, description: 'Apparel, not knitted (up to ₹2,500 a piece)' },
  { hsnPrefix: '63', rateBp: 500, description: 'Home textiles, bags of textile' },
  { hsnPrefix: '64', rateBp: 500, description: 'Footwear (up to ₹2,500 a pair)' },
  { hsnPrefix: '7323', rateBp: 500, description: 'Kitchenware of iron or steel' },
  { hsnPrefix: '8714', rateBp: 500, description: 'Bicycle parts' },
  { hsnPrefix: '9503', rateBp: 500, description: 'Toys' },
  { hsnPrefix: '9603', rateBp: 500, description: 'Toothbrushes, brushes' },
  { hsnPrefix: '9619', rateBp: 500, description: 'Diapers' },
  { hsnPrefix: '3304', rateBp: 1800, description: 'Make-up and skin care' },
  { hsnPrefix: '4202', rateBp: 1800, description: 'Bags, cases, wallets' },
  { hsnPrefix: '85', rateBp: 1800, description: 'Electrical machinery and electronics' },
];

/**
 * Fills the demo seller's registration and rate table where the store has none yet: settings
 * without a GSTIN, an empty rate table. What an owner entered is never overwritten.
 */
export async function ensureDemoStore(db: Db): Promise<void> {
  await db
    .update(storeSettings)
    .set(DEMO_STORE)
    .where(sql`${storeSettings.id} = 1 AND ${storeSettings.gstin} = ''`);
  await db.execute(
    sql`INSERT INTO hsn_gst_rates (hsn_prefix, rate_bp, description)
        SELECT x.prefix, x.rate, x.description
          FROM jsonb_to_recordset(${JSON.stringify(
            DEMO_RATES.map((r) => ({
              prefix: r.hsnPrefix,
              rate: r.rateBp,
              description: r.description,
            })),
          )}::jsonb) AS x(prefix text, rate integer, description text)
         WHERE NOT EXISTS (SELECT 1 FROM hsn_gst_rates)`,
  );
}

/**
 * Whether the database holds an account whose password this repository publishes (the demo
 * buyer, the bench buyers): a production server refuses to start on it (config.ts).
 */
export async function demoAccountsPresent(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT EXISTS (SELECT 1 FROM ${users} WHERE ${users.email} = ${DEMO_BUYER.email} OR ${users.email} LIKE ${BENCH_BUYER_EMAILS})
            OR EXISTS (SELECT 1 FROM ${staff} WHERE lower(${staff.email}) = ${DEMO_OWNER.email}) AS present`,
  );
  return (result.rows[0] as { present: boolean } | undefined)?.present === true;
}

export async function seedIfEmpty(
  db: Db,
  options: SeedOptions & { serverSecret: string },
): Promise<void> {
  const result = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM categories) AS seeded`);
  const seeded = (result.rows[0] as { seeded: boolean } | undefined)?.seeded;
  if (seeded) return;
  options.log?.(
    "Empty database: seeding the demo catalog, the demo buyer, the demo owner and the demo seller's GST registration...",
  );
  // The accounts first: the catalog's commit is what marks the database seeded, so a start
  // killed after it must not leave a store without the accounts the README names.
  await ensureDemoBuyer(db);
  await ensureDemoOwner(db, options.serverSecret);
  await ensureDemoStore(db);
  await seedCatalog(db, options);
}
