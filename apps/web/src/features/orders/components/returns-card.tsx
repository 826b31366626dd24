/**
 * The order's returns (issue 22, decisions 061 and 064): for a delivered order within 7 days of
 * its delivery, "Return items"; otherwise why not (the window closed, or nothing is left to
 * return); then each request with where it stands — requested, accepted or refused with the
 * store's note, received, refunded with its amount and its credit note — its photos, and while it
 * waits, a way to add photos. What may be returned is the server's answer, never worked out here.
 * Loaded after the order page paints (lazy-returns-card.tsx).
 */
import { Download, ImagePlus, Undo2 } from 'lucide-react';
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import type { Order } from '@storefront/shared/orders';
import {
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  RETURN_WINDOW_DAYS,
  type ReturnRequest,
  type Returnability,
  type ReturnStatus,
} from '@storefront/shared/return-requests';
import { href } from '@storefront/shared/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { describeError } from '../../../lib/api/error-message';
import { cn } from '../../../lib/cn';
import { useAddReturnPhoto } from '../api/add-return-photo';
import { useDownloadTaxDocument } from '../api/download-tax-document';
import { useOrderReturns } from '../api/get-order-returns';
import { useReturnPhoto } from '../api/get-return-photo';
import { formatDate, formatTime } from '../lib/dates';
import { photoProblem, PHOTO_TYPES } from '../lib/return-photos';
import { ReturnItemsDialog } from './return-items-dialog';

const STATUS_TONES: Record<ReturnStatus, string> = {
  requested: 'bg-blue-50 text-blue-800 ring-blue-200',
  accepted: 'bg-amber-50 text-amber-900 ring-amber-200',
  refused: 'bg-slate-100 text-slate-700 ring-slate-300',
  received: 'bg-amber-50 text-amber-900 ring-amber-200',
  refunded: 'bg-green-50 text-green-800 ring-green-200',
};

export function ReturnsCard({ order }: { order: Order }) {
  const orderId = order._id.$oid;
  const returns = useOrderReturns(orderId);
  const [asking, setAsking] = useState(false);
  const askButton = useRef<HTMLButtonElement>(null);

  if (returns.isPending) return <Skeleton className="h-32" />;
  if (returns.isError)
    return (
      <Card as="section" aria-labelledby="order-returns" className="p-5">
        <ReturnsHeading />
        <p role="alert" className="text-sm text-red-700">
          {describeError(returns.error) ?? 'Your returns could not be loaded.'}
        </p>
      </Card>
    );
  const { items, returnable } = returns.data;
  // An order never delivered has nothing to say about returns.
  if (returnable.state === 'not_delivered' && items.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="order-returns" className="p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <ReturnsHeading />
        {returnable.state === 'open' ? (
          <Button ref={askButton} variant="outline" size="sm" onClick={() => setAsking(true)}>
            <Undo2 aria-hidden="true" className="size-4" />
            Return items
          </Button>
        ) : null}
      </div>
      <WindowNote returnable={returnable} hasOpen={items.some(isOpen)} />
      {items.length > 0 ? (
        <ul aria-label="Return requests" className="mt-4 grid gap-4">
          {items.map((item) => (
            <ReturnItem key={item.id} orderId={orderId} item={item} />
          ))}
        </ul>
      ) : null}
      {asking ? (
        <ReturnItemsDialog
          order={order}
          returnable={returnable}
          open
          onOpenChange={setAsking}
          returnFocus={() => askButton.current?.focus()}
        />
      ) : null}
    </Card>
  );
}

function ReturnsHeading() {
  return (
    <h2 id="order-returns" className="flex items-center gap-2 text-lg font-bold">
      <Undo2 aria-hidden="true" className="size-5" />
      Returns
    </h2>
  );
}

const isOpen = (item: ReturnRequest) =>
  item.status === 'requested' || item.status === 'accepted' || item.status === 'received';

/** Why the order takes a return until when, or why it takes none now. */
function WindowNote({ returnable, hasOpen }: { returnable: Returnability; hasOpen: boolean }) {
  const { state, closesAt } = returnable;
  if (state === 'open' && closesAt)
    return (
      <p className="text-sm text-slate-700">
        Damaged, defective or wrong items can be returned until {formatDate(closesAt)} at{' '}
        {formatTime(closesAt)}.
      </p>
    );
  if (state === 'window_closed' && closesAt)
    return (
      <p className="text-sm text-slate-700">
        Returns for this order closed on {formatDate(closesAt)}: the{' '}
        <Link
          to={href.returnsPolicy()}
          className="text-blue-700 underline-offset-4 hover:underline"
        >
          returns policy
        </Link>{' '}
        takes back damaged, defective or wrong items within {RETURN_WINDOW_DAYS} days of delivery.
      </p>
    );
  if (state === 'nothing_left')
    return (
      <p className="text-sm text-slate-700">
        {hasOpen
          ? 'Every item left to return is in a return request below.'
          : 'Every item of this order has been returned or refunded.'}
      </p>
    );
  return null;
}

function ReturnItem({ orderId, item }: { orderId: string; item: ReturnRequest }) {
  const headingId = `return-${item.id}`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="return-request"
      className="grid gap-3 rounded-md border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Return of {formatDate(item.createdAt)}, {formatTime(item.createdAt)}
        </h3>
        <span
          data-testid="return-status"
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
            STATUS_TONES[item.status],
          )}
        >
          {RETURN_STATUS_LABELS[item.status]}
        </span>
      </div>
      <ul className="grid gap-1 text-sm" aria-label="Items in this return">
        {item.lines.map((line) => (
          <li key={line.position} className="flex flex-wrap justify-between gap-x-4">
            <span className="min-w-0">
              {line.title} <span className="text-slate-600">× {line.quantity}</span>
            </span>
            <span className="text-slate-700">{formatRupees(line.amountPaise)}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        <span className="font-medium">{RETURN_REASON_LABELS[item.reason]}:</span>{' '}
        <span className="break-words">{item.description}</span>
      </p>
      <Progress item={item} />
      {item.decisionNote && (item.status === 'received' || item.status === 'refunded') ? (
        <StoreNote label="Note from the store" note={item.decisionNote} />
      ) : null}
      <Photos orderId={orderId} item={item} />
    </li>
  );
}

/** Where the request stands, in the buyer's words, with the store's note and the refund. */
function Progress({ item }: { item: ReturnRequest }) {
  const amount = formatRupees(item.amountPaise);
  switch (item.status) {
    case 'requested':
      return (
        <p className="text-sm text-slate-700">
          We will look at your request and email you once it is accepted or refused. If accepted, we
          refund {amount} once the items are back with us.
        </p>
      );
    case 'accepted':
      return (
        <div className="grid gap-1 text-sm text-slate-700">
          <p>
            Accepted{item.decidedAt ? ` on ${formatDate(item.decidedAt)}` : ''}. Please send the
            items back to us; once they arrive we refund {amount}.
          </p>
          {item.decisionNote ? (
            <StoreNote label="Note from the store" note={item.decisionNote} />
          ) : null}
        </div>
      );
    case 'refused':
      return (
        <div className="grid gap-1 text-sm text-slate-700">
          <p>Refused{item.decidedAt ? ` on ${formatDate(item.decidedAt)}` : ''}.</p>
          {item.decisionNote ? <StoreNote label="Why" note={item.decisionNote} /> : null}
        </div>
      );
    case 'received':
      return (
        <p className="text-sm text-slate-700">
          We received the items{item.receivedAt ? ` on ${formatDate(item.receivedAt)}` : ''}. A
          refund of {amount} to your original payment method is being made.
        </p>
      );
    case 'refunded':
      return <Refunded item={item} />;
  }
}

function StoreNote({ label, note }: { label: string; note: string }) {
  return (
    <p className="rounded-md bg-slate-50 p-2 break-words">
      <span className="font-medium">{label}:</span> {note}
    </p>
  );
}

function Refunded({ item }: { item: ReturnRequest }) {
  const download = useDownloadTaxDocument();
  const back = item.refundStatus === 'COMPLETED';
  const { creditNote } = item;
  return (
    <div className="grid gap-2 text-sm">
      <p data-testid="return-refund" className="font-semibold text-slate-900">
        {back ? 'Refunded' : 'Refund in progress'}: {formatRupees(item.amountPaise)}
        <span className="font-normal text-slate-600">
          {back
            ? item.refundedAt
              ? ` on ${formatDate(item.refundedAt)}`
              : ''
            : ' to your original payment method'}
        </span>
      </p>
      {creditNote ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-700">
            Credit note <span className="font-mono">{creditNote.number}</span>
          </span>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Download credit note ${creditNote.number} (PDF)`}
            disabled={download.isPending}
            onClick={() =>
              download.mutate(creditNote, {
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Credit note not downloaded',
                    description: describeError(error),
                  }),
              })
            }
          >
            <Download aria-hidden="true" className="size-4" />
            {download.isPending ? 'Downloading…' : 'Download PDF'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The request's photos, and while it waits for a decision, a way to add more. */
function Photos({ orderId, item }: { orderId: string; item: ReturnRequest }) {
  const add = useAddReturnPhoto(orderId);
  const [problem, setProblem] = useState<string>();
  const mayAdd = item.status === 'requested' && item.photos.length < RETURN_PHOTOS_MAX;
  if (item.photos.length === 0 && !mayAdd) return null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = photoProblem(file);
    setProblem(refused);
    if (refused) return;
    add.mutate(
      { returnId: item.id, file },
      { onError: (error) => setProblem(describeError(error) ?? `${file.name} was not added.`) },
    );
  };

  const inputId = `return-photo-${item.id}`;
  return (
    <div className="grid gap-2">
      {item.photos.length > 0 ? (
        <ul aria-label="Photos" className="flex flex-wrap gap-2">
          {item.photos.map((photo, index) => (
            <li key={photo.id}>
              <PhotoThumb
                returnId={item.id}
                photoId={photo.id}
                alt={`Evidence ${index + 1} of this return`}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {mayAdd ? (
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={inputId}
            className={buttonClasses(
              'outline',
              'sm',
              cn(
                'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600',
                add.isPending && 'pointer-events-none opacity-50',
              ),
            )}
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {add.isPending ? 'Adding photo…' : 'Add a photo'}
            <input
              id={inputId}
              type="file"
              accept={PHOTO_TYPES.join(',')}
              className="sr-only"
              disabled={add.isPending}
              onChange={choose}
            />
          </label>
          <span className="text-xs text-slate-500">
            {item.photos.length} of {RETURN_PHOTOS_MAX} photos, up to 5 MB each.
          </span>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function PhotoThumb({
  returnId,
  photoId,
  alt,
}: {
  returnId: number;
  photoId: number;
  alt: string;
}) {
  const photo = useReturnPhoto(returnId, photoId);
  const blob = photo.data;
  // Shown from an object URL made for the image and revoked when it leaves the page.
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || !blob) return;
      const url = URL.createObjectURL(blob);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
  if (photo.isError)
    return (
      <span className="grid size-24 place-items-center rounded-md border border-slate-200 p-1 text-center text-xs text-slate-500">
        Not loaded
      </span>
    );
  if (!blob) return <Skeleton className="size-24" />;
  return (
    <img
      ref={attach}
      alt={alt}
      className="size-24 rounded-md border border-slate-200 bg-slate-50 object-cover"
    />
  );
}
