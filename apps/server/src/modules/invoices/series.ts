/**
 * Document numbers (Rule 46(b); decision 052): one series per kind and financial year in
 * `document_series`, its next number taken inside the transaction that issues the document.
 *
 * One statement does it: an INSERT of the year's first row that, when the row exists (or a
 * concurrent transaction has just inserted it), becomes an UPDATE … RETURNING of the counter
 * instead. The row stays locked until the issuing transaction ends, so concurrent issuers take
 * numbers one after another; a transaction that rolls back gives its number back with it. The
 * series therefore has no gaps and no repeats, on PostgreSQL as on PGlite (whose single
 * connection runs the transactions one at a time anyway).
 */
import { sql } from 'drizzle-orm';
import type { TaxDocumentKind } from '@storefront/shared/tax-document';
import type { DbOrTx } from '../../db/connect.js';

export async function takeSequence(
  tx: DbOrTx,
  kind: TaxDocumentKind,
  financialYear: string,
): Promise<number> {
  const result = await tx.execute(sql`
    INSERT INTO document_series AS s (kind, financial_year, next_sequence)
    VALUES (${kind}, ${financialYear}, 2)
    ON CONFLICT (kind, financial_year)
      DO UPDATE SET next_sequence = s.next_sequence + 1
    RETURNING s.next_sequence - 1 AS sequence`);
  return Number((result.rows[0] as { sequence: number | string }).sequence);
}
