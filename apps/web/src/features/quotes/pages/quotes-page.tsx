/**
 * My Quotes (/quotes; issue 22): the buyer's quote requests, newest first, each with its status,
 * its first product, its latest price and until when it holds. States: a login prompt, loading,
 * an error with Retry, none yet (with how to ask for one), and the list.
 */
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import type { QuoteSummary } from '@storefront/shared/quotes';
import { href } from '@storefront/shared/routes';
import { SignedInQuery } from '../../../components/account/sign-in-required';
import { QuoteStatusBadge } from '../../../components/quote/quote-status-badge';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useQuotes } from '../api/get-quotes';
import { formatDate } from '../lib/dates';

export function QuotesPage() {
  useDocumentTitle('My Quotes');
  const quotes = useQuotes();
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-8 lg:px-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">My Quotes</h1>
      <SignedInQuery
        query={quotes}
        loginMessage="Please login to view your quotes"
        loading={
          <div aria-busy="true" aria-label="Loading quotes" className="space-y-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        }
        error={() => (
          <div className="space-y-4">
            <ErrorAlert title="Error">Failed to load quotes. Please try again later.</ErrorAlert>
            <Button variant="outline" onClick={() => void quotes.refetch()}>
              Retry
            </Button>
          </div>
        )}
      >
        {(data) => (data.length === 0 ? <NoQuotes /> : <QuoteList quotes={data} />)}
      </SignedInQuery>
    </div>
  );
}

function NoQuotes() {
  return (
    <Card className="p-10 text-center">
      <FileText aria-hidden="true" className="mx-auto size-12 text-slate-400" />
      <p className="mt-4 text-xl font-semibold">You have no quotes yet</p>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        Buying in volume? Choose &ldquo;Request a quote&rdquo; on a product&apos;s page or in your
        cart, and our sales team prices it for you.
      </p>
      <Link to={href.cart()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to your cart
      </Link>
    </Card>
  );
}

/** What the row says of the latest price: the total and until when, or why there is none. */
function priceLine(quote: QuoteSummary): string {
  if (quote.totalPaise === null)
    return quote.status === 'open' ? 'Awaiting our price' : 'Not priced';
  const total = formatRupees(quote.totalPaise);
  if (quote.status === 'answered' && quote.expiresAt)
    return `${total} · valid until ${formatDate(quote.expiresAt)}`;
  if (quote.status === 'expired' && quote.expiresAt)
    return `${total} · expired ${formatDate(quote.expiresAt)}`;
  return total;
}

function QuoteList({ quotes }: { quotes: QuoteSummary[] }) {
  return (
    <ul aria-label="Quotes" className="space-y-4">
      {quotes.map((quote) => (
        <Card as="li" key={quote.id} className="p-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <Link
                to={href.quote(quote.id)}
                className="font-semibold break-words text-blue-700 hover:underline"
              >
                {quote.title}
                {quote.lineCount > 1 ? ` and ${quote.lineCount - 1} more` : ''}
              </Link>
              <p className="mt-1 text-sm text-slate-600">
                Asked on {formatDate(quote.createdAt)} · {quote.lineCount}{' '}
                {quote.lineCount === 1 ? 'line' : 'lines'}
              </p>
            </div>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <p className="font-medium text-slate-900">{priceLine(quote)}</p>
            <Link to={href.quote(quote.id)} className={buttonClasses('outline', 'sm')}>
              View Quote
            </Link>
          </div>
        </Card>
      ))}
    </ul>
  );
}
