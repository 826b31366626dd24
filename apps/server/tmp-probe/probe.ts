import { sql } from 'drizzle-orm';
import { connectPglite } from '../src/db/connect.js';
import { productsBySku } from '../src/modules/catalog/sku-lookup.js';
const database = await connectPglite('/tmp/qo-bench-pglite/pgdata');
const { db } = database;
const codes = ((await db.execute(sql`SELECT code FROM products ORDER BY random() LIMIT 2000`)).rows as { code: string }[]).map((r) => r.code);
for (let i = 0; i < 9; i++) {
  const skus = codes.slice(i * 200, i * 200 + 200);
  const t = performance.now();
  const found = await productsBySku(db, skus);
  console.log(`run ${i}: ${found.size} found in ${(performance.now() - t).toFixed(0)} ms`);
}
const plan = await db.execute(sql`EXPLAIN SELECT 1 FROM unnest(ARRAY[${sql.join(codes.slice(0, 200).map((c) => sql`${c}`), sql`, `)}]::text[]) k(key) JOIN products p ON lower(p.code) = k.key`);
console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
await database.close();
