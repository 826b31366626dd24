/**
 * The store's GST settings and HSN rate table (issue 21): who may read and change them, the
 * audit log, validation, the public GET /api/store, and a product's effective rate.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@storefront/shared/catalog';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import type {
  StorePublic,
  StoreSettingsInput,
  StoreSettingsView,
} from '@storefront/shared/store-settings';
import type { TaxRate, TaxRateList } from '@storefront/shared/tax-rates';
import { DEMO_RATES, DEMO_STORE } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { insertProducts } from '../../test/catalog-fixtures.js';
import { createStaff, signIn } from '../../test/staff.js';
import { TaxSetupCache } from './tax-setup.js';

let t: TestApp;
let owner: { cookie: string };
let finance: { cookie: string };
let catalog: { cookie: string };
let fulfilment: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp({ products: 10 });
  owner = await signIn(t, await createStaff(t, 'owner'));
  finance = await signIn(t, await createStaff(t, 'finance'));
  catalog = await signIn(t, await createStaff(t, 'catalog'));
  fulfilment = await signIn(t, await createStaff(t, 'fulfilment'));
});
afterAll(() => t.close());

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  who?: { cookie: string },
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function auditOf(action: string, targetId: string) {
  const result = await t.database.db.execute(
    sql`SELECT actor, before, after FROM staff_audit_log
         WHERE action = ${action} AND target_id = ${targetId} ORDER BY id`,
  );
  return result.rows as { actor: string; before: unknown; after: unknown }[];
}

const settings = (change: Partial<StoreSettingsInput> = {}): StoreSettingsInput => ({
  ...DEMO_STORE,
  ...change,
});

describe('the store settings', () => {
  it('the owner and finance read them; fulfilment and catalog get 403, a buyer 403, nobody 401', async () => {
    for (const who of [owner, finance]) {
      const read = await call('GET', '/api/staff/settings', who);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<StoreSettingsView>()).toMatchObject({
        settings: DEMO_STORE,
        gaps: [],
        takingOrders: true,
      });
    }
    for (const who of [fulfilment, catalog]) {
      const refused = await call('GET', '/api/staff/settings', who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('role_forbidden');
    }
    const buyer = await createBuyer(t);
    const asBuyer = await t.app.inject({ url: '/api/staff/settings', headers: buyer.headers });
    expect(asBuyer.statusCode).toBe(403);
    expect((await call('GET', '/api/staff/settings')).statusCode).toBe(401);
  });

  it('only the owner saves them: finance is refused and nothing changes', async () => {
    const refused = await call('PUT', '/api/staff/settings', finance, settings({ tradeName: 'X' }));
    expect(refused.statusCode).toBe(403);
    const read = await call('GET', '/api/staff/settings', owner);
    expect(read.json<StoreSettingsView>().settings.tradeName).toBe(DEMO_STORE.tradeName);
  });

  it('the owner saves them, with what changed in the audit log and who saved them last', async () => {
    const saved = await call(
      'PUT',
      '/api/staff/settings',
      owner,
      settings({ tradeName: 'Sahyadri B2B', shipsTo: ['in', 'Nepal'], invoicePrefix: 'sf' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json<StoreSettingsView>();
    expect(view.settings).toMatchObject({
      tradeName: 'Sahyadri B2B',
      shipsTo: ['India', 'Nepal'],
      invoicePrefix: 'SF',
    });
    expect(view.updatedBy).toMatch(/^owner-.*@staff\.example\.com$/);
    const [entry] = await auditOf('settings.update', 'store');
    expect(entry).toMatchObject({
      actor: view.updatedBy,
      before: { tradeName: DEMO_STORE.tradeName, shipsTo: ['India'], invoicePrefix: 'INV' },
      after: { tradeName: 'Sahyadri B2B', shipsTo: ['India', 'Nepal'], invoicePrefix: 'SF' },
    });
    // Only the fields that changed are in the entry.
    expect(Object.keys(entry!.after as object).sort()).toEqual([
      'invoicePrefix',
      'shipsTo',
      'tradeName',
    ]);
    expect((await call('PUT', '/api/staff/settings', owner, settings())).statusCode).toBe(200);
  });

  it.each([
    [
      { gstin: DEMO_STORE.gstin.slice(0, 14) + 'A' },
      'gstin',
      'GST number check digit does not match',
    ],
    [
      { stateCode: '29' },
      'stateCode',
      "The registered address's state must be the GSTIN's state (Maharashtra)",
    ],
    [{ shipsTo: [] }, 'shipsTo', 'Choose at least one country the store ships to'],
    [
      { creditNotePrefix: 'INV' },
      'creditNotePrefix',
      'Credit notes need a prefix of their own, not the invoices’ one',
    ],
    [{ postalCode: '42130' }, 'postalCode', 'A PIN code is 6 digits'],
  ] as [Partial<StoreSettingsInput>, string, string][])(
    'refuses %j with 400 and the field message, changing nothing',
    async (change, field, message) => {
      const refused = await call('PUT', '/api/staff/settings', owner, settings(change));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ [field]: message });
      const read = await call('GET', '/api/staff/settings', owner);
      expect(read.json<StoreSettingsView>().settings).toEqual(DEMO_STORE);
    },
  );

  it('refuses an unknown field (strict) and a missing one', async () => {
    expect(
      (await call('PUT', '/api/staff/settings', owner, { ...settings(), pan: 'AAKCS4912M' }))
        .statusCode,
    ).toBe(400);
    const { signatory: _signatory, ...missing } = settings();
    expect((await call('PUT', '/api/staff/settings', owner, missing)).statusCode).toBe(400);
  });

  it('saves a registration with gaps, and says what it lacks', async () => {
    const saved = await call(
      'PUT',
      '/api/staff/settings',
      owner,
      settings({ gstin: '', legalName: '' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StoreSettingsView>()).toMatchObject({
      gaps: ['legal name', 'a valid GSTIN', "the registered address's state, matching the GSTIN"],
      // Outside production the store still takes orders.
      takingOrders: true,
    });
    expect((await call('PUT', '/api/staff/settings', owner, settings())).statusCode).toBe(200);
  });
});

describe('GET /api/store', () => {
  it('tells anyone who sells and where the store ships, cacheable with an ETag', async () => {
    const response = await call('GET', '/api/store');
    expect(response.statusCode).toBe(200);
    expect(response.json<StorePublic>()).toEqual({
      legalName: DEMO_STORE.legalName,
      tradeName: DEMO_STORE.tradeName,
      gstin: DEMO_STORE.gstin,
      stateCode: '27',
      stateName: 'Maharashtra',
      shipsTo: ['India'],
    });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const again = await t.app.inject({
      url: '/api/store',
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('shows a change at once, and never the settings an owner alone sees', async () => {
    const chandigarh = gstin('04AAKCS4912M1Z');
    const saved = await call(
      'PUT',
      '/api/staff/settings',
      owner,
      settings({ gstin: chandigarh, stateCode: '04', city: 'Chandigarh', postalCode: '160002' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const store = (await call('GET', '/api/store')).json<StorePublic>();
    expect(store).toMatchObject({ gstin: chandigarh, stateCode: '04', stateName: 'Chandigarh' });
    expect(Object.keys(store)).not.toContain('signatory');
    expect((await call('PUT', '/api/staff/settings', owner, settings())).statusCode).toBe(200);
    expect((await call('GET', '/api/store')).json<StorePublic>().stateCode).toBe('27');
  });

  it('answers the registration as a process saw it when another wrote it (the notification)', async () => {
    await t.database.db.execute(sql`UPDATE store_settings SET trade_name = 'Written by SQL'`);
    await expect
      .poll(async () => (await call('GET', '/api/store')).json<StorePublic>().tradeName, {
        timeout: 3000,
        interval: 20,
      })
      .toBe('Written by SQL');
    await t.database.db.execute(
      sql`UPDATE store_settings SET trade_name = ${DEMO_STORE.tradeName}`,
    );
  });
});

describe('the HSN rate table', () => {
  it('holds the demo rates by prefix; catalog and finance read it, fulfilment does not', async () => {
    for (const who of [owner, catalog, finance]) {
      const read = await call('GET', '/api/staff/tax-rates', who);
      expect(read.statusCode).toBe(200);
      const list = read.json<TaxRateList>();
      expect(list.defaultRateBp).toBe(1800);
      expect(list.rates.map((r) => r.hsnPrefix)).toEqual(DEMO_RATES.map((r) => r.hsnPrefix).sort());
    }
    expect((await call('GET', '/api/staff/tax-rates', fulfilment)).statusCode).toBe(403);
    expect((await call('GET', '/api/staff/tax-rates')).statusCode).toBe(401);
  });

  it('catalog staff add, change and remove a prefix, each audited; finance may not', async () => {
    const added = await call('PUT', '/api/staff/tax-rates/2202', catalog, {
      rateBp: 4000,
      description: 'Aerated drinks',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<TaxRate>()).toMatchObject({ hsnPrefix: '2202', rateBp: 4000 });
    const changed = await call('PUT', '/api/staff/tax-rates/2202', catalog, { rateBp: 1800 });
    expect(changed.json<TaxRate>()).toMatchObject({ rateBp: 1800, description: '' });
    expect(
      (await call('PUT', '/api/staff/tax-rates/2202', finance, { rateBp: 500 })).statusCode,
    ).toBe(403);
    const removed = await call('DELETE', '/api/staff/tax-rates/2202', catalog);
    expect(removed.statusCode).toBe(204);
    expect((await call('DELETE', '/api/staff/tax-rates/2202', catalog)).json()).toMatchObject({
      code: 'tax_rate_not_found',
    });
    expect((await auditOf('tax_rate.create', '2202'))[0]).toMatchObject({
      before: null,
      after: { rateBp: 4000, description: 'Aerated drinks' },
    });
    expect((await auditOf('tax_rate.update', '2202'))[0]).toMatchObject({
      before: { rateBp: 4000, description: 'Aerated drinks' },
      after: { rateBp: 1800, description: '' },
    });
    expect((await auditOf('tax_rate.delete', '2202'))[0]).toMatchObject({
      before: { rateBp: 1800 },
    });
  });

  it.each([
    ['/api/staff/tax-rates/2', { rateBp: 500 }, 'An HSN prefix is 2 to 8 digits'],
    ['/api/staff/tax-rates/123456789', { rateBp: 500 }, 'An HSN prefix is 2 to 8 digits'],
    ['/api/staff/tax-rates/34x1', { rateBp: 500 }, 'An HSN prefix is 2 to 8 digits'],
    [
      '/api/staff/tax-rates/3401',
      { rateBp: 1200 },
      'Choose one of the GST rates: 0%, 0.1%, 0.25%, 0.5%, 3%, 5%, 18%, 40%',
    ],
    [
      '/api/staff/tax-rates/3401',
      { rateBp: 18 },
      'Choose one of the GST rates: 0%, 0.1%, 0.25%, 0.5%, 3%, 5%, 18%, 40%',
    ],
  ])('PUT %s %j is refused with 400 (%s), changing nothing', async (url, body, message) => {
    const refused = await call('PUT', url, catalog, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(message);
    const soap = (await call('GET', '/api/staff/tax-rates', catalog))
      .json<TaxRateList>()
      .rates.find((r) => r.hsnPrefix === '3401');
    expect(soap?.rateBp).toBe(500);
  });
});

describe("a product's effective GST rate", () => {
  let ids: string[];
  beforeAll(async () => {
    ids = await insertProducts(t, [
      { name: 'Neem Soap', code: 'GST-SOAP', spPaise: 149_900, hsn: '34011190' },
      { name: 'LED Panel', code: 'GST-LED', spPaise: 72_500, hsn: '9405' },
      { name: 'Cola 24 Pack', code: 'GST-COLA', spPaise: 4_000, hsn: '2202', gstRateBp: 4000 },
      { name: 'Cotton T-shirt', code: 'GST-TEE', spPaise: 399_00, hsn: '61091000' },
    ]);
  });

  const rateOf = async (id: string) =>
    (await call('GET', `/api/products/product/${id}`)).json<{ payload: ProductDetail }>().payload
      .gstRate;

  it("is the product's own, else the rate table's longest prefix, else 18 %", async () => {
    const [soap, led, cola, tee] = ids as [string, string, string, string];
    expect(await rateOf(soap)).toBe(5); // 3401 in the table
    expect(await rateOf(led)).toBe(18); // 9405 in no prefix
    expect(await rateOf(cola)).toBe(40); // its own
    expect(await rateOf(tee)).toBe(5); // chapter 61
    // A longer prefix wins over the chapter's.
    await call('PUT', '/api/staff/tax-rates/6109', catalog, { rateBp: 1800 });
    await expect.poll(() => rateOf(tee), { timeout: 3000, interval: 20 }).toBe(18);
    await call('DELETE', '/api/staff/tax-rates/6109', catalog);
    await expect.poll(() => rateOf(tee), { timeout: 3000, interval: 20 }).toBe(5);
  });

  it('the product detail answers also through POST /api/products/multiple-products', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/multiple-products',
      payload: { product_ids: ids.slice(0, 3) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ payload: ProductDetail[] }>().payload.map((p) => p.gstRate)).toEqual([
      5, 18, 40,
    ]);
  });
});

describe('the kept tax setup inside a transaction (an invoice at payment)', () => {
  it('reads through the transaction while nothing is kept, and keeps what it read', async () => {
    const cache = new TaxSetupCache(t.database.db);
    const read = await t.database.db.transaction((tx) => cache.inTransaction(tx));
    expect(read.settings.tradeName).toBe(DEMO_STORE.tradeName);
    expect(await cache.current()).toBe(read);
  });

  it('does not wait for a read under way on another connection (on PGlite it waits for the transaction)', async () => {
    const cache = new TaxSetupCache(t.database.db);
    let elsewhere: Promise<unknown> | undefined;
    const read = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      elsewhere = cache.current();
      return cache.inTransaction(tx);
    });
    expect(read.settings.tradeName).toBe(DEMO_STORE.tradeName);
    await elsewhere;
  });

  it('reads again once forgotten', async () => {
    const cache = new TaxSetupCache(t.database.db);
    await cache.current();
    await t.database.db.execute(sql`UPDATE store_settings SET trade_name = 'Renamed'`);
    try {
      expect(
        (await t.database.db.transaction((tx) => cache.inTransaction(tx))).settings.tradeName,
      ).toBe(DEMO_STORE.tradeName);
      cache.forget();
      expect(
        (await t.database.db.transaction((tx) => cache.inTransaction(tx))).settings.tradeName,
      ).toBe('Renamed');
    } finally {
      await t.database.db.execute(
        sql`UPDATE store_settings SET trade_name = ${DEMO_STORE.tradeName}`,
      );
    }
  });
});

describe('a store without settings', () => {
  it('has the migration’s defaults: India only, INV and CN, and every gap', async () => {
    const empty = await buildTestApp({ storeSettings: false });
    try {
      const member = await signIn(empty, await createStaff(empty, 'owner'));
      const read = await empty.app.inject({
        url: '/api/staff/settings',
        headers: { cookie: member.cookie },
      });
      expect(read.json<StoreSettingsView>()).toMatchObject({
        settings: { shipsTo: ['India'], invoicePrefix: 'INV', creditNotePrefix: 'CN', gstin: '' },
        gaps: [
          'legal name',
          'a valid GSTIN',
          'registered address',
          "the registered address's state, matching the GSTIN",
        ],
        takingOrders: true,
        updatedBy: null,
      });
      const rates = await empty.app.inject({
        url: '/api/staff/tax-rates',
        headers: { cookie: member.cookie },
      });
      expect(rates.json<TaxRateList>().rates).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
