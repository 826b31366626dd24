/**
 * CSV to cart (decision 065): the template to download, a file read and checked by the server,
 * its report row by row, and nothing added until the buyer confirms the valid rows.
 */
import { Download, FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { QUICK_ORDER_TEXT_MAX_BYTES } from '@storefront/shared/constants';
import type { QuickOrderReport } from '@storefront/shared/quick-order';
import { Button } from '../../../components/ui/button';
import { describeError } from '../../../lib/api/error-message';
import { useReadQuickOrderText } from '../api/read-quick-order-text';
import { RowStatus } from './row-status';

export const TEMPLATE_URL = '/api/cart/quick-order/template.csv';

export function CsvUpload({
  onConfirm,
  adding,
}: {
  onConfirm: (report: QuickOrderReport, done: () => void) => void;
  adding: boolean;
}) {
  const read = useReadQuickOrderText();
  const [report, setReport] = useState<QuickOrderReport | null>(null);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  function reset() {
    setReport(null);
    if (input.current) input.current.value = '';
  }

  function choose(file: File | undefined) {
    setError(undefined);
    setReport(null);
    if (!file) return;
    if (file.size > QUICK_ORDER_TEXT_MAX_BYTES) {
      setError(
        `The file is larger than ${QUICK_ORDER_TEXT_MAX_BYTES / 1024} KB: split it into smaller lists.`,
      );
      return;
    }
    read.mutate(
      { file },
      {
        onSuccess: setReport,
        onError: (failure) => setError(describeError(failure) ?? 'The file could not be read.'),
      },
    );
  }

  return (
    <div>
      <p className="text-sm text-slate-600">
        A CSV file with a SKU column and a Quantity column, up to 200 rows.{' '}
        <a
          href={TEMPLATE_URL}
          download
          className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline"
        >
          <Download aria-hidden="true" className="size-4" />
          Download the template
        </a>
      </p>
      <label className="mt-3 flex w-fit cursor-pointer items-center gap-2 rounded-md border border-dashed border-slate-400 bg-white px-4 py-3 text-sm font-medium text-slate-800 hover:bg-slate-50">
        <FileUp aria-hidden="true" className="size-4" />
        {read.isPending ? 'Reading the file...' : 'Choose a CSV file'}
        <input
          ref={input}
          type="file"
          accept=".csv,.tsv,.txt,text/csv"
          aria-label="CSV file"
          className="sr-only"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </label>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {report ? (
        <div data-testid="csv-report" className="mt-4">
          <p className="text-sm font-semibold text-slate-900">
            {report.valid} of {report.rows.length} rows can be added
            {report.invalid > 0
              ? `; ${report.invalid} cannot (nothing is added until you confirm)`
              : ''}
            .
          </p>
          <div className="mt-2 max-h-96 overflow-auto rounded-md border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-2 py-2">
                    Row
                  </th>
                  <th scope="col" className="px-2 py-2">
                    SKU
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Qty
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Result
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr
                    key={row.row}
                    data-testid="csv-row"
                    className="border-t border-slate-100 align-top"
                  >
                    <td className="px-2 py-2 text-slate-500">{row.row}</td>
                    <td className="px-2 py-2 font-mono text-xs whitespace-nowrap">
                      {row.sku || '—'}
                    </td>
                    <td className="px-2 py-2">{row.quantityText || '—'}</td>
                    <td className="px-2 py-2">
                      <RowStatus result={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              disabled={report.valid === 0 || adding}
              onClick={() => onConfirm(report, reset)}
            >
              {adding
                ? 'Adding...'
                : `Add ${report.valid} valid ${report.valid === 1 ? 'row' : 'rows'} to cart`}
            </Button>
            <Button variant="outline" onClick={reset}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
