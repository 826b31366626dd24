/**
 * The store's settings row (issue 21, decision 052): the seller's registration, where the store
 * ships, the document series' prefixes and e-invoicing. One row, id 1, made by migration 0018.
 */
import { eq } from 'drizzle-orm';
import type { StoreSettings } from '@storefront/shared/store-settings';
import type { DbOrTx } from '../../db/connect.js';
import { storeSettings } from '../../db/schema.js';

export async function readStoreSettings(db: DbOrTx): Promise<StoreSettings> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (!row) throw new Error('store_settings has no row: migration 0018 makes it');
  const { id: _id, updatedAt: _updatedAt, updatedBy: _updatedBy, ...settings } = row;
  return settings;
}
