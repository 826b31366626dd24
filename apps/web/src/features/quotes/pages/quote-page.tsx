/**
 * One quote (/quotes/{id}; issue 22, decision 060): where it stands, each line as asked with the
 * latest quoted unit price, the total and the expiry; earlier prices (a sent price never
 * changes, a new version replaces it); the message thread, to which the buyer writes. A priced
 * quote is accepted through the checkout (decision 063): the buyer's billing and shipping, then
 * one order at the quoted prices and the ordinary payment step; or the buyer withdraws the
 * request or declines the price, after a confirmation (decision 073). The emails of kind
 * `quote_update` link here.
 */
import { ArrowLeft, Ban, CheckCircle2, Clock, FileText, XCircle } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link, useParams } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import { QUOTE_NOTE_MAX } from '@storefront/shared/constants';
import { quoteReference } from '@storefront/shared/quote-labels';
import type { Quote, QuoteVersion } from '@storefront/shared/quotes';
import { href } from '@storefront/shared/routes';
import { SignedInQuery } from '../../../components/account/sign-in-required';
import { QuoteStatusBadge } from '../../../components/quote/quote-status-badge';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { describeError } from '../../../lib/api/error-message';
import { useQuote } from '../../../lib/api/get-quote';
import { sourceLabel } from '../../../lib/data/shipping-sources';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { usePostQuoteMessage } from '../api/post-quote-message';
import type { QuoteClosing } from '../components/close-quote-dialog';
import { LazyCloseQuoteDialog } from '../components/lazy-close-quote-dialog';
import { formatDate, formatDateTime } from '../lib/dates';

export function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  useDocumentTitle(quote.data ? `Quote ${quoteReference(quote.data.id)}` : 'Quote');
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-8 lg:px-8">
      <Link to={href.quotes()} className={buttonClasses('ghost', 'md', '-ml-3 mb-4')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to My Quotes
      </Link>
      <SignedInQuery
        query={quote}
        loginMessage="Please login to view your quotes"
        loading={
          <div aria-busy="true" aria-label="Loading quote" className="space-y-4">
            <Skeleton className="h-10 w-64" />
            <Skeleton className="h-48 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        }
        error={(error) => (
          <Card className="p-8 text-center">
            <p className="text-lg font-semibold">Error Loading Quote</p>
            <p className="mt-2 text-slate-600">
              We couldn&apos;t fetch this quote. It might not exist or there was a problem
              connecting.
            </p>
            <p className="mt-1 text-sm text-slate-500">{error.message}</p>
            <Link to={href.quotes()} className={buttonClasses('primary', 'md', 'mt-6')}>
              View All Quotes
            </Link>
          </Card>
        )}
      >
        {(data) => <QuoteDetail quote={data} />}
      </SignedInQuery>
    </div>
  );
}

function QuoteDetail({ quote }: { quote: Quote }) {
  const latest = quote.versions.at(-1);
  const earlier = quote.versions.slice(0, -1).reverse();
  const [closing, setClosing] = useState<QuoteClosing | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLElement>(null);
  function closeDialog() {
    setClosing(null);
    // Back to the button, or, once the quote has ended and the button is gone, to where it stands.
    requestAnimationFrame(() => (opener.current ?? status.current)?.focus());
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Quote {quoteReference(quote.id)}</h1>
          <p className="mt-1 text-slate-600">Asked on {formatDateTime(quote.createdAt)}</p>
        </div>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <StatusPanel
        quote={quote}
        latest={latest}
        onClose={setClosing}
        opener={opener}
        panel={status}
      />
      <Lines quote={quote} latest={latest} />
      {earlier.length > 0 ? <EarlierPrices quote={quote} versions={earlier} /> : null}
      <Thread quote={quote} />
      {closing ? (
        <LazyCloseQuoteDialog quoteId={quote.id} closing={closing} onClose={closeDialog} />
      ) : null}
    </div>
  );
}

function Notice({
  tone,
  icon,
  title,
  panel,
  children,
}: {
  tone: 'blue' | 'amber' | 'green' | 'red' | 'slate';
  icon: ReactNode;
  title: string;
  panel: RefObject<HTMLElement | null>;
  children?: ReactNode;
}) {
  const tones = {
    blue: 'border-blue-200 bg-blue-50',
    amber: 'border-amber-300 bg-amber-50',
    green: 'border-green-200 bg-green-50',
    red: 'border-red-200 bg-red-50',
    slate: 'border-slate-200 bg-slate-50',
  };
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-label="Where this quote stands"
      className={`flex gap-3 rounded-lg border p-4 focus:outline-none ${tones[tone]}`}
    >
      <span className="mt-0.5 shrink-0 text-slate-700">{icon}</span>
      <div className="grid min-w-0 flex-1 gap-2">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {children}
      </div>
    </section>
  );
}

function StatusPanel({
  quote,
  latest,
  onClose,
  opener,
  panel,
}: {
  quote: Quote;
  latest: QuoteVersion | undefined;
  /** Opens the confirmation to withdraw the request or decline the price. */
  onClose: (closing: QuoteClosing) => void;
  /** The button that opened it, to return the focus to. */
  opener: RefObject<HTMLButtonElement | null>;
  panel: RefObject<HTMLElement | null>;
}) {
  const icon = (Icon: typeof Clock) => <Icon aria-hidden="true" className="size-5" />;
  const reason = quote.declineReason ? (
    <p className="text-sm whitespace-pre-line text-slate-700">{quote.declineReason}</p>
  ) : null;
  switch (quote.status) {
    case 'open':
      return (
        <Notice
          tone="blue"
          icon={icon(Clock)}
          title="Our sales team is pricing your request"
          panel={panel}
        >
          <p className="text-sm text-slate-700">
            We email you as soon as the price is ready. Anything to add? Write to us below.
          </p>
          <div>
            <Button ref={opener} variant="outline" onClick={() => onClose({ action: 'withdraw' })}>
              Withdraw request
            </Button>
          </div>
        </Notice>
      );
    case 'answered':
      return latest ? (
        <Notice
          tone="amber"
          icon={icon(FileText)}
          title={`Priced at ${formatRupees(latest.totalPaise)}, valid until ${formatDateTime(latest.expiresAt)}`}
          panel={panel}
        >
          <p className="text-sm text-slate-700">
            Accepting places one order at these prices (GST included); you then pay for it as for
            any order. Want a different price? Write to us below.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link
              to={href.checkout({ id: quote.id, version: latest.version })}
              className={buttonClasses('primary', 'md')}
            >
              Accept and check out
            </Link>
            <Button
              ref={opener}
              variant="outline"
              onClick={() =>
                onClose({
                  action: 'decline',
                  version: latest.version,
                  totalPaise: latest.totalPaise,
                })
              }
            >
              Decline price
            </Button>
          </div>
        </Notice>
      ) : null;
    case 'expired':
      return (
        <Notice tone="slate" icon={icon(Clock)} title="This price has expired" panel={panel}>
          <p className="text-sm text-slate-700">
            {latest ? `It held until ${formatDateTime(latest.expiresAt)}. ` : ''}Write to us below
            and we can send you a new price.
          </p>
        </Notice>
      );
    case 'declined':
      return (
        <Notice
          tone="red"
          icon={icon(XCircle)}
          title="We could not quote this request"
          panel={panel}
        >
          {reason}
        </Notice>
      );
    case 'withdrawn':
      return (
        <Notice tone="slate" icon={icon(Ban)} title="You withdrew this request" panel={panel}>
          {reason}
        </Notice>
      );
    case 'buyer_declined':
      return (
        <Notice
          tone="slate"
          icon={icon(Ban)}
          title={`You declined ${latest ? `version ${latest.version} of ` : ''}our price`}
          panel={panel}
        >
          {reason}
        </Notice>
      );
    case 'accepted':
      return (
        <Notice
          tone="green"
          icon={icon(CheckCircle2)}
          title="You accepted this quote"
          panel={panel}
        >
          <p className="text-sm text-slate-700">
            It became {quote.orderNumber ? `order ${quote.orderNumber}` : 'an order'} at the quoted
            prices.
          </p>
          {quote.orderId ? (
            <div>
              <Link to={href.orderDetail(quote.orderId)} className={buttonClasses('primary', 'md')}>
                View order
              </Link>
            </div>
          ) : null}
        </Notice>
      );
  }
}

function Lines({ quote, latest }: { quote: Quote; latest: QuoteVersion | undefined }) {
  return (
    <Card as="section" aria-labelledby="quote-lines" className="p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="quote-lines" className="text-lg font-bold">
          Items
        </h2>
        {latest ? (
          <p className="text-sm text-slate-600">
            Price version {latest.version}, sent {formatDate(latest.createdAt)}
          </p>
        ) : null}
      </div>
      <ul className="mt-2 divide-y divide-slate-200">
        {quote.lines.map((line, i) => {
          const unit = latest?.unitPricesPaise[i];
          return (
            <li
              key={line.position}
              className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-6"
            >
              <div className="min-w-0">
                <Link
                  to={href.product(line.productId)}
                  className="font-medium break-words text-blue-700 hover:underline"
                >
                  {line.title}
                </Link>
                <p className="text-sm text-slate-600">
                  {sourceLabel(line.source, line.title)} · Qty {line.quantity}
                  {line.targetPricePaise !== null
                    ? ` · your target ${formatRupees(line.targetPricePaise)} each`
                    : ''}
                </p>
              </div>
              <div className="text-sm sm:text-right">
                {unit === undefined ? (
                  <span className="text-slate-500">Awaiting price</span>
                ) : (
                  <>
                    <p>
                      <span className="sr-only">Quoted unit price </span>
                      {formatRupees(unit)} each
                    </p>
                    <p className="font-semibold">{formatRupees(unit * line.quantity)}</p>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {latest ? (
        <div className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-3">
          <span className="font-semibold">Quoted total (GST included)</span>
          <span className="text-lg font-bold">{formatRupees(latest.totalPaise)}</span>
        </div>
      ) : null}
    </Card>
  );
}

function EarlierPrices({ quote, versions }: { quote: Quote; versions: QuoteVersion[] }) {
  return (
    <Card as="section" aria-labelledby="quote-earlier" className="p-5">
      <h2 id="quote-earlier" className="text-lg font-bold">
        Earlier prices
      </h2>
      <p className="text-sm text-slate-600">
        Replaced by the price above; a sent price never changes, so these are kept as they were.
      </p>
      <ul className="mt-3 space-y-3">
        {versions.map((version) => (
          <li key={version.version} className="rounded-md border border-slate-200 p-3 text-sm">
            <p className="font-medium">
              Version {version.version}: {formatRupees(version.totalPaise)}, sent{' '}
              {formatDate(version.createdAt)}, valid until {formatDate(version.expiresAt)}
            </p>
            <p className="mt-1 text-slate-600">
              {quote.lines
                .map(
                  (line, i) =>
                    `${line.title}: ${formatRupees(version.unitPricesPaise[i] ?? 0)} each`,
                )
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Thread({ quote }: { quote: Quote }) {
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const post = usePostQuoteMessage(quote.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return setEmpty(true);
    post.mutate(text.trim(), { onSuccess: () => setText('') });
  }

  const messages = [
    ...(quote.note
      ? [{ author: 'buyer' as const, body: quote.note, createdAt: quote.createdAt }]
      : []),
    ...quote.messages,
  ];
  return (
    <Card as="section" aria-labelledby="quote-thread" className="p-5">
      <h2 id="quote-thread" className="text-lg font-bold">
        Messages
      </h2>
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol aria-label="Messages" className="mt-3 space-y-3">
          {messages.map((message, i) => (
            <li
              key={i}
              className={
                message.author === 'buyer'
                  ? 'ml-6 rounded-lg bg-blue-50 p-3 sm:ml-16'
                  : 'mr-6 rounded-lg bg-slate-100 p-3 sm:mr-16'
              }
            >
              <p className="text-xs font-semibold text-slate-600">
                {message.author === 'buyer' ? 'You' : 'Sales team'} ·{' '}
                {formatDateTime(message.createdAt)}
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">
                {message.body}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={submit} className="mt-4 grid gap-2">
        <label htmlFor="quote-message" className="text-sm font-medium">
          Write to our sales team
        </label>
        <textarea
          id="quote-message"
          rows={3}
          maxLength={QUOTE_NOTE_MAX}
          value={text}
          aria-invalid={empty ? true : undefined}
          aria-describedby={empty ? 'quote-message-error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setEmpty(false);
          }}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-blue-600"
        />
        {empty ? (
          <p id="quote-message-error" className="text-sm text-red-600">
            Write a message
          </p>
        ) : null}
        {post.isError ? (
          <ErrorAlert title="The message could not be sent">{describeError(post.error)}</ErrorAlert>
        ) : null}
        <div>
          <Button type="submit" disabled={post.isPending}>
            {post.isPending ? 'Sending...' : 'Send message'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
