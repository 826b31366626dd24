import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connect.js';
import { createTestDatabase } from '../test/app.js';
import { demoAccountsPresent, ensureBenchBuyers, ensureDemoBuyer } from './seed.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await createTestDatabase()));
afterAll(() => drop());

describe('demoAccountsPresent (a production start refuses them)', () => {
  it('finds none in a new database, then the bench buyers, then the demo buyer', async () => {
    expect(await demoAccountsPresent(database.db)).toBe(false);
    await ensureBenchBuyers(database.db, 1);
    expect(await demoAccountsPresent(database.db)).toBe(true);
    await database.db.execute(`DELETE FROM users`);
    expect(await demoAccountsPresent(database.db)).toBe(false);
    await ensureDemoBuyer(database.db);
    expect(await demoAccountsPresent(database.db)).toBe(true);
  });
});
