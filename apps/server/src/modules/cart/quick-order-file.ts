/**
 * A quick order's rows from a CSV file or a paste from a spreadsheet (issue 22, decision 065):
 * text in UTF-8 (with or without a byte-order mark), or in Windows-1252 as Excel's plain "CSV"
 * saves it; cells separated by tabs (a spreadsheet's copy) or commas, quoted as RFC 4180 quotes
 * them (csv-parse, the catalog import's reader). A first row naming a SKU and a quantity column
 * (SKU_HEADERS, QUANTITY_HEADERS, any case) is the header and its other columns are read past;
 * without one, the first column is the SKU and the second the quantity, as a paste of two
 * columns gives them. Blank rows are skipped; each row keeps its row number in the file.
 */
import { isUtf8 } from 'node:buffer';
import { CsvError, parse } from 'csv-parse/sync';
import {
  headerKey,
  QUANTITY_HEADERS,
  QUICK_ORDER_ROWS_MAX,
  SKU_HEADERS,
  TOO_MANY_ROWS_MESSAGE,
} from '@storefront/shared/quick-order';
import { DEFAULT_SOURCE } from '@storefront/shared/pricing';
import { invalid } from '../../lib/errors.js';
import type { QuickOrderRow } from './quick-order.js';

const isSkuHeader = (cell: string) => (SKU_HEADERS as readonly string[]).includes(headerKey(cell));
const isQuantityHeader = (cell: string) =>
  (QUANTITY_HEADERS as readonly string[]).includes(headerKey(cell));
const blank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** The file's text: UTF-8 when it is valid UTF-8, else Excel's Windows-1252. */
export function decodeText(bytes: Buffer): string {
  return isUtf8(bytes) ? bytes.toString('utf8') : new TextDecoder('windows-1252').decode(bytes);
}

/** Tabs when the first line that holds anything has one (a spreadsheet's copy), else commas. */
function delimiterOf(text: string): '\t' | ',' {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  return first.includes('\t') ? '\t' : ',';
}

/** The rows of a file or paste; a file without rows, or with more than a quick order takes, is a 400. */
export function readQuickOrderText(text: string): QuickOrderRow[] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      // A quote inside an unquoted cell (12" pipe) is text, as spreadsheets write it.
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw invalid('csv_malformed', `The file cannot be read as CSV: ${error.message}`);
  }
  const headerAt = records.findIndex((cells) => !blank(cells));
  const header = records[headerAt] ?? [];
  const skuColumn = header.findIndex(isSkuHeader);
  const quantityColumn = header.findIndex(isQuantityHeader);
  const hasHeader = skuColumn >= 0 || quantityColumn >= 0;
  if (hasHeader && (skuColumn < 0 || quantityColumn < 0))
    throw invalid(
      'quick_order_header',
      `The header row names no ${skuColumn < 0 ? 'SKU' : 'Quantity'} column: name the columns SKU and Quantity, as the template does.`,
    );
  const [sku, quantity] = hasHeader ? [skuColumn, quantityColumn] : [0, 1];
  const rows: QuickOrderRow[] = [];
  records.forEach((cells, index) => {
    if ((hasHeader && index <= headerAt) || blank(cells)) return;
    rows.push({
      row: index + 1,
      sku: (cells[sku] ?? '').trim(),
      quantityText: (cells[quantity] ?? '').trim(),
      source: DEFAULT_SOURCE,
    });
  });
  if (rows.length === 0)
    throw invalid('quick_order_empty', 'The file holds no rows of SKU and quantity.');
  if (rows.length > QUICK_ORDER_ROWS_MAX)
    throw invalid('quick_order_too_many_rows', TOO_MANY_ROWS_MESSAGE);
  return rows;
}
