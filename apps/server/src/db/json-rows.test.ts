import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.js';
import type { Db } from './connect.js';
import { insertJsonRows, textArray } from './json-rows.js';

const probe = pgTable('json_rows_probe', {
  id: text('id').primaryKey(),
  count: integer('count'),
  paise: bigint('paise', { mode: 'number' }),
  tags: jsonb('tags').$type<string[]>(),
  note: text('note').notNull().default('none'),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
});

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.database.db;
  await db.execute(
    sql`CREATE TABLE json_rows_probe (id text PRIMARY KEY, count integer, paise bigint,
          tags jsonb, note text NOT NULL DEFAULT 'none', created_at timestamptz DEFAULT now())`,
  );
});
afterAll(() => database.drop());

const rows = async () =>
  (
    await db.execute(
      sql`SELECT id, count, paise::text AS paise, tags, note, created_at IS NOT NULL AS dated
            FROM json_rows_probe ORDER BY id`,
    )
  ).rows;

describe('rows written as one JSON parameter', () => {
  it('writes each value as its column’s type, undefined as NULL, and a column left out its default', async () => {
    await db.execute(
      insertJsonRows(probe, [
        { id: 'a', count: 7, paise: 9_007_199_254_740_991, tags: ['x', 'y "z"'] },
        { id: 'b', count: null, paise: undefined, tags: [] },
      ]),
    );
    expect(await rows()).toEqual([
      {
        id: 'a',
        count: 7,
        paise: '9007199254740991',
        tags: ['x', 'y "z"'],
        note: 'none',
        dated: true,
      },
      { id: 'b', count: null, paise: null, tags: [], note: 'none', dated: true },
    ]);
    await db.execute(sql`DELETE FROM json_rows_probe`);
  });

  it('stores a lone surrogate as U+FFFD, as a parameter’s text does, and keeps a backslash that only looks like its escape', async () => {
    const lone = 'half \ud800 pair';
    const lookalike = 'C:\\ud800\\dir';
    await db.execute(
      insertJsonRows(probe, [
        { id: 'json-lone', note: lone },
        { id: 'json-lookalike', note: lookalike },
      ]),
    );
    await db.insert(probe).values({ id: 'param-lone', note: lone });
    const notes = (await rows()).map((row) => [row.id, row.note]);
    expect(notes).toEqual([
      ['json-lone', 'half \ufffd pair'],
      ['json-lookalike', lookalike],
      ['param-lone', 'half \ufffd pair'],
    ]);
    await db.execute(sql`DELETE FROM json_rows_probe`);
  });

  it('passes any texts as one text[] parameter', async () => {
    const texts = ['plain', 'a "quoted" one', 'back\\slash', 'comma, and {braces}', 'NULL', ''];
    const { rows: answer } = await db.execute(sql`SELECT ${textArray(texts)} AS texts`);
    expect(answer).toEqual([{ texts }]);
  });
});
