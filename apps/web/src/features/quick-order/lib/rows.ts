/**
 * The quick order page's rows (decision 065): what the buyer typed, and the server's answer for
 * exactly that text; an answer for other text is stale and not shown.
 */
import type { QuickOrderRowInput, QuickOrderRowResult } from '@storefront/shared/quick-order';

export interface GridRow {
  id: number;
  sku: string;
  quantity: string;
  result: QuickOrderRowResult | null;
  /** The text (`textOf`) the result answers. */
  checked: string;
}

export const textOf = (row: Pick<GridRow, 'sku' | 'quantity'>) =>
  `${row.sku.trim()}\n${row.quantity.trim()}`;
export const isFilled = (row: GridRow) => row.sku.trim() !== '' || row.quantity.trim() !== '';
export const isCurrent = (row: GridRow) => row.result !== null && row.checked === textOf(row);
export const isValid = (row: GridRow) => isCurrent(row) && row.result!.problem === null;
export const toInput = (row: GridRow): QuickOrderRowInput => ({
  sku: row.sku,
  quantity: row.quantity,
});

let lastId = 0;
export const blankRow = (): GridRow => ({
  id: ++lastId,
  sku: '',
  quantity: '',
  result: null,
  checked: '',
});
/** A row read from a file or paste, with the answer the server gave it there. */
export const rowOf = (result: QuickOrderRowResult): GridRow => ({
  id: ++lastId,
  sku: result.sku,
  quantity: result.quantityText,
  result,
  checked: textOf({ sku: result.sku, quantity: result.quantityText }),
});

/** Text with a line break or a tab came from a spreadsheet: rows, not one SKU. */
export const looksLikeRows = (text: string) => /[\n\t]/.test(text.trim());
