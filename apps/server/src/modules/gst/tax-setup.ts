/**
 * The store's tax setup (its settings and HSN rate table), kept in memory (issue 21, decision
 * 052): every cart answer and every order needs the seller's state and the rates, and both
 * change a few times a year, so they are read in one statement on first use and kept until the
 * settings, the rate table or the catalog change (the 'catalog_changed' notification of
 * migrations 0003 and 0019, which every process LISTENs to, as the catalog's answers are
 * cached: decision 018). A read racing a change is not kept, so a change is never lost.
 */
import { sql } from 'drizzle-orm';
import type { StoreSettings } from '@storefront/shared/store-settings';
import type { DbOrTx } from '../../db/connect.js';
import type { TaxSetup, TaxSetupSource } from '../../module-context.js';

/** The settings and the rate table in one statement. */
export async function readTaxSetup(db: Pick<DbOrTx, 'execute'>): Promise<TaxSetup> {
  const result = await db.execute(sql`
    SELECT json_build_object(
             'legalName', s.legal_name, 'tradeName', s.trade_name, 'gstin', s.gstin,
             'address1', s.address1, 'address2', s.address2, 'city', s.city,
             'stateCode', s.state_code, 'postalCode', s.postal_code, 'phone', s.phone,
             'email', s.email, 'shipsTo', s.ships_to, 'invoicePrefix', s.invoice_prefix,
             'creditNotePrefix', s.credit_note_prefix, 'eInvoicing', s.e_invoicing,
             'signatory', s.signatory) AS settings,
           (SELECT coalesce(json_object_agg(r.hsn_prefix, r.rate_bp), '{}')
              FROM hsn_gst_rates r) AS rates
      FROM store_settings s WHERE s.id = 1`);
  const row = result.rows[0] as
    { settings: StoreSettings; rates: Record<string, number> } | undefined;
  if (!row) throw new Error('store_settings has no row: migration 0018 makes it');
  return {
    settings: row.settings,
    rates: new Map(Object.entries(row.rates).map(([prefix, rate]) => [prefix, Number(rate)])),
  };
}

export class TaxSetupCache implements TaxSetupSource {
  private kept: Promise<TaxSetup> | undefined;
  /** The kept read's answer, once it has come. */
  private known: TaxSetup | undefined;
  private generation = 0;

  constructor(private readonly db: Pick<DbOrTx, 'execute'>) {}

  current(): Promise<TaxSetup> {
    if (this.kept) return this.kept;
    const generation = this.generation;
    const read = readTaxSetup(this.db);
    this.kept = read;
    // A failed read is not kept (the next call tries again), nor one a change overtook.
    read.then(
      (setup) => {
        if (this.kept !== read) return;
        if (generation === this.generation) this.known = setup;
        else this.kept = undefined;
      },
      () => {
        if (this.kept === read) this.kept = undefined;
      },
    );
    return read;
  }

  async inTransaction(tx: Pick<DbOrTx, 'execute'>): Promise<TaxSetup> {
    // Not the kept read while it is under way: on PGlite it may be queued behind `tx`.
    if (this.known) return this.known;
    const generation = this.generation;
    const setup = await readTaxSetup(tx);
    // Kept as current()'s read would be: `tx` reads the settings and rates, it has not written them.
    if (generation === this.generation && !this.kept) {
      this.kept = Promise.resolve(setup);
      this.known = setup;
    }
    return setup;
  }

  forget(): void {
    this.generation++;
    this.kept = undefined;
    this.known = undefined;
  }
}
