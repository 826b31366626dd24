/**
 * The buyer's address book (issue 22, decision 066): shipping addresses and billing entities,
 * always the signed-in buyer's own (another buyer's id is unknown: 404).
 *
 * - Every write takes the buyer's `users` row lock first, so that the count limits, the one
 *   billing entity per state and the one default are judged one write at a time.
 * - One default of each kind while there is any: the first saved becomes it; deleting the
 *   default hands it to the most recently changed of the rest. The partial unique indexes
 *   hold the "at most one" in the database too.
 * - Orders copy the fields; nothing here is referenced by an order, so an edit or a deletion
 *   never changes one.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_BILLING_ENTITIES,
  type AddressBook,
  type BillingEntityBody,
  type SavedBillingEntity,
  type SavedShippingAddress,
  type ShippingAddressBody,
} from '@storefront/shared/address-book';
import { MAX_SHIPPING_ADDRESSES } from '@storefront/shared/constants';
import { findIndianState, indianStateByCode, isIndia } from '@storefront/shared/gst';
import type { BillingDetails } from '@storefront/shared/tax-summary';
import type { Db, DbOrTx, Tx } from '../../db/connect.js';
import { billingEntities, shippingAddresses, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newObjectId } from '../../lib/ids.js';

type AddressRow = typeof shippingAddresses.$inferSelect;
type EntityRow = typeof billingEntities.$inferSelect;

function toAddress(row: AddressRow): SavedShippingAddress {
  return {
    id: row.id,
    label: row.label,
    recipientName: row.recipientName,
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    city: row.city,
    state: row.state,
    stateCode: row.stateCode,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    isDefault: row.isDefault,
  };
}

function toEntity(row: EntityRow): SavedBillingEntity {
  return {
    id: row.id,
    gstin: row.gstin,
    legalName: row.legalName,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: indianStateByCode(row.stateCode)?.name ?? row.stateCode,
    stateCode: row.stateCode,
    postalCode: row.postalCode,
    isDefault: row.isDefault,
  };
}

/** The buyer's book: defaults first, then the most recently changed. */
export async function getAddressBook(db: DbOrTx, userId: string): Promise<AddressBook> {
  const [addresses, entities] = await Promise.all([
    db
      .select()
      .from(shippingAddresses)
      .where(eq(shippingAddresses.userId, userId))
      .orderBy(
        desc(shippingAddresses.isDefault),
        desc(shippingAddresses.updatedAt),
        desc(shippingAddresses.id),
      ),
    db
      .select()
      .from(billingEntities)
      .where(eq(billingEntities.userId, userId))
      .orderBy(
        desc(billingEntities.isDefault),
        desc(billingEntities.updatedAt),
        desc(billingEntities.id),
      ),
  ]);
  return { addresses: addresses.map(toAddress), billingEntities: entities.map(toEntity) };
}

/** Serialises the buyer's address-book writes (limits, one per state, one default). */
async function lockBook(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The columns of a shipping address: an Indian state by its canonical name and GST code. */
function addressColumns(body: Omit<ShippingAddressBody, 'isDefault'>) {
  const state = isIndia(body.country) ? findIndianState(body.state) : undefined;
  return {
    label: body.label,
    recipientName: body.recipientName,
    address1: body.address1,
    address2: body.address2,
    address3: body.address3,
    city: body.city,
    state: state?.name ?? body.state,
    stateCode: state?.code ?? null,
    postalCode: body.postalCode,
    country: body.country,
    phone: body.phone,
  };
}

/** The columns of a billing entity; its state is the GSTIN's (BillingEntityBody checked it). */
function entityColumns(body: Omit<BillingEntityBody, 'isDefault'>) {
  return {
    gstin: body.gstin,
    legalName: body.legalName,
    address1: body.address1,
    address2: body.address2,
    city: body.city,
    stateCode: body.gstin.slice(0, 2),
    postalCode: body.postalCode,
  };
}

const addressesFull = () =>
  conflict(
    'address_book_full',
    `You can keep at most ${MAX_SHIPPING_ADDRESSES} shipping addresses. Delete one you no longer use first.`,
  );

function stateTaken(stateCode: string) {
  const name = indianStateByCode(stateCode)?.name ?? stateCode;
  return conflict(
    'billing_state_taken',
    `You already have a billing entity in ${name}: one GSTIN per state. Edit that one instead.`,
  );
}

// ── Shipping addresses ──────────────────────────────────────────────────────

async function insertAddress(
  tx: Tx,
  userId: string,
  columns: ReturnType<typeof addressColumns>,
  makeDefault: boolean,
): Promise<string> {
  const existing = await tx
    .select({ id: shippingAddresses.id })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId));
  if (existing.length >= MAX_SHIPPING_ADDRESSES) throw addressesFull();
  const id = newObjectId();
  const isDefault = makeDefault || existing.length === 0;
  if (isDefault)
    await tx
      .update(shippingAddresses)
      .set({ isDefault: false })
      .where(and(eq(shippingAddresses.userId, userId), eq(shippingAddresses.isDefault, true)));
  await tx.insert(shippingAddresses).values({ id, userId, ...columns, isDefault });
  return id;
}

export async function addAddress(
  db: Db,
  userId: string,
  body: ShippingAddressBody,
): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    await insertAddress(tx, userId, addressColumns(body), body.isDefault);
    return getAddressBook(tx, userId);
  });
}

export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  body: ShippingAddressBody,
): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const updated = await tx
      .update(shippingAddresses)
      .set({ ...addressColumns(body), updatedAt: new Date() })
      .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
      .returning({ id: shippingAddresses.id });
    if (updated.length === 0) throw addressNotFound();
    if (body.isDefault) await makeDefault(tx, 'address', userId, id);
    return getAddressBook(tx, userId);
  });
}

const addressNotFound = () => notFound('address_not_found', 'Address not found');
const entityNotFound = () => notFound('billing_entity_not_found', 'Billing entity not found');

// ── Billing entities ────────────────────────────────────────────────────────

async function insertEntity(
  tx: Tx,
  userId: string,
  columns: ReturnType<typeof entityColumns>,
  makeDefaultToo: boolean,
): Promise<string> {
  const existing = await tx
    .select({ id: billingEntities.id, stateCode: billingEntities.stateCode })
    .from(billingEntities)
    .where(eq(billingEntities.userId, userId));
  if (existing.some((entity) => entity.stateCode === columns.stateCode))
    throw stateTaken(columns.stateCode);
  // One a state bounds the count already; the check keeps the rule stated where it is enforced.
  if (existing.length >= MAX_BILLING_ENTITIES)
    throw conflict('address_book_full', 'You have a billing entity in every state already.');
  const id = newObjectId();
  const isDefault = makeDefaultToo || existing.length === 0;
  if (isDefault)
    await tx
      .update(billingEntities)
      .set({ isDefault: false })
      .where(and(eq(billingEntities.userId, userId), eq(billingEntities.isDefault, true)));
  await tx.insert(billingEntities).values({ id, userId, ...columns, isDefault });
  return id;
}

export async function addBillingEntity(
  db: Db,
  userId: string,
  body: BillingEntityBody,
): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    await insertEntity(tx, userId, entityColumns(body), body.isDefault);
    return getAddressBook(tx, userId);
  });
}

export async function updateBillingEntity(
  db: Db,
  userId: string,
  id: string,
  body: BillingEntityBody,
): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const columns = entityColumns(body);
    const [own] = await tx
      .select({ id: billingEntities.id })
      .from(billingEntities)
      .where(and(eq(billingEntities.id, id), eq(billingEntities.userId, userId)));
    if (!own) throw entityNotFound();
    const [other] = await tx
      .select({ id: billingEntities.id })
      .from(billingEntities)
      .where(
        and(
          eq(billingEntities.userId, userId),
          eq(billingEntities.stateCode, columns.stateCode),
          sql`${billingEntities.id} <> ${id}`,
        ),
      );
    if (other) throw stateTaken(columns.stateCode);
    await tx
      .update(billingEntities)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(billingEntities.id, id));
    if (body.isDefault) await makeDefault(tx, 'billing', userId, id);
    return getAddressBook(tx, userId);
  });
}

// ── Both kinds: default and delete ──────────────────────────────────────────

export type EntryKind = 'address' | 'billing';

const tableOf = (kind: EntryKind) => (kind === 'address' ? shippingAddresses : billingEntities);

/** Makes the entry the default of its kind; false when it is not the buyer's. */
async function makeDefault(tx: Tx, kind: EntryKind, userId: string, id: string): Promise<boolean> {
  const table = tableOf(kind);
  // The old default is cleared before the new one is set: the partial unique index is checked
  // per statement.
  await tx
    .update(table)
    .set({ isDefault: false })
    .where(and(eq(table.userId, userId), eq(table.isDefault, true), sql`${table.id} <> ${id}`));
  const set = await tx
    .update(table)
    .set({ isDefault: true })
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning({ id: table.id });
  return set.length > 0;
}

export async function setDefault(
  db: Db,
  kind: EntryKind,
  userId: string,
  id: string,
): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    if (!(await makeDefault(tx, kind, userId, id)))
      throw kind === 'address' ? addressNotFound() : entityNotFound();
    return getAddressBook(tx, userId);
  });
}

/** Deletes the entry; a deleted default hands over to the most recently changed of the rest. */
export async function deleteEntry(
  db: Db,
  kind: EntryKind,
  userId: string,
  id: string,
): Promise<AddressBook> {
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [deleted] = await tx
      .delete(table)
      .where(and(eq(table.id, id), eq(table.userId, userId)))
      .returning({ isDefault: table.isDefault });
    if (!deleted) throw kind === 'address' ? addressNotFound() : entityNotFound();
    if (deleted.isDefault) {
      const [next] = await tx
        .select({ id: table.id })
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(desc(table.updatedAt), desc(table.id))
        .limit(1);
      if (next) await makeDefault(tx, kind, userId, next.id);
    }
    return getAddressBook(tx, userId);
  });
}

// ── Saved with an order ─────────────────────────────────────────────────────

/** What a checkout asks to keep: the order's ship-to and its billing details. */
export interface OrderEntries {
  address?: Omit<ShippingAddressBody, 'isDefault' | 'label'>;
  billing?: BillingDetails;
}

/**
 * Saves an order's ship-to and billing details in the order's transaction (a checkout's "save
 * this address"). The same entry saved again is not duplicated; a full book or a billing state
 * already held by another GSTIN refuses the order (409), which the checkout avoids by not
 * offering the choice.
 */
export async function saveOrderEntries(tx: Tx, userId: string, entries: OrderEntries) {
  if (!entries.address && !entries.billing) return;
  await lockBook(tx, userId);
  if (entries.address) {
    const columns = addressColumns({ ...entries.address, label: '' });
    const same = await tx
      .select({ id: shippingAddresses.id })
      .from(shippingAddresses)
      .where(
        and(
          eq(shippingAddresses.userId, userId),
          eq(shippingAddresses.recipientName, columns.recipientName),
          eq(shippingAddresses.address1, columns.address1),
          eq(shippingAddresses.address2, columns.address2),
          eq(shippingAddresses.address3, columns.address3),
          eq(shippingAddresses.city, columns.city),
          eq(shippingAddresses.state, columns.state),
          eq(shippingAddresses.postalCode, columns.postalCode),
          eq(shippingAddresses.country, columns.country),
          eq(shippingAddresses.phone, columns.phone),
        ),
      );
    if (same.length === 0) await insertAddress(tx, userId, columns, false);
  }
  if (entries.billing) {
    const columns = entityColumns({ ...entries.billing, state: entries.billing.stateCode });
    const [held] = await tx
      .select()
      .from(billingEntities)
      .where(
        and(eq(billingEntities.userId, userId), eq(billingEntities.stateCode, columns.stateCode)),
      );
    const identical =
      held &&
      held.gstin === columns.gstin &&
      held.legalName === columns.legalName &&
      held.address1 === columns.address1 &&
      held.address2 === columns.address2 &&
      held.city === columns.city &&
      held.postalCode === columns.postalCode;
    if (!identical) await insertEntity(tx, userId, columns, false);
  }
}
