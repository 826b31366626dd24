/**
 * The order desk's CSV export (issue 19): every order the desk's list shows for the same filters
 * and sort (desk.ts selects them; the rule is written there once), as one file a spreadsheet
 * opens. The rows are streamed a page at a time through the same keyset as the list, so 100,000
 * orders never sit in memory together, and between two pages the database serves others (PGlite
 * has one connection). The file holds the orders placed up to the moment it was asked for.
 *
 * The export is audited before its first byte leaves (`orders.export`, with the filters and the
 * number of rows): an export that could not be recorded does not happen.
 *
 * CSV as RFC 4180 writes it (CRLF line ends; every field quoted, its quotes doubled — so a
 * spreadsheet splitting on ; or tab in another locale never cuts a cell and finds a formula
 * behind the separator), after a UTF-8 byte-order mark so Excel reads the ₹ and the names in Indian
 * scripts as UTF-8. A text cell starting with = + - @ tab or CR, which a spreadsheet would run as
 * a formula, is prefixed with an apostrophe (OWASP "CSV Injection"): a buyer's company name is
 * the buyer's to type.
 */
import { Readable } from 'node:stream';
import { indiaDate } from '@storefront/shared/india-date';
import { EXPORT_COLUMNS, type DeskOrderExportQuery } from '@storefront/shared/order-desk-export';
import { rupeesText } from '@storefront/shared/rupees-text';
import { statusBadge } from '@storefront/shared/order-status';
import type { Db } from '../../db/connect.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';
import { checkSelection, countDeskOrders, deskPage, type DeskRowData } from './desk.js';

/** Orders read per statement: big enough to stream fast, small enough to let others in between. */
export const EXPORT_PAGE_SIZE = 1000;

/** A cell as the file holds it: formulas disarmed, always quoted. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

function cellsOf(row: DeskRowData): string[] {
  const placed = new Date(row.created_at);
  return [
    row.mkp_order_id,
    placed.toISOString(),
    indiaDate(placed),
    statusBadge(row.p_status).label,
    row.email,
    row.company_name,
    row.gst_number,
    String(Number(row.item_count)),
    rupeesText(Number(row.total_paise)),
    row.shipping_city,
    row.shipping_state,
    row.shipping_postal_code,
  ];
}

export interface DeskExport {
  filename: string;
  rows: number;
  body: Readable;
}

/**
 * GET /api/staff/orders/export.csv: checks the selection (400 before anything is written),
 * counts the orders placed up to `now`, records the export, and answers the file's stream.
 */
export async function exportDeskOrders(
  db: Db,
  who: StaffActor,
  query: DeskOrderExportQuery,
  now: Date,
): Promise<DeskExport> {
  checkSelection(query);
  const rows = await countDeskOrders(db, query, { placedBy: now });
  await recordAudit(db, who, {
    action: 'orders.export',
    targetType: 'orders',
    after: { filters: query, rows, placedBy: now.toISOString(), format: 'csv' },
  });

  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(EXPORT_COLUMNS)}`;
    let after: [string, string] | undefined;
    for (;;) {
      const page = await deskPage(db, query, { after, limit: EXPORT_PAGE_SIZE, placedBy: now });
      if (page.length) yield page.map((row) => csvLine(cellsOf(row))).join('');
      const last = page.at(-1);
      if (page.length < EXPORT_PAGE_SIZE || !last) return;
      after = [last.sort_key, last.id];
    }
  }

  return {
    filename: `orders-${indiaDate(now).replace(/-/g, '')}.csv`,
    rows,
    body: Readable.from(lines(), { objectMode: false }),
  };
}
