/**
 * Migration 0024 (decision 067) carries the live links of email_verification_tokens and
 * password_reset_tokens into account_tokens, with their purpose, hash, times and the address
 * they were mailed to, and drops the old tables.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { connectPglite, migrationsFolder } from './connect.js';

describe('migration 0024_account_tokens', () => {
  it('moves every verification and reset link over, and drops the old tables', async () => {
    // The migrations as they stood before 0024.
    const before = mkdtempSync(join(tmpdir(), 'migrations-'));
    cpSync(migrationsFolder, before, { recursive: true });
    const journalFile = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0024');
    writeFileSync(journalFile, JSON.stringify(journal));

    const database = await connectPglite(undefined);
    try {
      const db = database.db;
      await migrate(db as never, { migrationsFolder: before });
      await db.execute(sql`
        INSERT INTO users (id, email, password_hash, full_name, company_name, phone_number,
          gst_number, business_street, business_city, business_state, business_country,
          business_type)
        VALUES ('65b000000000000000000001', 'Asha@Example.com', 'x', 'Asha', 'Mehta', '9876543210',
          '27AAPFU0939F1ZV', 'street', 'Mumbai', 'Maharashtra', 'India', 'Retailer')`);
      await db.execute(sql`
        INSERT INTO email_verification_tokens (user_id, token_hash, created_at, expires_at, used_at)
        VALUES ('65b000000000000000000001', 'verify-used', '2026-11-01T10:00:00Z',
                '2026-11-02T10:00:00Z', '2026-11-01T11:00:00Z')`);
      await db.execute(sql`
        INSERT INTO password_reset_tokens (user_id, token_hash, created_at, expires_at)
        VALUES ('65b000000000000000000001', 'reset-open', '2026-11-27T10:00:00Z',
                '2026-11-27T10:30:00Z')`);

      await migrate(db as never, { migrationsFolder });

      const { rows } = await db.execute(sql`
        SELECT user_id, purpose, token_hash, email, created_at::text, expires_at::text,
               used_at::text
        FROM account_tokens ORDER BY id`);
      expect(rows).toEqual([
        {
          user_id: '65b000000000000000000001',
          purpose: 'verify_email',
          token_hash: 'verify-used',
          email: 'Asha@Example.com',
          created_at: '2026-11-01 10:00:00+00',
          expires_at: '2026-11-02 10:00:00+00',
          used_at: '2026-11-01 11:00:00+00',
        },
        {
          user_id: '65b000000000000000000001',
          purpose: 'reset_password',
          token_hash: 'reset-open',
          email: 'Asha@Example.com',
          created_at: '2026-11-27 10:00:00+00',
          expires_at: '2026-11-27 10:30:00+00',
          used_at: null,
        },
      ]);
      const { rows: old } = await db.execute(sql`
        SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_name IN ('email_verification_tokens', 'password_reset_tokens')`);
      expect(old).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
