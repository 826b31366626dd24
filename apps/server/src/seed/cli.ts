/**
 * `npm run seed -- [--products N] [--seed S] [--bench-buyers N]`: rebuilds the catalog (carts referring to old
 * products are emptied) and makes sure the demo buyer exists. Uses DATABASE_URL or PGlite.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { ensureBenchBuyers, ensureDemoBuyer, ensureDemoOwner, seedCatalog } from './seed.js';
import { DEFAULT_SEED } from './generate.js';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '600' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    'bench-buyers': { type: 'string', default: '0' },
  },
});
const count = Number(values.products);
const seed = Number(values.seed);
const benchBuyers = Number(values['bench-buyers']);
if (
  !Number.isInteger(count) ||
  count < 1 ||
  !Number.isInteger(seed) ||
  !Number.isInteger(benchBuyers) ||
  benchBuyers < 0
) {
  console.error('usage: npm run seed -- [--products N] [--seed S] [--bench-buyers N]');
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
await ensureBenchBuyers(database.db, benchBuyers);
console.error(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s on ${database.kind}.`);
await database.close();
