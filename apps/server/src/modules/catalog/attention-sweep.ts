/**
 * The sweep of decision 050's attention rows: every product without one is checked in the
 * background (after the migration that made the table, or one that empties it because a rule
 * changed), so neither a start nor the console's first list checks the catalog on a request.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import type { ImageStorage } from '../images/storage.js';
import { attentionRows, writeAttention } from './attention.js';
import { readProducts } from './product-store.js';

/** Products checked per batch of the sweep. */
const SWEEP_BATCH = 500;

/**
 * Checks every product that has no attention row, a batch at a time, in the background: after
 * the migration that made the table, on a catalog of any size, without holding up a request.
 * Each batch is its own read and insert (no lock is held while images are looked up); several
 * processes sweeping at once only repeat work.
 */
export class AttentionSweep {
  private running: Promise<void> | undefined;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly storage: ImageStorage,
  ) {}

  /** Sweeps (once at a time); answers when no product is left without a row. */
  run(): Promise<void> {
    this.running ??= this.sweep().finally(() => (this.running = undefined));
    return this.running;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.running?.catch(() => {});
  }

  private async sweep(): Promise<void> {
    let after = '';
    while (!this.closing) {
      const result = await this.db.execute(
        sql`SELECT p.code FROM products p
             WHERE p.code > ${after}
               AND NOT EXISTS (SELECT 1 FROM product_attention a WHERE a.product_id = p.id)
             ORDER BY p.code LIMIT ${SWEEP_BATCH}`,
      );
      const codes = (result.rows as { code: string }[]).map((row) => row.code);
      if (codes.length === 0) break;
      after = codes.at(-1)!;
      const stored = await readProducts(this.db, codes);
      const rows = await attentionRows(
        this.db,
        this.storage,
        [...stored.values()].map(({ id, document }) => ({ id, doc: document })),
      );
      await writeAttention(this.db, rows, { replace: false });
    }
  }
}
