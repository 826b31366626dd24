/**
 * The store's HSN rate table (issue 21, decision 052): an HSN prefix's GST rate, which products
 * without a rate of their own take (the longest prefix wins, else 18 %). Catalog staff and the
 * owner edit it from the console, each change audited; finance reads it. A change never touches
 * an order already placed: an order line keeps the rate it was sold at.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { STANDARD_RATE_BP } from '@storefront/shared/gst';
import type { TaxRate, TaxRateBody, TaxRateList } from '@storefront/shared/tax-rates';
import type { Db } from '../../db/connect.js';
import { hsnGstRates } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';

const toRate = (row: typeof hsnGstRates.$inferSelect): TaxRate => ({
  hsnPrefix: row.hsnPrefix,
  rateBp: row.rateBp,
  description: row.description,
  updatedAt: row.updatedAt.toISOString(),
});

/** The table by prefix (a chapter before its headings), and the rate of what it does not cover. */
export async function listRates(db: Db): Promise<TaxRateList> {
  const rows = await db.select().from(hsnGstRates).orderBy(asc(hsnGstRates.hsnPrefix));
  return { rates: rows.map(toRate), defaultRateBp: STANDARD_RATE_BP };
}

/** Sets a prefix's rate (adding the prefix if new), as `actor`, audited with what it was. */
export async function setRate(
  db: Db,
  actor: StaffActor,
  hsnPrefix: string,
  body: TaxRateBody,
): Promise<TaxRate> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(hsnGstRates)
      .where(eq(hsnGstRates.hsnPrefix, hsnPrefix))
      .for('update');
    const [row] = await tx
      .insert(hsnGstRates)
      .values({ hsnPrefix, rateBp: body.rateBp, description: body.description })
      .onConflictDoUpdate({
        target: hsnGstRates.hsnPrefix,
        set: { rateBp: body.rateBp, description: body.description, updatedAt: sql`now()` },
      })
      .returning();
    await recordAudit(tx, actor, {
      action: before ? 'tax_rate.update' : 'tax_rate.create',
      targetType: 'tax_rate',
      targetId: hsnPrefix,
      before: before ? { rateBp: before.rateBp, description: before.description } : undefined,
      after: { rateBp: body.rateBp, description: body.description },
    });
    return toRate(row!);
  });
}

/** Removes a prefix (its goods then take a shorter prefix's rate, else 18 %), audited; 404 if unknown. */
export async function deleteRate(db: Db, actor: StaffActor, hsnPrefix: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(hsnGstRates)
      .where(eq(hsnGstRates.hsnPrefix, hsnPrefix))
      .returning();
    if (!removed) throw notFound('tax_rate_not_found', `No rate for HSN prefix ${hsnPrefix}`);
    await recordAudit(tx, actor, {
      action: 'tax_rate.delete',
      targetType: 'tax_rate',
      targetId: hsnPrefix,
      before: { rateBp: removed.rateBp, description: removed.description },
    });
  });
}
