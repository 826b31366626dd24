/**
 * Request a quote (/quotes/new; issue 22, decision 063): from the cart (`?from=cart`, every
 * line at its quantity) or from a product page (`?product=&variant=&source=&quantity=`, that
 * variant at any quantity, 250 suggested, the FAQ's "above 250 units" line). The buyer may change
 * each quantity, name a target price per unit, and add a note; sending goes to the new quote.
 * The server checks every line again (product, variant, source) and answers what it refuses.
 */
import { ArrowLeft, FileText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUOTE_LINES_MAX,
  QUOTE_NOTE_MAX,
  QUOTE_SUGGESTED_QUANTITY,
} from '@storefront/shared/constants';
import { parseRupees } from '@storefront/shared/rupees-text';
import { QUANTITY_MESSAGE } from '@storefront/shared/order-quantity';
import type { ShippingSource } from '@storefront/shared/pricing';
import type { QuoteRequestBody } from '@storefront/shared/quotes';
import { href } from '@storefront/shared/routes';
import { SignedInQuery } from '../../../components/account/sign-in-required';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { describeError } from '../../../lib/api/error-message';
import { useCartQuery } from '../../../lib/api/get-cart';
import { useProduct } from '../../../lib/api/get-product';
import { sourceLabel } from '../../../lib/data/shipping-sources';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useRequestQuote } from '../api/request-quote';

/** A line as the form holds it: what is asked for, and the two fields the buyer types. */
export interface DraftLine {
  productId: string;
  variantIndex: number | null;
  source: string;
  title: string;
  quantity: string;
  target: string;
}

export const TARGET_MESSAGE = 'Enter a price in rupees, like 1250 or 1250.50, or leave it empty';

export function NewQuotePage() {
  useDocumentTitle('Request a quote');
  const [params] = useSearchParams();
  const productId = params.get('product');
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-8 lg:px-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Request a quote</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Tell us the quantities you need and, if you like, the price per unit you are aiming for. Our
        sales team answers with a price for each line and how long it holds; we email you, and the
        quote waits in My Quotes.
      </p>
      <div className="mt-6">
        {productId ? (
          <FromProduct
            productId={productId}
            variantIndex={params.get('variant')}
            source={params.get('source')}
            quantity={params.get('quantity')}
          />
        ) : (
          <FromCart />
        )}
      </div>
    </div>
  );
}

const loading = (
  <div aria-busy="true" aria-label="Loading the request" className="space-y-4">
    <Skeleton className="h-32 w-full" />
    <Skeleton className="h-24 w-full" />
  </div>
);

function FromCart() {
  const cart = useCartQuery();
  return (
    <SignedInQuery
      query={cart}
      loginMessage="Please login to request a quote"
      loading={loading}
      error={(error) => <ErrorAlert title="Error">{error.message}</ErrorAlert>}
    >
      {({ lines }) =>
        lines.length === 0 ? (
          <Card className="p-8 text-center">
            <p className="text-lg font-semibold">Your cart is empty</p>
            <p className="mt-2 text-slate-600">
              Add the products you need to your cart, or ask from a product&apos;s page.
            </p>
            <Link to={href.home()} className={buttonClasses('primary', 'md', 'mt-6')}>
              Continue Shopping
            </Link>
          </Card>
        ) : (
          <QuoteRequestForm
            back={{ to: href.cart(), label: 'Back to cart' }}
            initial={lines.slice(0, QUOTE_LINES_MAX).map((line) => ({
              productId: line.productId,
              variantIndex: line.variantIndex,
              source: line.source,
              title: line.option1 ? `${line.product.name} (${line.option1})` : line.product.name,
              quantity: String(line.quantity),
              target: '',
            }))}
            skipped={Math.max(0, lines.length - QUOTE_LINES_MAX)}
          />
        )
      }
    </SignedInQuery>
  );
}

function FromProduct({
  productId,
  variantIndex,
  source,
  quantity,
}: {
  productId: string;
  variantIndex: string | null;
  source: string | null;
  quantity: string | null;
}) {
  const product = useProduct(productId);
  const index = variantIndex === null || variantIndex === '' ? null : Number(variantIndex);
  return (
    <SignedInQuery
      query={product}
      loginMessage="Please login to request a quote"
      loading={loading}
      error={(error) => <ErrorAlert title="Error">{error.message}</ErrorAlert>}
    >
      {(data) => {
        const variant = data.varients.find((v) => v.variantIndex === index);
        return (
          <QuoteRequestForm
            back={{ to: href.product(productId), label: 'Back to the product' }}
            initial={[
              {
                productId,
                variantIndex: index,
                source: source ?? 'Ex-india custom',
                title: variant ? `${data.name} (${variant.option1})` : data.name,
                quantity: quantity ?? String(QUOTE_SUGGESTED_QUANTITY),
                target: '',
              },
            ]}
            skipped={0}
          />
        );
      }}
    </SignedInQuery>
  );
}

/** The field messages of a draft, by line; empty when it may be sent. */
export function draftErrors(lines: DraftLine[]): { quantity?: string; target?: string }[] {
  return lines.map((line) => {
    const quantity = Number(line.quantity);
    const errors: { quantity?: string; target?: string } = {};
    if (!/^\d+$/.test(line.quantity.trim()) || quantity < QUANTITY_MIN || quantity > QUANTITY_MAX)
      errors.quantity = QUANTITY_MESSAGE;
    if (line.target.trim() !== '' && !(parseRupees(line.target) ?? 0))
      errors.target = TARGET_MESSAGE;
    return errors;
  });
}

function QuoteRequestForm({
  initial,
  skipped,
  back,
}: {
  initial: DraftLine[];
  /** Cart lines past the most a quote holds. */
  skipped: number;
  back: { to: string; label: string };
}) {
  const [lines, setLines] = useState(initial);
  const [note, setNote] = useState('');
  const [shown, setShown] = useState(false);
  const request = useRequestQuote();
  const navigate = useNavigate();
  const errors = draftErrors(lines);
  const invalid = errors.some((e) => e.quantity || e.target);

  const change = (at: number, field: 'quantity' | 'target', value: string) =>
    setLines((current) =>
      current.map((line, i) => (i === at ? { ...line, [field]: value } : line)),
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    if (invalid) {
      const first = errors.findIndex((e) => e.quantity || e.target);
      const field = errors[first]?.quantity ? 'quantity' : 'target';
      document.querySelector<HTMLInputElement>(`[name="quote-line-${first}-${field}"]`)?.focus();
      return;
    }
    const body: QuoteRequestBody = {
      note: note.trim(),
      lines: lines.map((line) => ({
        productId: line.productId,
        ...(line.variantIndex === null ? {} : { variantIndex: line.variantIndex }),
        source: line.source as ShippingSource,
        quantity: Number(line.quantity),
        targetPricePaise: line.target.trim() === '' ? null : parseRupees(line.target)!,
      })),
    };
    request.mutate(body, { onSuccess: (quote) => void navigate(href.quote(quote.id)) });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {request.isError ? (
        <ErrorAlert title="The quote could not be requested">
          {describeError(request.error)}
        </ErrorAlert>
      ) : null}
      {skipped > 0 ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          A quote holds at most {QUOTE_LINES_MAX} lines: the first {QUOTE_LINES_MAX} of your cart
          are asked here; ask for the other {skipped} in a second quote.
        </p>
      ) : null}
      <Card as="section" aria-labelledby="quote-lines-heading" className="p-5">
        <h2 id="quote-lines-heading" className="text-lg font-bold">
          What you need
        </h2>
        <ul className="mt-2 divide-y divide-slate-200">
          {lines.map((line, i) => (
            <li
              key={`${line.productId}-${line.variantIndex ?? 'none'}-${line.source}`}
              className="grid gap-3 py-4 sm:grid-cols-[minmax(0,1fr)_9rem_12rem] sm:items-start"
            >
              <div>
                <p className="font-semibold text-slate-900">{line.title}</p>
                <p className="text-sm text-slate-600">{sourceLabel(line.source, line.title)}</p>
              </div>
              <FormField
                name={`quote-line-${i}-quantity`}
                label="Quantity"
                inputMode="numeric"
                value={line.quantity}
                onChange={(event) => change(i, 'quantity', event.target.value)}
                error={shown ? errors[i]?.quantity : undefined}
              />
              <FormField
                name={`quote-line-${i}-target`}
                label="Target price per unit (₹)"
                inputMode="decimal"
                placeholder="Optional"
                value={line.target}
                onChange={(event) => change(i, 'target', event.target.value)}
                error={shown ? errors[i]?.target : undefined}
              />
            </li>
          ))}
        </ul>
      </Card>
      <Card className="grid gap-2 p-5">
        <h2 className="text-lg font-bold">
          <label htmlFor="quote-note">Note to our sales team</label>
        </h2>
        <p id="quote-note-hint" className="text-sm text-slate-600">
          Delivery dates, packing, a target for the whole order: anything that helps us price it.
        </p>
        <textarea
          id="quote-note"
          aria-describedby="quote-note-hint"
          rows={4}
          maxLength={QUOTE_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-blue-600"
        />
      </Card>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link to={back.to} className={buttonClasses('ghost', 'md')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
        <Button type="submit" size="lg" disabled={request.isPending || request.isSuccess}>
          <FileText aria-hidden="true" className="size-4" />
          {request.isPending ? 'Sending...' : 'Send quote request'}
        </Button>
      </div>
    </form>
  );
}
