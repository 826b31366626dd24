import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectPglite } from './connect.js';

describe('the embedded database', () => {
  it("keeps PostgreSQL's shared buffers at 16 MB, not the default 128 MB, in the server's memory", async () => {
    const database = await connectPglite(undefined);
    try {
      const { rows } = await database.db.execute(sql`SHOW shared_buffers`);
      expect(rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await database.close();
    }
  });
});
