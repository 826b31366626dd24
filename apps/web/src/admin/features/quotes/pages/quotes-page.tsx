/**
 * The quote queue (owner, finance; issue 22, decision 060): the buyers' quote requests, newest
 * first, filtered by status ("Awaiting price" first of all: those wait for an answer), a keyset
 * page at a time; the status and the page are in the URL, so Back and a shared link keep them.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import {
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  quoteReference,
} from '@storefront/shared/quote-labels';
import { QuoteStatus } from '@storefront/shared/quotes';
import { QuoteStatusBadge } from '../../../../components/quote/quote-status-badge';
import { KeysetPager } from '../../../components/keyset-pager';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { useKeysetPages } from '../../../lib/keyset-pages';
import { consoleHref, consolePaths } from '../../../paths';
import { useQuotes } from '../api/get-quotes';

export function QuotesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const parsed = QuoteStatus.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const pages = useKeysetPages('after');
  const quotes = useQuotes({
    ...(status ? { status } : {}),
    ...(pages.cursor ? { after: pages.cursor } : {}),
  });
  const show = (next: string) =>
    void navigate(
      next
        ? `${consolePaths.quotes}?${new URLSearchParams({ status: next }).toString()}`
        : consolePaths.quotes,
    );

  return (
    <>
      <PageHeader
        title="Quotes"
        description="Buyers' requests for a price. Answer with a price per line and an expiry, or decline."
      />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <label htmlFor="quotes-status" className="text-sm font-medium text-slate-800">
          Status
        </label>
        <select
          id="quotes-status"
          value={status ?? ''}
          onChange={(event) => show(event.target.value)}
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="">Any status</option>
          {QUOTE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {QUOTE_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {quotes.isPending ? (
        <Loading what="quotes" />
      ) : quotes.isError ? (
        <QueryError error={quotes.error} what="the quotes" />
      ) : quotes.data.payload.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          {status
            ? `No quotes are ${QUOTE_STATUS_LABELS[status].toLowerCase()}.`
            : 'No buyer has asked for a quote yet.'}
        </p>
      ) : (
        <>
          <DataTable caption="Quotes" captionHidden>
            <thead>
              <tr>
                <Th>Quote</Th>
                <Th>Asked</Th>
                <Th>Buyer</Th>
                <Th>Items</Th>
                <Th className="text-right">Quoted total</Th>
                <Th>Expires</Th>
                <Th>Status</Th>
              </tr>
            </thead>
            <tbody>
              {quotes.data.payload.map((quote) => (
                <tr key={quote.id} className="hover:bg-slate-50">
                  <Td className="font-mono whitespace-nowrap">
                    <Link
                      to={consoleHref.quote(quote.id)}
                      className="text-blue-700 hover:underline"
                    >
                      {quoteReference(quote.id)}
                    </Link>
                  </Td>
                  <Td className="whitespace-nowrap">{formatDateTime(quote.createdAt)}</Td>
                  <Td>
                    <span className="block font-medium">{quote.buyer?.companyName}</span>
                    <span className="block text-slate-500">{quote.buyer?.email}</span>
                  </Td>
                  <Td className="min-w-48">
                    {quote.title}
                    {quote.lineCount > 1 ? (
                      <span className="text-slate-500"> and {quote.lineCount - 1} more</span>
                    ) : null}
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    {quote.totalPaise === null ? '—' : formatRupees(quote.totalPaise)}
                  </Td>
                  <Td className="whitespace-nowrap">
                    {quote.expiresAt ? formatDay(quote.expiresAt) : '—'}
                  </Td>
                  <Td>
                    <QuoteStatusBadge status={quote.status} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <KeysetPager
            label="Quotes pages"
            pageNumber={pages.pageNumber}
            hasPrevious={pages.hasPrevious}
            next={quotes.data.next}
            onPrevious={pages.previous}
            onNext={pages.next}
          />
        </>
      )}
    </>
  );
}
