/**
 * Quick order (/quick-order; issue 22 "Ordering faster", decision 065): rows of SKU (with
 * type-ahead) and quantity, or rows pasted from a spreadsheet, every row checked at once by the
 * server as the buyer types (a pause of CHECK_DELAY_MS), each with its product or its problem;
 * "Add N lines to cart" sends the valid rows in one request. Below, a CSV file: its report,
 * and nothing added until the buyer confirms.
 */
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { QuickOrderReport } from '@storefront/shared/quick-order';
import { href } from '@storefront/shared/routes';
import { LoginPrompt } from '../../../components/account/sign-in-required';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { describeError } from '../../../lib/api/error-message';
import { useSession } from '../../../lib/contexts/session';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useAddQuickOrder } from '../api/add-quick-order';
import { checkQuickOrder } from '../api/check-quick-order';
import { useReadQuickOrderText } from '../api/read-quick-order-text';
import { CsvUpload } from '../components/csv-upload';
import { OrderRows } from '../components/order-rows';
import { PasteBox } from '../components/paste-box';
import {
  blankRow,
  isCurrent,
  isFilled,
  isValid,
  rowOf,
  textOf,
  toInput,
  type GridRow,
} from '../lib/rows';

/** The pause after the last keystroke before the rows are checked. */
export const CHECK_DELAY_MS = 400;
const BLANK_ROWS = 5;
const blankRows = () => Array.from({ length: BLANK_ROWS }, blankRow);
const lines = (count: number) => `${count} ${count === 1 ? 'line' : 'lines'}`;

export function QuickOrderPage() {
  useDocumentTitle('Quick order');
  const { user, isLoading } = useSession();
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-8 lg:px-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Quick order</h1>
      <p className="mt-1 text-slate-600">
        Order by SKU or product code: type rows, paste them from a spreadsheet, or upload a CSV
        file. Every row is checked before anything goes into your cart.
      </p>
      <div className="mt-6">
        {isLoading ? (
          <Skeleton className="h-64 w-full" />
        ) : user ? (
          <QuickOrder />
        ) : (
          <LoginPrompt message="Please login to order by SKU" />
        )}
      </div>
    </div>
  );
}

function QuickOrder() {
  const [rows, setRows] = useState<GridRow[]>(blankRows);
  const [checkError, setCheckError] = useState<string>();
  const [pasteError, setPasteError] = useState<string>();
  const [added, setAdded] = useState<number | null>(null);
  const add = useAddQuickOrder();
  const read = useReadQuickOrderText();
  // The rows as the check's timer finds them (it is started by their text, not their answers).
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });

  const filled = rows.filter(isFilled);
  const pending = filled.filter((row) => !isCurrent(row));
  const valid = filled.filter(isValid);
  // What needs checking: changes as the rows' text changes, not as their answers arrive.
  const unchecked = pending.map((row) => `${row.id}:${textOf(row)}`).join('\n');

  useEffect(() => {
    if (unchecked === '') return;
    const timer = setTimeout(() => {
      // Every filled row, not only the changed ones: each is checked with the rows above it.
      const sent = rowsRef.current.filter(isFilled).map((row) => ({ row, text: textOf(row) }));
      checkQuickOrder(sent.map(({ row }) => toInput(row))).then(
        (report) => {
          setCheckError(undefined);
          setRows((current) =>
            current.map((row) => {
              const index = sent.findIndex((s) => s.row.id === row.id);
              const result = report.rows[index];
              return result ? { ...row, result, checked: sent[index]!.text } : row;
            }),
          );
        },
        (error: unknown) => setCheckError(describeError(error) ?? 'The rows could not be checked.'),
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [unchecked]);

  function change(id: number, edit: Partial<Pick<GridRow, 'sku' | 'quantity'>>) {
    setAdded(null);
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...edit } : row)));
  }

  function remove(id: number) {
    setRows((current) => {
      const left = current.filter((row) => row.id !== id);
      return left.length ? left : blankRows();
    });
  }

  function pasteRows(text: string, done?: () => void) {
    setPasteError(undefined);
    setAdded(null);
    read.mutate(
      { pasted: text },
      {
        onSuccess: (report: QuickOrderReport) => {
          // Pasted rows take the place of the blank ones; each is checked again with the rest.
          setRows((current) => [
            ...current.filter(isFilled).map((row) => ({ ...row, checked: '' })),
            ...report.rows.map(rowOf),
          ]);
          done?.();
        },
        onError: (error) => setPasteError(describeError(error) ?? 'The rows could not be read.'),
      },
    );
  }

  function addValid() {
    const sending = valid;
    add.mutate(sending.map(toInput), {
      onSuccess: () => {
        const sent = new Set(sending.map((row) => row.id));
        setRows((current) => {
          const left = current.filter((row) => !sent.has(row.id) && isFilled(row));
          return left.length ? left : blankRows();
        });
        setAdded(sending.length);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Nothing was added',
          description: describeError(error) ?? 'Failed to add the rows to your cart.',
        });
        // Something changed since the check (stock, the cart): check every row again.
        setRows((current) => current.map((row) => ({ ...row, checked: '' })));
      },
    });
  }

  function confirmFile(report: QuickOrderReport, done: () => void) {
    const rowsToAdd = report.rows.filter((row) => row.problem === null);
    add.mutate(
      rowsToAdd.map((row) => ({ sku: row.sku, quantity: row.quantityText })),
      {
        onSuccess: () => {
          setAdded(rowsToAdd.length);
          done();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Nothing was added',
            description: describeError(error) ?? 'Failed to add the rows to your cart.',
          }),
      },
    );
  }

  const problems = filled.filter((row) => isCurrent(row) && row.result?.problem).length;
  return (
    <div className="space-y-6">
      {added !== null ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
        >
          <CheckCircle2 aria-hidden="true" className="size-5 text-green-600" />
          <span className="font-medium">{lines(added)} added to your cart.</span>
          <Link to={href.cart()} className="font-semibold text-blue-700 hover:underline">
            View cart
          </Link>
        </div>
      ) : null}
      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold">Enter SKUs</h2>
        <OrderRows
          rows={rows}
          onChange={change}
          onRemove={remove}
          onAddRow={() => setRows((current) => [...current, blankRow()])}
          onPasteRows={(text) => pasteRows(text)}
        />
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <p aria-live="polite" className="text-sm text-slate-600">
            {checkError ? (
              <span className="text-red-700">{checkError}</span>
            ) : pending.length > 0 ? (
              'Checking rows...'
            ) : filled.length > 0 ? (
              `${valid.length} of ${filled.length} rows ready${problems ? `; ${problems} need attention` : ''}.`
            ) : (
              'Rows are checked as you type.'
            )}
          </p>
          <Button
            size="lg"
            disabled={valid.length === 0 || pending.length > 0 || add.isPending}
            onClick={addValid}
          >
            {add.isPending ? 'Adding...' : `Add ${lines(valid.length)} to cart`}
          </Button>
        </div>
      </Card>
      <Card className="p-4 sm:p-6">
        <PasteBox onRows={pasteRows} busy={read.isPending} error={pasteError} />
      </Card>
      <Card className="p-4 sm:p-6">
        <h2 className="mb-2 text-lg font-semibold">Upload a CSV file</h2>
        <CsvUpload onConfirm={confirmFile} adding={add.isPending} />
      </Card>
    </div>
  );
}
