import { sql } from 'drizzle-orm';
import { connectPglite } from '../src/db/connect.js';
import { pricingColumns } from '../src/modules/catalog/service.js';
const database = await connectPglite('/tmp/qo-bench-pglite/pgdata');
const { db } = database;
const keys = ((await db.execute(sql`SELECT lower(code) AS code FROM products ORDER BY random() LIMIT 200`)).rows as { code: string }[]).map((r) => r.code);
const q = sql`EXPLAIN (ANALYZE, BUFFERS) WITH k(key) AS (SELECT unnest(ARRAY[${sql.join(keys.map((key) => sql`${key}`), sql`, `)}]::text[])),
        m AS (
          SELECT k.key, 'code' AS kind, c.id AS product_id, NULL::smallint AS position, c.code AS stored
            FROM k CROSS JOIN LATERAL (SELECT p.id, p.code FROM products p
                                        WHERE lower(p.code) = k.key LIMIT 20) c
          UNION ALL
          SELECT k.key, 'variant', v.product_id, v.position, v.sku
            FROM k CROSS JOIN LATERAL (SELECT v.product_id, v.position, v.sku FROM product_variants v
                                        WHERE lower(v.sku) = k.key LIMIT 20) v
          UNION ALL
          SELECT k.key, 'seller', s.id, NULL, s.seller_sku
            FROM k CROSS JOIN LATERAL (SELECT p.id, p.seller_sku FROM products p
                                        WHERE lower(p.seller_sku) = k.key AND p.seller_sku IS NOT NULL LIMIT 20) s)
        SELECT m.key, m.kind, m.position, m.stored, found.*
          FROM m CROSS JOIN LATERAL (SELECT ${pricingColumns} FROM products p WHERE p.id = m.product_id LIMIT 1) found`;
const plan = await db.execute(q);
console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
await database.close();
