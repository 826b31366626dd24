import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';

/** Image keys are 'products/<product code>-<n>'. */
const KEY = /^products\/(.+)-(\d+)$/;

/** The product that lists this image key, with what its art needs; null when none does. */
export async function findProductImage(
  db: Db,
  key: string,
): Promise<{ name: string; paletteIndex: number } | null> {
  const match = KEY.exec(key);
  if (!match) return null;
  const result = await db.execute(
    sql`SELECT p.name, c.position FROM products p JOIN categories c ON c.id = p.category_id
         WHERE p.code = ${match[1]} AND p.images @> ${JSON.stringify([key])}::jsonb`,
  );
  const row = result.rows[0] as { name: string; position: number } | undefined;
  return row ? { name: row.name, paletteIndex: row.position } : null;
}
