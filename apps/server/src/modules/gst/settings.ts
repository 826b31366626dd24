/**
 * The store's settings row (issue 21, decision 052): the seller's registration, where the store
 * ships, the document series' prefixes and e-invoicing. One row, id 1, made by migration 0018.
 * The owner edits it from the console (audited); finance may read it; GET /api/store tells
 * buyers who sells and where the store ships. In production the store takes no orders while the
 * registration has gaps (`registrationGaps`): a tax invoice could not be issued.
 */
import { eq, sql } from 'drizzle-orm';
import { indianStateByCode } from '@storefront/shared/gst';
import {
  registrationGaps,
  storeNotReadyMessage,
  type StoreSettings,
  type StoreSettingsBody,
  type StorePublic,
  type StoreSettingsView,
} from '@storefront/shared/store-settings';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/connect.js';
import { storeSettings } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';

export async function readStoreSettings(db: DbOrTx): Promise<StoreSettings> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (!row) throw new Error('store_settings has no row: migration 0018 makes it');
  const { id: _id, updatedAt: _updatedAt, updatedBy: _updatedBy, ...settings } = row;
  return settings;
}

/** Whether the store takes orders: outside production always (a fresh `npm start`), else only complete. */
export function takesOrders(settings: StoreSettings, env: Config['env']): boolean {
  return env !== 'production' || registrationGaps(settings).length === 0;
}

/** 409 store_not_ready unless the store takes orders. */
export function checkTakesOrders(settings: StoreSettings, env: Config['env']): void {
  if (!takesOrders(settings, env))
    throw conflict('store_not_ready', storeNotReadyMessage(registrationGaps(settings)));
}

/** The settings as the console's Settings page shows them, with who saved them last. */
export async function settingsView(db: DbOrTx, env: Config['env']): Promise<StoreSettingsView> {
  const result = await db.execute(sql`
    SELECT s.updated_at, m.email AS updated_by
      FROM store_settings s LEFT JOIN staff m ON m.id = s.updated_by
     WHERE s.id = 1`);
  const meta = result.rows[0] as { updated_at: Date | string; updated_by: string | null };
  const settings = await readStoreSettings(db);
  return {
    settings,
    gaps: registrationGaps(settings),
    takingOrders: takesOrders(settings, env),
    updatedAt: new Date(meta.updated_at).toISOString(),
    updatedBy: meta.updated_by,
  };
}

/**
 * Saves the settings as `actor` (the owner), with the fields that changed in the audit log, in
 * one transaction. Answers the saved settings' view.
 */
export async function saveStoreSettings(
  db: Db,
  actor: StaffActor,
  body: StoreSettingsBody,
  env: Config['env'],
): Promise<StoreSettingsView> {
  return db.transaction(async (tx) => {
    // Locked, so two owners saving at once are recorded in the order they were written.
    await tx.execute(sql`SELECT 1 FROM store_settings WHERE id = 1 FOR UPDATE`);
    const before = await readStoreSettings(tx);
    await tx
      .update(storeSettings)
      .set({ ...body, updatedAt: sql`now()`, updatedBy: actor.staffId })
      .where(eq(storeSettings.id, 1));
    const keys = (Object.keys(body) as (keyof StoreSettings)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(body[key]),
    );
    await recordAudit(tx, actor, {
      action: 'settings.update',
      targetType: 'store_settings',
      targetId: 'store',
      before: Object.fromEntries(keys.map((key) => [key, before[key]])),
      after: Object.fromEntries(keys.map((key) => [key, body[key]])),
    });
    return settingsView(tx, env);
  });
}

/** GET /api/store: who sells and where the store ships. */
export function storePublic(settings: StoreSettings): StorePublic {
  return {
    legalName: settings.legalName,
    tradeName: settings.tradeName,
    gstin: settings.gstin,
    stateCode: settings.stateCode,
    stateName: indianStateByCode(settings.stateCode)?.name ?? '',
    shipsTo: settings.shipsTo,
  };
}
