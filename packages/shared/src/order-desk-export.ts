import type { z } from 'zod';
import { DeskOrderQuery } from './order-desk.js';

/**
 * The order desk's CSV export (issue 19): the orders the desk's list shows for the same filters
 * and sort, every page of them in one file. The columns, in order, are EXPORT_COLUMNS.
 */

/** The list's query without its paging. */
export const DeskOrderExportQuery = DeskOrderQuery.omit({ after: true, limit: true });
export type DeskOrderExportQuery = z.infer<typeof DeskOrderExportQuery>;

export const EXPORT_COLUMNS = [
  'Order number',
  'Placed at (UTC)',
  'Placed on (India date)',
  'Status',
  'Buyer email',
  'Company',
  'GSTIN',
  'Items',
  'Total (INR)',
  'Ship-to city',
  'Ship-to state',
  'Ship-to pincode',
] as const;
