/**
 * The address book (issue 22, decision 066): saved shipping addresses and billing entities,
 * one default of each, the checkout's rules and messages, the limits, one billing entity per
 * state, another buyer's entries unknown (404), and entries saved with an order that the order
 * does not depend on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressBook } from '@storefront/shared/address-book';
import { MAX_SHIPPING_ADDRESSES } from '@storefront/shared/constants';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { insertProducts } from '../../test/catalog-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 2, config: { rateLimitScale: 10 } });
});
afterAll(() => t.close());

const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const KARNATAKA_GSTIN = gstin('29AABCM1234F1Z');
const MAHARASHTRA_GSTIN = gstin('27AABCM1234F1Z');
const TAMIL_NADU_GSTIN = gstin('33AABCM1234F1Z');

const ADDRESS = {
  label: 'Pune warehouse',
  recipientName: 'Asha Mehta',
  address1: '12 Market Yard',
  city: 'Pune',
  state: 'maharashtra',
  postalCode: '411037',
  country: 'in',
  phone: '9876543210',
};
const ENTITY = {
  gstin: KARNATAKA_GSTIN,
  legalName: 'Mehta Traders Karnataka',
  address1: '4 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560025',
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: TestBuyer | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, payload });
const book = async (who: TestBuyer): Promise<AddressBook> => {
  const response = await call(who, 'GET', '/api/user/address-book');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload;
};
async function addAddress(who: TestBuyer, body: object = ADDRESS): Promise<AddressBook> {
  const response = await call(who, 'POST', '/api/user/addresses', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payload;
}
async function addEntity(who: TestBuyer, body: object = ENTITY): Promise<AddressBook> {
  const response = await call(who, 'POST', '/api/user/billing-entities', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payload;
}
const defaults = (entries: { id: string; isDefault: boolean }[]) =>
  entries.filter((entry) => entry.isDefault).map((entry) => entry.id);

describe('shipping addresses', () => {
  it('saves an address with its state by canonical name and code; the first is the default', async () => {
    const buyer = await createBuyer(t);
    expect(await book(buyer)).toEqual({ addresses: [], billingEntities: [] });
    const saved = await addAddress(buyer);
    expect(saved.addresses).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        label: 'Pune warehouse',
        recipientName: 'Asha Mehta',
        address1: '12 Market Yard',
        address2: '',
        address3: '',
        city: 'Pune',
        state: 'Maharashtra',
        stateCode: '27',
        postalCode: '411037',
        country: 'in',
        phone: '9876543210',
        isDefault: true,
      },
    ]);
    // A second one is not the default unless asked; asked, it is the only default.
    const second = await addAddress(buyer, { ...ADDRESS, label: 'Depot', city: 'Nashik' });
    expect(defaults(second.addresses)).toEqual([saved.addresses[0]!.id]);
    const third = await addAddress(buyer, { ...ADDRESS, label: 'HQ', isDefault: true });
    const hq = third.addresses.find((a) => a.label === 'HQ')!;
    expect(defaults(third.addresses)).toEqual([hq.id]);
    // The default comes first.
    expect(third.addresses[0]!.id).toBe(hq.id);
  });

  it('keeps a state abroad as given', async () => {
    const buyer = await createBuyer(t);
    const saved = await addAddress(buyer, { ...ADDRESS, state: 'Bavaria', country: 'de' });
    expect(saved.addresses[0]).toMatchObject({ state: 'Bavaria', stateCode: null, country: 'de' });
  });

  it("refuses the checkout's missing fields with its messages, and changes nothing", async () => {
    const buyer = await createBuyer(t);
    const response = await call(buyer, 'POST', '/api/user/addresses', {
      ...ADDRESS,
      recipientName: ' ',
      city: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      recipientName: 'Recipient name is required',
      city: 'City is required',
    });
    expect((await book(buyer)).addresses).toEqual([]);
  });

  it('refuses an Indian state that is not on the list, and an unknown field', async () => {
    const buyer = await createBuyer(t);
    const state = await call(buyer, 'POST', '/api/user/addresses', {
      ...ADDRESS,
      state: 'Bombay',
    });
    expect(state.statusCode).toBe(400);
    expect(state.json().fields).toEqual({
      state: 'Choose a state or union territory from the list',
    });
    const extra = await call(buyer, 'POST', '/api/user/addresses', { ...ADDRESS, userId: 'x' });
    expect(extra.statusCode).toBe(400);
    expect((await book(buyer)).addresses).toEqual([]);
  });

  it(`keeps at most ${MAX_SHIPPING_ADDRESSES} addresses`, async () => {
    const buyer = await createBuyer(t);
    for (let i = 0; i < MAX_SHIPPING_ADDRESSES; i++)
      await addAddress(buyer, { ...ADDRESS, label: `Shop ${i}` });
    const over = await call(buyer, 'POST', '/api/user/addresses', ADDRESS);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'address_book_full',
      detail: `You can keep at most ${MAX_SHIPPING_ADDRESSES} shipping addresses. Delete one you no longer use first.`,
    });
    expect((await book(buyer)).addresses).toHaveLength(MAX_SHIPPING_ADDRESSES);
  });

  it('edits an address, and a default deleted hands over to the most recently changed', async () => {
    const buyer = await createBuyer(t);
    const first = (await addAddress(buyer)).addresses[0]!;
    await addAddress(buyer, { ...ADDRESS, label: 'Older' });
    const newer = (await addAddress(buyer, { ...ADDRESS, label: 'Newer' })).addresses.find(
      (a) => a.label === 'Newer',
    )!;
    const edited = await call(buyer, 'PUT', `/api/user/addresses/${first.id}`, {
      ...ADDRESS,
      address1: '99 New Road',
      state: '29',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().payload.addresses[0]).toMatchObject({
      id: first.id,
      address1: '99 New Road',
      state: 'Karnataka',
      stateCode: '29',
      isDefault: true,
    });
    // The edit made `first` the most recent; after deleting it, "Newer" is the most recent.
    const removed = await call(buyer, 'DELETE', `/api/user/addresses/${first.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = removed.json().payload as AddressBook;
    expect(after.addresses.map((a) => a.label).sort()).toEqual(['Newer', 'Older']);
    expect(defaults(after.addresses)).toEqual([newer.id]);
    // Making another the default leaves exactly one.
    const older = after.addresses.find((a) => a.label === 'Older')!;
    const made = await call(buyer, 'POST', `/api/user/addresses/${older.id}/default`);
    expect(made.statusCode, made.body).toBe(200);
    expect(defaults(made.json().payload.addresses)).toEqual([older.id]);
  });
});

describe('billing entities', () => {
  it('saves a GSTIN with its legal name and registered address; the first is the default', async () => {
    const buyer = await createBuyer(t);
    const saved = await addEntity(buyer);
    expect(saved.billingEntities).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        gstin: KARNATAKA_GSTIN,
        legalName: 'Mehta Traders Karnataka',
        address1: '4 Residency Road',
        address2: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        stateCode: '29',
        postalCode: '560025',
        isDefault: true,
      },
    ]);
    const second = await addEntity(buyer, {
      ...ENTITY,
      gstin: MAHARASHTRA_GSTIN.toLowerCase(),
      state: 'Maharashtra',
      city: 'Mumbai',
      isDefault: true,
    });
    expect(second.billingEntities[0]).toMatchObject({
      gstin: MAHARASHTRA_GSTIN,
      stateCode: '27',
      isDefault: true,
    });
    expect(defaults(second.billingEntities)).toHaveLength(1);
  });

  it("refuses a GSTIN whose check digit fails, with the shared check's message", async () => {
    const buyer = await createBuyer(t);
    const wrong = `${KARNATAKA_GSTIN.slice(0, 14)}${KARNATAKA_GSTIN.endsWith('A') ? 'B' : 'A'}`;
    const response = await call(buyer, 'POST', '/api/user/billing-entities', {
      ...ENTITY,
      gstin: wrong,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ gstin: 'GST number check digit does not match' });
    expect((await book(buyer)).billingEntities).toEqual([]);
  });

  it("refuses a state that is not the GSTIN's (its first two digits)", async () => {
    const buyer = await createBuyer(t);
    const response = await call(buyer, 'POST', '/api/user/billing-entities', {
      ...ENTITY,
      state: 'Kerala',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      state: "The billing state must be the GSTIN's state (Karnataka)",
    });
    // A registration of no place (99, Centre Jurisdiction) matches no state.
    const centre = await call(buyer, 'POST', '/api/user/billing-entities', {
      ...ENTITY,
      gstin: gstin('99AABCM1234F1Z'),
    });
    expect(centre.statusCode).toBe(400);
    expect(centre.json().fields).toEqual({
      state: "The billing state must be the GSTIN's state (Centre Jurisdiction)",
    });
    expect((await book(buyer)).billingEntities).toEqual([]);
  });

  it('keeps one billing entity a state, on adding and on editing', async () => {
    const buyer = await createBuyer(t);
    await addEntity(buyer);
    const again = await call(buyer, 'POST', '/api/user/billing-entities', {
      ...ENTITY,
      gstin: gstin('29AABCZ9999F1Z'),
      legalName: 'Another Karnataka Registration',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'billing_state_taken',
      detail:
        'You already have a billing entity in Karnataka: one GSTIN per state. Edit that one instead.',
    });
    const tn = (
      await addEntity(buyer, {
        ...ENTITY,
        gstin: TAMIL_NADU_GSTIN,
        state: 'Tamil Nadu',
        city: 'Chennai',
      })
    ).billingEntities.find((e) => e.stateCode === '33')!;
    const moved = await call(buyer, 'PUT', `/api/user/billing-entities/${tn.id}`, ENTITY);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('billing_state_taken');
    // Editing an entity within its own state is no clash.
    const renamed = await call(buyer, 'PUT', `/api/user/billing-entities/${tn.id}`, {
      ...ENTITY,
      gstin: TAMIL_NADU_GSTIN,
      state: '33',
      city: 'Coimbatore',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      (renamed.json().payload as AddressBook).billingEntities.find((e) => e.id === tn.id),
    ).toMatchObject({ city: 'Coimbatore', state: 'Tamil Nadu', stateCode: '33' });
  });

  it('hands the default over when the default is deleted', async () => {
    const buyer = await createBuyer(t);
    const first = (await addEntity(buyer)).billingEntities[0]!;
    await addEntity(buyer, { ...ENTITY, gstin: TAMIL_NADU_GSTIN, state: 'Tamil Nadu' });
    const removed = await call(buyer, 'DELETE', `/api/user/billing-entities/${first.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = removed.json().payload as AddressBook;
    expect(after.billingEntities).toHaveLength(1);
    expect(after.billingEntities[0]).toMatchObject({ stateCode: '33', isDefault: true });
  });
});

describe("another buyer's entries", () => {
  it('are unknown (404) to every route, and stay as they were', async () => {
    const owner = await createBuyer(t);
    const intruder = await createBuyer(t);
    const address = (await addAddress(owner)).addresses[0]!;
    const entity = (await addEntity(owner)).billingEntities[0]!;
    const before = await book(owner);
    const attempts: [Method, string, object?][] = [
      ['PUT', `/api/user/addresses/${address.id}`, { ...ADDRESS, city: 'Stolen' }],
      ['DELETE', `/api/user/addresses/${address.id}`],
      ['POST', `/api/user/addresses/${address.id}/default`],
      ['PUT', `/api/user/billing-entities/${entity.id}`, { ...ENTITY, city: 'Stolen' }],
      ['DELETE', `/api/user/billing-entities/${entity.id}`],
      ['POST', `/api/user/billing-entities/${entity.id}/default`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(intruder, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toMatch(/^(address|billing_entity)_not_found$/);
    }
    expect(await book(owner)).toEqual(before);
    expect(await book(intruder)).toEqual({ addresses: [], billingEntities: [] });
  });

  it('needs a signed-in buyer', async () => {
    expect((await call(null, 'GET', '/api/user/address-book')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/user/addresses', ADDRESS)).statusCode).toBe(401);
  });
});

describe('saved with an order', () => {
  const ORDER = {
    recipientName: 'Ravi Kumar',
    shippingAddress1: '8 Brigade Road',
    shippingCity: 'Bengaluru',
    shippingState: 'Karnataka',
    shippingPostalCode: '560001',
    shippingCountry: 'in',
    shippingPhoneNumber: '9845012345',
  };
  let code = 0;

  async function order(buyer: TestBuyer, body: object) {
    const [productId] = await insertProducts(t, [
      { name: 'Address Book Mug', code: `AB-${process.pid}-${++code}`, spPaise: 500_00 },
    ]);
    const added = await call(buyer, 'POST', `/api/cart/items/${productId}`, {
      quantity: 2,
      source: 'Ex-china',
    });
    expect(added.statusCode, added.body).toBe(200);
    return call(buyer, 'POST', '/api/orders/', body);
  }

  it("saves the order's ship-to and billing details once, and the order keeps its own copy", async () => {
    const buyer = await createBuyer(t);
    const body = { ...ORDER, billing: ENTITY, saveAddress: true, saveBilling: true };
    const placed = await order(buyer, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const saved = await book(buyer);
    expect(saved.addresses).toEqual([
      expect.objectContaining({
        label: '',
        recipientName: 'Ravi Kumar',
        address1: '8 Brigade Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        stateCode: '29',
        postalCode: '560001',
        country: 'in',
        phone: '9845012345',
        isDefault: true,
      }),
    ]);
    expect(saved.billingEntities).toEqual([
      expect.objectContaining({ gstin: KARNATAKA_GSTIN, stateCode: '29', isDefault: true }),
    ]);
    // The same details saved again are not saved twice.
    expect((await order(buyer, body)).statusCode).toBe(201);
    expect(await book(buyer)).toEqual(saved);

    // Editing and deleting the saved entries never changes the order.
    const orderId = placed.json().payload._id.$oid as string;
    const before = (await call(buyer, 'GET', `/api/orders/order/${orderId}`)).json();
    await call(buyer, 'PUT', `/api/user/addresses/${saved.addresses[0]!.id}`, {
      ...ADDRESS,
      recipientName: 'Someone Else',
    });
    await call(buyer, 'DELETE', `/api/user/billing-entities/${saved.billingEntities[0]!.id}`);
    const after = (await call(buyer, 'GET', `/api/orders/order/${orderId}`)).json();
    expect(after).toEqual(before);
    expect(after.payload).toMatchObject({
      recipientName: 'Ravi Kumar',
      billing: { gstin: KARNATAKA_GSTIN },
    });
  });

  it('saves nothing unless asked', async () => {
    const buyer = await createBuyer(t);
    expect((await order(buyer, { ...ORDER, billing: ENTITY })).statusCode).toBe(201);
    expect(await book(buyer)).toEqual({ addresses: [], billingEntities: [] });
  });

  it("refuses the order, and writes nothing, when its billing state is another GSTIN's", async () => {
    const buyer = await createBuyer(t);
    await addEntity(buyer);
    const before = await book(buyer);
    const other = { ...ENTITY, gstin: gstin('29AABCZ9999F1Z'), legalName: 'Other Karnataka' };
    const refused = await order(buyer, { ...ORDER, billing: other, saveBilling: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('billing_state_taken');
    expect(await book(buyer)).toEqual(before);
    const orders = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${buyer.id}`,
    );
    expect(orders.rows[0]).toEqual({ n: 0 });
  });
});
