/**
 * The rows of SKU and quantity (decision 065): each with its type-ahead SKU box, its quantity
 * and what the server said of it. Rows pasted into a SKU box from a spreadsheet are handed to
 * `onPasteRows`, as the paste box would take them.
 */
import { Plus, Trash2 } from 'lucide-react';
import type { ClipboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { isCurrent, looksLikeRows, type GridRow } from '../lib/rows';
import { RowStatus } from './row-status';
import { SkuInput } from './sku-input';

const QUANTITY_PROBLEMS: ReadonlySet<string> = new Set([
  'bad_quantity',
  'quantity_below_minimum',
  'quantity_not_multiple',
  'quantity_too_large',
  'out_of_stock',
]);

export function OrderRows({
  rows,
  onChange,
  onRemove,
  onAddRow,
  onPasteRows,
}: {
  rows: GridRow[];
  onChange: (id: number, change: Partial<Pick<GridRow, 'sku' | 'quantity'>>) => void;
  onRemove: (id: number) => void;
  onAddRow: () => void;
  onPasteRows: (text: string) => void;
}) {
  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    const text = event.clipboardData.getData('text/plain');
    if (!looksLikeRows(text)) return;
    event.preventDefault();
    onPasteRows(text);
  }

  return (
    <div onPaste={onPaste}>
      <div className="hidden grid-cols-[2rem_minmax(0,1fr)_7rem_minmax(0,1.2fr)_2.5rem] gap-3 px-1 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid">
        <span>#</span>
        <span>SKU</span>
        <span>Quantity</span>
        <span>Product</span>
        <span className="sr-only">Remove</span>
      </div>
      <ol className="space-y-3 md:space-y-2">
        {rows.map((row, index) => {
          const current = isCurrent(row);
          const code = current ? row.result?.problem?.code : undefined;
          const problem = code !== undefined;
          // The box at fault is outlined: the quantity for the quantity rules, else the SKU.
          const quantityAtFault = code !== undefined && QUANTITY_PROBLEMS.has(code);
          return (
            <li
              key={row.id}
              data-testid="quick-order-row"
              // On a phone a row is two lines: the SKU box across the card (room for its
              // placeholder), then the quantity with what the check said beside it.
              className={cn(
                'grid grid-cols-[1.5rem_5.5rem_minmax(0,1fr)_2.5rem] items-start gap-2 rounded-md border p-2 md:grid-cols-[2rem_minmax(0,1fr)_7rem_minmax(0,1.2fr)_2.5rem] md:gap-3 md:border-0 md:p-1',
                problem ? 'border-red-200 bg-red-50/40' : 'border-slate-200',
              )}
            >
              <span className="pt-2.5 text-sm text-slate-500">{index + 1}</span>
              <SkuInput
                id={`quick-order-sku-${row.id}`}
                label={`SKU, row ${index + 1}`}
                value={row.sku}
                invalid={problem && !quantityAtFault}
                onChange={(sku) => onChange(row.id, { sku })}
                className="col-span-2 md:col-span-1"
              />
              <input
                aria-label={`Quantity, row ${index + 1}`}
                inputMode="numeric"
                value={row.quantity}
                aria-invalid={quantityAtFault || undefined}
                onChange={(event) => onChange(row.id, { quantity: event.target.value })}
                placeholder="Quantity"
                className={cn(
                  'col-start-2 row-start-2 h-10 w-full rounded-md border bg-white px-3 text-sm md:col-start-auto md:row-start-auto',
                  quantityAtFault ? 'border-red-400' : 'border-slate-300',
                )}
              />
              <div className="col-span-2 col-start-3 row-start-2 self-center md:col-span-1 md:col-start-auto md:row-start-auto md:min-h-5 md:self-auto md:pt-1.5">
                {current && row.result ? <RowStatus result={row.result} /> : null}
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove row ${index + 1}`}
                onClick={() => onRemove(row.id)}
                className="col-start-4 row-start-1 md:col-start-auto md:row-start-auto"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          );
        })}
      </ol>
      <Button variant="outline" size="sm" className="mt-3" onClick={onAddRow}>
        <Plus aria-hidden="true" className="size-4" />
        Add a row
      </Button>
    </div>
  );
}
