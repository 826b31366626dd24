/**
 * The buyer's way out of a quote (decision 073): withdraw a request not yet priced, or decline
 * the price they saw (its version). The dialog says that this is final before the buyer
 * confirms, and takes an optional reason for the sales team; the server decides, and its
 * refusal (priced, replaced or accepted meanwhile) is shown as it says it, and the page behind
 * shows the quote as it now is. Loaded when first opened (lazy-close-quote-dialog.tsx).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { formatRupees } from '@storefront/shared/money';
import { QUOTE_NOTE_MAX } from '@storefront/shared/constants';
import { quoteReference } from '@storefront/shared/quote-labels';
import { Button } from '../../../components/ui/button';
import { describeError } from '../../../lib/api/error-message';
import { useDeclineQuote } from '../api/decline-quote';
import { useWithdrawQuote } from '../api/withdraw-quote';

/** What the buyer is ending: the request, or the price of this version. */
export type QuoteClosing =
  { action: 'withdraw' } | { action: 'decline'; version: number; totalPaise: number };

export function CloseQuoteDialog({
  quoteId,
  closing,
  onClose,
}: {
  quoteId: string;
  closing: QuoteClosing;
  /** Closes the dialog (the page unmounts it and puts the focus back). */
  onClose: () => void;
}) {
  const withdraw = useWithdrawQuote(quoteId);
  const decline = useDeclineQuote(quoteId);
  const [reason, setReason] = useState('');
  const id = useId();
  const withdrawing = closing.action === 'withdraw';
  const mutation = withdrawing ? withdraw : decline;
  const reference = quoteReference(quoteId);

  function confirm() {
    const done = { onSuccess: onClose };
    if (closing.action === 'withdraw') withdraw.mutate({ reason: reason.trim() }, done);
    else decline.mutate({ version: closing.version, reason: reason.trim() }, done);
  }

  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-bold">
            {withdrawing ? `Withdraw request ${reference}?` : `Decline the price of ${reference}?`}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            {closing.action === 'decline'
              ? `You turn down version ${closing.version} (${formatRupees(closing.totalPaise)}, GST included). It can no longer be accepted.`
              : 'Our sales team stops pricing it.'}{' '}
            This is final: for another price later, ask for a new quote.
          </Dialog.Description>
          <div className="mt-4 grid gap-1">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium">
              Reason for our sales team{' '}
              <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={QUOTE_NOTE_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-blue-600"
            />
          </div>
          {mutation.isError ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {describeError(mutation.error)}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm">
                {withdrawing ? 'Keep request' : 'Keep price'}
              </Button>
            </Dialog.Close>
            <Button variant="destructive" size="sm" disabled={mutation.isPending} onClick={confirm}>
              {mutation.isPending
                ? withdrawing
                  ? 'Withdrawing…'
                  : 'Declining…'
                : withdrawing
                  ? 'Withdraw request'
                  : 'Decline price'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
