/**
 * A quote (owner, finance; issue 22, decision 060): who asked, each line as asked (quantity,
 * target price) and the price form: a unit price per line (GST included, like every catalog
 * price) and the day it holds until; sending makes a new version, which replaces the one the
 * buyer has (a sent version never changes). Decline asks for a reason. The message thread is the
 * buyer's too; each staff message is emailed to them. Every action is audited on the server. A
 * quote the buyer withdrew or whose price they declined (decision 073) is final: shown with their
 * reason, no longer priced; an accepted one links to its order on the order desk.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { QUOTE_NOTE_MAX } from '@storefront/shared/constants';
import { formatRupees } from '@storefront/shared/money';
import { parseRupees, rupeesText } from '@storefront/shared/rupees-text';
import { quoteReference } from '@storefront/shared/quote-labels';
import { QuoteDeclineBody, type Quote } from '@storefront/shared/quotes';
import { QuoteStatusBadge } from '../../../../components/quote/quote-status-badge';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { toast } from '../../../../components/ui/use-toast';
import { describeError } from '../../../../lib/api/error-message';
import { sourceLabel } from '../../../../lib/data/shipping-sources';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Facts, Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { TextAreaField } from '../../../components/text-area-field';
import { TextDialog } from '../../../components/text-dialog';
import { calendarDay, formatDateTime, formatDay } from '../../../lib/dates';
import { consoleHref, consolePaths } from '../../../paths';
import { useAnswerQuote } from '../api/answer-quote';
import { useDeclineQuote } from '../api/decline-quote';
import { useQuote } from '../api/get-quote';
import { usePostQuoteMessage } from '../api/post-quote-message';
import { DEFAULT_VALIDITY_DAYS, expiryOfDay, inDays } from '../lib/expiry';

export function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  if (quote.isPending)
    return (
      <>
        <PageHeader title="Quote" />
        <Loading what="the quote" />
      </>
    );
  if (quote.isError)
    return (
      <>
        <PageHeader title="Quote" />
        <QueryError error={quote.error} what="the quote" />
      </>
    );
  return <QuoteDesk quote={quote.data} />;
}

function QuoteDesk({ quote }: { quote: Quote }) {
  const [declining, setDeclining] = useState(false);
  const decline = useDeclineQuote(quote.id);
  const latest = quote.versions.at(-1);
  // Open or priced (expired too: a new version revives it); every other status is final.
  const answerable = ['open', 'answered', 'expired'].includes(quote.status);
  return (
    <>
      <Link
        to={consolePaths.quotes}
        className="mb-2 inline-block text-sm text-blue-700 hover:underline"
      >
        ← All quotes
      </Link>
      <PageHeader
        title={`Quote ${quoteReference(quote.id)}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <QuoteStatusBadge status={quote.status} />
            Asked {formatDateTime(quote.createdAt)}
          </span>
        }
        actions={
          answerable ? (
            <Button variant="outline" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          ) : null
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid content-start gap-4 lg:col-span-2">
          {answerable ? (
            <PriceForm key={latest?.version ?? 0} quote={quote} />
          ) : (
            <LinesPanel quote={quote} />
          )}
          <Thread quote={quote} />
        </div>
        <div className="grid content-start gap-4">
          <Panel title="Buyer">
            <Facts
              items={[
                ['Company', quote.buyer?.companyName ?? ''],
                ['Email', quote.buyer?.email ?? ''],
              ]}
            />
          </Panel>
          <Panel title="Where it stands">
            <Facts
              items={[
                ['Status', <QuoteStatusBadge key="status" status={quote.status} />],
                ...(latest
                  ? ([
                      ['Price', `${formatRupees(latest.totalPaise)} (version ${latest.version})`],
                      ['Valid until', formatDateTime(latest.expiresAt)],
                    ] as [string, string][])
                  : []),
                ...closedBy(quote),
                ...(quote.orderNumber
                  ? ([
                      [
                        'Order',
                        <Link
                          key="order"
                          to={consoleHref.order(quote.orderNumber)}
                          className="text-blue-700 hover:underline"
                        >
                          {quote.orderNumber}
                        </Link>,
                      ],
                    ] as [string, ReactNode][])
                  : []),
              ]}
            />
          </Panel>
          {quote.versions.length > 0 ? (
            <Panel title="Versions sent">
              <ol className="grid gap-2 text-sm">
                {[...quote.versions].reverse().map((version) => (
                  <li key={version.version} className="rounded-md border border-slate-200 p-2">
                    <span className="font-medium">
                      Version {version.version}: {formatRupees(version.totalPaise)}
                    </span>
                    <span className="block text-slate-600">
                      Sent {formatDateTime(version.createdAt)}, valid until{' '}
                      {formatDay(version.expiresAt)}
                    </span>
                  </li>
                ))}
              </ol>
            </Panel>
          ) : null}
        </div>
      </div>
      <TextDialog
        open={declining}
        onOpenChange={setDeclining}
        title="Decline this quote"
        description="The buyer is emailed the reason; the quote can no longer be priced or accepted."
        label="Reason"
        field="reason"
        schema={QuoteDeclineBody}
        confirmLabel="Decline"
        variant="destructive"
        onSubmit={async (body) => {
          await decline.mutateAsync(body as { reason: string });
          toast({ title: 'Quote declined', description: 'The buyer was emailed the reason.' });
        }}
      />
    </>
  );
}

/**
 * Why the quote ended, when it was declined or withdrawn (the status says by whom; the buyer's
 * reason is optional, decision 073).
 */
function closedBy(quote: Quote): [string, string][] {
  if (!['declined', 'withdrawn', 'buyer_declined'].includes(quote.status)) return [];
  return [['Reason', quote.declineReason ?? 'None given']];
}

/** The lines as asked, with the latest prices: what an accepted or declined quote shows. */
function LinesPanel({ quote }: { quote: Quote }) {
  const latest = quote.versions.at(-1);
  return (
    <Panel title="Lines">
      <ul className="divide-y divide-slate-100 text-sm">
        {quote.lines.map((line, i) => (
          <li key={line.position} className="grid gap-1 py-2">
            <span className="font-medium">{line.title}</span>
            <span className="text-slate-600">
              {sourceLabel(line.source, line.title)} · Qty {line.quantity}
              {line.targetPricePaise !== null
                ? ` · target ${formatRupees(line.targetPricePaise)}`
                : ''}
              {latest ? ` · quoted ${formatRupees(latest.unitPricesPaise[i] ?? 0)}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {quote.note ? <p className="text-sm whitespace-pre-line">Note: {quote.note}</p> : null}
    </Panel>
  );
}

/**
 * The price per line and the last day it holds. Each price starts at the latest version's
 * (a new version usually changes one or two) or else at the buyer's target.
 */
function PriceForm({ quote }: { quote: Quote }) {
  const latest = quote.versions.at(-1);
  const [prices, setPrices] = useState(() =>
    quote.lines.map((line, i) => {
      const start = latest?.unitPricesPaise[i] ?? line.targetPricePaise;
      return start === null || start === undefined ? '' : rupeesText(start);
    }),
  );
  const [day, setDay] = useState(() => inDays(DEFAULT_VALIDITY_DAYS));
  const [shown, setShown] = useState(false);
  const answer = useAnswerQuote(quote.id);
  const paise = prices.map((text) => parseRupees(text));
  const priceErrors = paise.map((value) =>
    value === undefined || value < 1 ? 'Enter a price in rupees, like 1250 or 1250.50' : undefined,
  );
  const today = inDays(0);
  const dayError = !calendarDay(day)
    ? 'Choose the last day the price holds'
    : day < today
      ? 'The price must hold until today at least'
      : undefined;
  const total = paise.every((value) => value !== undefined)
    ? quote.lines.reduce((sum, line, i) => sum + paise[i]! * line.quantity, 0)
    : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    if (priceErrors.some(Boolean) || dayError) return;
    answer.mutate(
      { unitPricesPaise: paise as number[], expiresAt: expiryOfDay(day) },
      {
        onSuccess: (sent) =>
          toast({
            title: `Version ${sent.versions.at(-1)?.version ?? ''} sent`,
            description: 'The buyer was emailed the new price.',
          }),
      },
    );
  }

  return (
    <Panel title={latest ? 'Send a new price' : 'Price this request'}>
      {quote.note ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-line">
          <span className="font-medium">Buyer&apos;s note: </span>
          {quote.note}
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="grid gap-3">
        <ul className="divide-y divide-slate-100">
          {quote.lines.map((line, i) => (
            <li
              key={line.position}
              className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_11rem] sm:items-start"
            >
              <div className="text-sm">
                <p className="font-medium text-slate-900">{line.title}</p>
                <p className="text-slate-600">
                  {sourceLabel(line.source, line.title)} · Qty {line.quantity}
                </p>
                <p className="text-slate-600">
                  Target:{' '}
                  {line.targetPricePaise === null ? 'none' : formatRupees(line.targetPricePaise)}
                  {latest ? ` · now quoted ${formatRupees(latest.unitPricesPaise[i] ?? 0)}` : ''}
                </p>
              </div>
              <FormField
                label={`Unit price (₹, GST incl.) for line ${i + 1}`}
                inputMode="decimal"
                value={prices[i]}
                onChange={(event) =>
                  setPrices((all) => all.map((p, at) => (at === i ? event.target.value : p)))
                }
                error={shown ? priceErrors[i] : undefined}
              />
            </li>
          ))}
        </ul>
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <FormField
            label="Valid until (end of the day, IST)"
            type="date"
            min={today}
            value={day}
            onChange={(event) => setDay(event.target.value)}
            error={shown ? dayError : undefined}
          />
          <p className="text-sm sm:text-right">
            Total{' '}
            <span className="text-lg font-bold">
              {total === undefined ? '—' : formatRupees(total)}
            </span>
          </p>
        </div>
        {answer.isError ? (
          <ErrorAlert title="The price was not sent">{describeError(answer.error)}</ErrorAlert>
        ) : null}
        <div>
          <Button type="submit" disabled={answer.isPending}>
            {answer.isPending ? 'Sending...' : latest ? 'Send new version' : 'Send price'}
          </Button>
        </div>
      </form>
    </Panel>
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

  return (
    <Panel title="Messages">
      {quote.messages.length === 0 ? (
        <p className="text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol aria-label="Messages" className="grid gap-2">
          {quote.messages.map((message, i) => (
            <li
              key={i}
              className={
                message.author === 'staff'
                  ? 'ml-6 rounded-md bg-blue-50 p-3'
                  : 'mr-6 rounded-md bg-slate-100 p-3'
              }
            >
              <p className="text-xs font-semibold text-slate-600">
                {message.author === 'staff' ? 'Store' : 'Buyer'} ·{' '}
                {formatDateTime(message.createdAt)}
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-line">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={submit} className="grid gap-2">
        <TextAreaField
          label="Write to the buyer"
          hint="Emailed to the buyer and kept on the quote."
          maxLength={QUOTE_NOTE_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setEmpty(false);
          }}
          error={empty ? 'Write a message' : undefined}
        />
        {post.isError ? (
          <ErrorAlert title="The message was not sent">{describeError(post.error)}</ErrorAlert>
        ) : null}
        <div>
          <Button type="submit" variant="outline" disabled={post.isPending}>
            {post.isPending ? 'Sending...' : 'Send message'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
