/**
 * The checkout of a quote (`/checkout?quote={id}&version={n}`; issue 22, decision 063): the same
 * billing and shipping form, the quote's lines at its prices as the summary. Loaded only on that
 * way in, so the cart's checkout carries none of it (decision 033).
 */
import { Link, useNavigate } from 'react-router';
import { quoteReference } from '@storefront/shared/quote-labels';
import { href } from '@storefront/shared/routes';
import { SignedInQuery } from '../../../components/account/sign-in-required';
import { ErrorAlert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api/api-client';
import { describeError } from '../../../lib/api/error-message';
import { useQuote } from '../../../lib/api/get-quote';
import { useStore } from '../../../lib/api/get-store';
import { useSession } from '../../../lib/contexts/session';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useAcceptQuote } from '../api/accept-quote';
import { checkoutLoading } from './checkout-frame';
import { CheckoutForm } from './checkout-form';
import { QuoteSummary } from './quote-summary';

const noShipTo = () => undefined;

/**
 * Accepting a quote's version (decision 063). Only the latest version of a priced quote can be
 * accepted; a quote that was replaced, expired, declined or accepted meanwhile says so and
 * links back to it (the server refuses the same with 409).
 */
export function QuoteCheckout({ quoteId, version }: { quoteId: string; version: number }) {
  useDocumentTitle('Accept quote');
  const quote = useQuote(quoteId);
  const { user } = useSession();
  const store = useStore();
  const accept = useAcceptQuote();
  const navigate = useNavigate();
  return (
    <SignedInQuery
      query={quote}
      loginMessage="Please login to accept your quote"
      loading={checkoutLoading}
      error={(error) => <ErrorAlert title="Error">{error.message}</ErrorAlert>}
    >
      {(data) => {
        const latest = data.versions.at(-1);
        // Once accepted, the page stays as it is until the payment step has loaded.
        if (!accept.isSuccess && (data.status !== 'answered' || latest?.version !== version))
          return (
            <Card className="p-10 text-center">
              <p className="text-xl font-semibold">
                Quote {quoteReference(data.id)} cannot be accepted
              </p>
              <p className="mt-2 text-slate-600">
                {data.status === 'answered'
                  ? 'A newer price replaced the one you chose. Look at it on the quote.'
                  : data.status === 'expired'
                    ? 'Its price has expired. Write to us on the quote for a new one.'
                    : data.status === 'accepted'
                      ? 'It was already accepted and became an order.'
                      : data.status === 'declined'
                        ? 'It was declined.'
                        : data.status === 'withdrawn'
                          ? 'You withdrew the request.'
                          : data.status === 'buyer_declined'
                            ? 'You declined its price.'
                            : 'It has no price yet.'}
              </p>
              <Link to={href.quote(data.id)} className={buttonClasses('primary', 'md', 'mt-6')}>
                View quote
              </Link>
            </Card>
          );
        return (
          <div className="grid gap-8 lg:grid-cols-3">
            <Card className="p-5 lg:col-span-2">
              {accept.isError ? (
                <div className="mb-4">
                  <ErrorAlert title="Failed to accept quote">
                    {describeError(accept.error)}
                  </ErrorAlert>
                </div>
              ) : null}
              <CheckoutForm
                user={user}
                store={store.data}
                onSubmit={(order) =>
                  accept.mutate(
                    { quoteId, version, order },
                    { onSuccess: (placed) => void navigate(href.order(placed._id.$oid)) },
                  )
                }
                isSubmitting={accept.isPending || accept.isSuccess}
                serverFields={accept.error instanceof ApiError ? accept.error.fields : undefined}
                onShipToChange={noShipTo}
              />
            </Card>
            <div className="lg:sticky lg:top-4 lg:self-start">
              {latest ? <QuoteSummary quote={data} version={latest} /> : null}
            </div>
          </div>
        );
      }}
    </SignedInQuery>
  );
}
