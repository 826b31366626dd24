/**
 * `npm run seed -- [--products N] [--seed S] [--bench-buyers N] [--orders N]`: rebuilds the catalog
 * (carts referring to old products are emptied), makes sure the demo buyer and owner exist, fills
 * the demo seller's GST registration and rate table where the store has none (seed.ts), and
 * adds N orders of history (seed/orders.ts). Uses DATABASE_URL or PGlite.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import {
  ensureBenchBuyers,
  ensureDemoBuyer,
  ensureDemoOwner,
  ensureDemoStore,
  seedCatalog,
} from './seed.js';
import { DEFAULT_SEED } from './generate.js';
import { seedOrders } from './orders.js';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '600' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    'bench-buyers': { type: 'string', default: '0' },
    orders: { type: 'string', default: '0' },
  },
});
const count = Number(values.products);
const seed = Number(values.seed);
const benchBuyers = Number(values['bench-buyers']);
const orderCount = Number(values.orders);
if (
  !Number.isInteger(count) ||
  count < 1 ||
  !Number.isInteger(seed) ||
  !Number.isInteger(benchBuyers) ||
  benchBuyers < 0 ||
  !Number.isInteger(orderCount) ||
  orderCount < 0
) {
  console.error('usage: npm run seed -- [--products N] [--seed S] [--bench-buyers N] [--orders N]');
  process.exit(2);
}

const config = loadConfig();
const database = await connectDatabase(config);
await database.migrate();
const started = Date.now();
const bar = (done: number, total: number) => {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor((done / total) * 100)).padStart(3)}% ${done}/${total} products, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
};
await seedCatalog(database.db, {
  products: count,
  seed,
  progress: bar,
  log: (line) => process.stderr.write(`\n${line}\n`),
});
await ensureDemoBuyer(database.db);
await ensureDemoOwner(database.db, config.jwtSecret);
await ensureDemoStore(database.db);
await ensureBenchBuyers(database.db, benchBuyers);
if (orderCount > 0)
  await seedOrders(database.db, {
    count: orderCount,
    seed,
    log: (line) => process.stderr.write(`\r${line}`),
  });
console.error(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s on ${database.kind}.`);
await database.close();
