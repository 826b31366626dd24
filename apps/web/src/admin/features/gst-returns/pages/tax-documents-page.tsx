/**
 * Tax documents & returns (issue 21, decision 055), for finance and the owner: a month's tax
 * invoices and credit notes with the month's sums, GSTR-1 of the month to download (the offline
 * tool's JSON, or a zip of its CSV tables), and, when the store e-invoices, each document's
 * e-invoice JSON and the registration (IRN, acknowledgement, signed QR) to record. The month, the
 * kind and the page live in the URL. A refused download shows the server's reasons, each rule
 * the file would break.
 */
import { Download, FileJson, Stamp } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorBody } from '@storefront/shared/errors';
import {
  ReturnMonth,
  TAX_DOCUMENT_KINDS,
  type EInvoiceStatus,
  type TaxDocumentKindName,
  type TaxDocumentRow,
  type TaxDocumentSums,
} from '@storefront/shared/gst-returns';
import { indiaDate } from '@storefront/shared/india-date';
import { formatRupees } from '@storefront/shared/money';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { describeError } from '../../../../lib/api/error-message';
import { cn } from '../../../../lib/cn';
import { KeysetPager } from '../../../components/keyset-pager';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { TAX_DOCUMENT_KIND_LABELS, TaxDocumentLink } from '../../../components/tax-document-link';
import { formatCalendarDay } from '../../../lib/dates';
import { useKeysetPages } from '../../../lib/keyset-pages';
import { consoleHref, consolePaths } from '../../../paths';
import { useDownloadEInvoice } from '../api/download-e-invoice';
import { useDownloadGstr1 } from '../api/download-gstr1';
import { useTaxDocuments } from '../api/list-tax-documents';
import { EInvoiceDialog } from '../components/e-invoice-dialog';

const KIND_FILTERS: Record<TaxDocumentKindName, string> = {
  invoice: 'Tax invoices',
  credit_note: 'Credit notes',
};

const STATUS: Record<EInvoiceStatus, { label: string; className: string }> = {
  registered: { label: 'Registered', className: 'bg-green-100 text-green-800' },
  pending: { label: 'Not registered', className: 'bg-amber-100 text-amber-900' },
  not_applicable: { label: 'Not e-invoiced (B2C)', className: 'bg-slate-100 text-slate-700' },
};

/** The month this is in India, 'YYYY-MM'. */
const thisMonth = () => indiaDate(new Date()).slice(0, 7);

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** The rules a refused file breaks, as the server listed them. */
function Refusal({ title, error }: { title: string; error: unknown }) {
  const body =
    error && typeof error === 'object' && 'body' in error
      ? ErrorBody.safeParse((error as { body: unknown }).body)
      : undefined;
  const issues = body?.success ? (body.data.issues ?? []) : [];
  return (
    <ErrorAlert title={title}>
      <p>{describeError(error) ?? 'Something went wrong.'}</p>
      {issues.length > 1 ? (
        <ul className="mt-2 list-disc pl-5">
          {issues.slice(0, 20).map((issue) => (
            <li key={`${issue.path}-${issue.code}`}>{issue.message}</li>
          ))}
        </ul>
      ) : null}
    </ErrorAlert>
  );
}

const HEAD_ROWS: [label: string, pick: (sums: TaxDocumentSums) => number][] = [
  ['Taxable value', (sums) => sums.taxablePaise],
  ['CGST', (sums) => sums.cgstPaise],
  ['SGST/UTGST', (sums) => sums.sgstPaise],
  ['IGST', (sums) => sums.igstPaise],
];

function Sums({
  label,
  sums,
  strong = false,
}: {
  label: string;
  sums: TaxDocumentSums;
  strong?: boolean;
}) {
  return (
    <div
      className={cn(
        'grid content-start gap-2 rounded-md p-3',
        strong ? 'bg-slate-100' : 'bg-slate-50',
      )}
    >
      <h3 className="text-sm font-semibold text-slate-900">
        {label}
        {strong ? null : <span className="font-normal text-slate-500"> ({sums.count})</span>}
      </h3>
      <dl className="grid grid-cols-[minmax(0,1fr)_max-content] gap-x-3 gap-y-1 text-sm">
        {HEAD_ROWS.map(([head, pick]) => (
          <div key={head} className="contents">
            <dt className="text-slate-600">{head}</dt>
            <dd className="text-right tabular-nums">{formatRupees(pick(sums))}</dd>
          </div>
        ))}
        <div className="contents font-semibold">
          <dt>Total</dt>
          <dd className="text-right tabular-nums">{formatRupees(sums.totalPaise)}</dd>
        </div>
      </dl>
    </div>
  );
}

function MonthSummary({
  invoices,
  creditNotes,
}: {
  invoices: TaxDocumentSums;
  creditNotes: TaxDocumentSums;
}) {
  const net: TaxDocumentSums = {
    count: invoices.count + creditNotes.count,
    taxablePaise: invoices.taxablePaise - creditNotes.taxablePaise,
    cgstPaise: invoices.cgstPaise - creditNotes.cgstPaise,
    sgstPaise: invoices.sgstPaise - creditNotes.sgstPaise,
    igstPaise: invoices.igstPaise - creditNotes.igstPaise,
    totalPaise: invoices.totalPaise - creditNotes.totalPaise,
  };
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Sums label="Tax invoices" sums={invoices} />
      <Sums label="Credit notes" sums={creditNotes} />
      <Sums label="Net of credit notes" sums={net} strong />
    </div>
  );
}

/** A document's tax by the heads its supply has: IGST, or CGST with SGST (UTGST in a UT). */
function TaxHeads({ document }: { document: TaxDocumentRow }) {
  const heads: [string, number][] =
    document.supplyType === 'inter'
      ? [['IGST', document.igstPaise]]
      : [
          ['CGST', document.cgstPaise],
          [document.supplyType === 'intra-ut' ? 'UTGST' : 'SGST', document.sgstPaise],
        ];
  return (
    <dl className="grid grid-cols-[max-content_max-content] justify-end gap-x-2">
      {heads.map(([head, paise]) => (
        <div key={head} className="contents">
          <dt className="text-xs text-slate-500">{head}</dt>
          <dd className="text-right tabular-nums">{formatRupees(paise)}</dd>
        </div>
      ))}
    </dl>
  );
}

function EInvoiceCell({
  document,
  onRecord,
  onDownload,
  downloading,
}: {
  document: TaxDocumentRow;
  onRecord: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const status = STATUS[document.eInvoice.status];
  return (
    <div className="grid justify-items-start gap-1.5">
      <span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', status.className)}>
        {status.label}
      </span>
      {document.eInvoice.irn ? (
        <span className="font-mono text-xs text-slate-500" title={document.eInvoice.irn}>
          IRN {document.eInvoice.irn.slice(0, 10)}… · Ack {document.eInvoice.ackNumber}
        </span>
      ) : null}
      {document.eInvoice.status === 'not_applicable' ? null : (
        <div className="flex flex-wrap gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={onDownload}
            disabled={downloading}
            aria-label={`E-invoice JSON of ${document.number}`}
          >
            <FileJson aria-hidden="true" className="size-4" />
            JSON
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onRecord}
            aria-label={`${document.eInvoice.irn ? 'Replace' : 'Record'} the IRN of ${document.number}`}
          >
            <Stamp aria-hidden="true" className="size-4" />
            {document.eInvoice.irn ? 'Replace IRN' : 'Record IRN'}
          </Button>
        </div>
      )}
    </div>
  );
}

export function TaxDocumentsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const monthParam = params.get('month');
  const month = ReturnMonth.safeParse(monthParam).success ? monthParam! : thisMonth();
  const kindParam = params.get('kind');
  const kind = TAX_DOCUMENT_KINDS.find((known) => known === kindParam);
  const pages = useKeysetPages('cursor');
  const documents = useTaxDocuments({ month, kind, cursor: pages.cursor });
  const gstr1 = useDownloadGstr1();
  const eInvoice = useDownloadEInvoice();
  const [recording, setRecording] = useState<TaxDocumentRow | null>(null);

  const show = (next: { month: string; kind?: string }) => {
    const search = new URLSearchParams({
      month: next.month,
      ...(next.kind ? { kind: next.kind } : {}),
    });
    void navigate(`${consolePaths.taxDocuments}?${search.toString()}`);
  };
  const downloadGstr1 = (format: 'json' | 'csv') =>
    gstr1.mutate(
      { month, format },
      { onSuccess: (name) => toast({ title: 'GSTR-1 downloaded', description: name }) },
    );
  const eInvoicing = documents.data?.eInvoicing ?? false;
  const summary = documents.data?.summary;

  return (
    <>
      <PageHeader
        title="Tax documents & returns"
        description="Tax invoices and credit notes as issued, GSTR-1 for the month, and e-invoices."
      />
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <div className="grid gap-1.5">
          <label htmlFor="returns-month" className="text-sm font-medium text-slate-800">
            Month
          </label>
          <input
            id="returns-month"
            type="month"
            value={month}
            min="2017-07"
            max={thisMonth()}
            onChange={(event) => {
              if (ReturnMonth.safeParse(event.target.value).success)
                show({ month: event.target.value, kind });
            }}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="returns-kind" className="text-sm font-medium text-slate-800">
            Documents
          </label>
          <select
            id="returns-kind"
            value={kind ?? ''}
            onChange={(event) => show({ month, kind: event.target.value || undefined })}
            className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">All documents</option>
            {TAX_DOCUMENT_KINDS.map((known) => (
              <option key={known} value={known}>
                {KIND_FILTERS[known]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mb-6 grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel title={`${monthName(month)}: totals`}>
          {summary ? (
            <MonthSummary invoices={summary.invoices} creditNotes={summary.creditNotes} />
          ) : documents.isPending ? (
            <Loading what="the totals" rows={3} />
          ) : (
            <p className="text-sm text-slate-600">The month's totals show on its first page.</p>
          )}
        </Panel>
        <Panel title="GSTR-1">
          <p className="text-sm text-slate-600">
            The invoices, credit notes and HSN summary of {monthName(month)} in GSTR-1's tables: the
            JSON to upload with the GST portal's offline tool, or its CSV tables in one zip.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => downloadGstr1('json')} disabled={gstr1.isPending}>
              <Download aria-hidden="true" className="size-4" />
              GSTR-1 JSON
            </Button>
            <Button
              variant="outline"
              onClick={() => downloadGstr1('csv')}
              disabled={gstr1.isPending}
            >
              <Download aria-hidden="true" className="size-4" />
              CSV tables (zip)
            </Button>
          </div>
          {gstr1.isError ? <Refusal title="GSTR-1 not downloaded" error={gstr1.error} /> : null}
        </Panel>
      </div>

      {eInvoice.isError ? (
        <div className="mb-4">
          <Refusal title="E-invoice not downloaded" error={eInvoice.error} />
        </div>
      ) : null}

      {documents.isPending ? (
        <Loading what="tax documents" />
      ) : documents.isError ? (
        <QueryError error={documents.error} what="the tax documents" />
      ) : documents.data.documents.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          No {kind ? KIND_FILTERS[kind].toLowerCase() : 'tax documents'} were issued in{' '}
          {monthName(month)}.
        </p>
      ) : (
        <>
          <DataTable caption={`Tax documents of ${monthName(month)}, newest first`}>
            <thead>
              <tr>
                <Th>Document</Th>
                <Th>Date</Th>
                <Th>Recipient</Th>
                <Th className="text-right">Taxable</Th>
                <Th className="text-right">Tax</Th>
                <Th className="text-right">Total</Th>
                {eInvoicing ? <Th>E-invoice</Th> : null}
              </tr>
            </thead>
            <tbody>
              {documents.data.documents.map((document) => (
                <tr key={document.id} className="hover:bg-slate-50">
                  <Td className="whitespace-nowrap">
                    <TaxDocumentLink document={document} />
                    <span className="block text-xs text-slate-500">
                      {TAX_DOCUMENT_KIND_LABELS[document.kind]}
                      {document.original ? ` of ${document.original.number}` : ''}
                    </span>
                    <Link
                      to={consoleHref.order(document.orderNumber)}
                      className="block font-mono text-xs text-blue-700 hover:underline"
                    >
                      {document.orderNumber}
                    </Link>
                  </Td>
                  <Td className="whitespace-nowrap">{formatCalendarDay(document.issueDate)}</Td>
                  <Td className="min-w-44">
                    <span className="block font-medium">{document.recipient.legalName}</span>
                    <span className="block font-mono text-xs text-slate-500">
                      {document.recipient.gstin ?? 'Unregistered'}
                    </span>
                    <span className="block text-xs text-slate-500">
                      Place of supply {document.placeOfSupply.code} {document.placeOfSupply.name}
                    </span>
                  </Td>
                  <Td className="text-right whitespace-nowrap tabular-nums">
                    {formatRupees(document.taxablePaise)}
                  </Td>
                  <Td className="whitespace-nowrap">
                    <TaxHeads document={document} />
                  </Td>
                  <Td className="text-right font-medium whitespace-nowrap tabular-nums">
                    {formatRupees(document.totalPaise)}
                  </Td>
                  {eInvoicing ? (
                    <Td>
                      <EInvoiceCell
                        document={document}
                        downloading={eInvoice.isPending}
                        onDownload={() =>
                          eInvoice.mutate(
                            { id: document.id, number: document.number },
                            {
                              onSuccess: (name) =>
                                toast({ title: 'E-invoice JSON downloaded', description: name }),
                            },
                          )
                        }
                        onRecord={() => setRecording(document)}
                      />
                    </Td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </DataTable>
          <KeysetPager
            label="Tax document pages"
            pageNumber={pages.pageNumber}
            hasPrevious={pages.hasPrevious}
            next={documents.data.next}
            onPrevious={pages.previous}
            onNext={pages.next}
          />
        </>
      )}
      {recording ? (
        <EInvoiceDialog
          document={recording}
          open
          onOpenChange={(open) => {
            if (!open) setRecording(null);
          }}
        />
      ) : null}
    </>
  );
}
