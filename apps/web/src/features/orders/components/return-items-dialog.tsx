/**
 * Return items (issue 22, decision 061): the buyer chooses lines of the delivered order and how
 * many units of each (at most what the server says is left), a reason the returns policy takes
 * (damaged, defective, wrong item), says what is wrong, and adds photos. The request is checked
 * with the shared schema the server uses, sent, then its photos one by one; the server's refusal
 * stays in the dialog as it says it. Should a photo fail after the request was made, the dialog
 * says so: the request stands, and photos can still be added from the order page.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { ImagePlus, X } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Order } from '@storefront/shared/orders';
import {
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  ReturnCreateBody,
  type Returnability,
} from '@storefront/shared/return-requests';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { describeError } from '../../../lib/api/error-message';
import { cn } from '../../../lib/cn';
import { useAddReturnPhoto } from '../api/add-return-photo';
import { useCreateReturn } from '../api/create-return';
import { photoProblem, PHOTO_TYPES } from '../lib/return-photos';

interface Chosen {
  checked: boolean;
  quantity: string;
}

interface Errors {
  lines?: string;
  quantities?: Record<number, string>;
  reason?: string;
  description?: string;
  photos?: string;
}

export function ReturnItemsDialog({
  order,
  returnable,
  open,
  onOpenChange,
  returnFocus,
}: {
  order: Order;
  returnable: Returnability;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gives the focus back to what opened the dialog, once it has closed. */
  returnFocus: () => void;
}) {
  const orderId = order._id.$oid;
  const create = useCreateReturn(orderId);
  const addPhoto = useAddReturnPhoto(orderId);
  const [chosen, setChosen] = useState<Record<number, Chosen>>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  /** Set once the request is made but some photos were not added. */
  const [photoFailures, setPhotoFailures] = useState<string[] | null>(null);
  const id = useId();
  const state = new Map(returnable.lines.map((line) => [line.position, line]));
  const available = (position: number) => {
    const left = state.get(position);
    return !!left && left.unitsLeft > 0 && !left.inOpenReturn;
  };

  const choose = (position: number, next: Partial<Chosen>) => {
    setChosen((current) => ({
      ...current,
      [position]: { checked: false, quantity: '1', ...current[position], ...next },
    }));
    // A field's message goes once it is changed; the next submit checks everything again.
    const { [position]: _, ...quantities } = errors.quantities ?? {};
    setErrors({ ...errors, lines: next.checked ? undefined : errors.lines, quantities });
  };
  const changed = (field: 'reason' | 'description') => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const addPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const refused = files.map(photoProblem).find(Boolean);
    const fitting = files.filter((file) => !photoProblem(file));
    const room = RETURN_PHOTOS_MAX - photos.length;
    setPhotos([...photos, ...fitting.slice(0, room)]);
    setErrors({
      ...errors,
      photos:
        refused ??
        (fitting.length > room ? `A return takes at most ${RETURN_PHOTOS_MAX} photos.` : undefined),
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const found: Errors = {};
    const quantities: Record<number, string> = {};
    const lines = Object.entries(chosen)
      .filter(([, line]) => line.checked)
      .map(([position, line]) => {
        const unitsLeft = state.get(Number(position))?.unitsLeft ?? 0;
        const quantity = Number(line.quantity);
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > unitsLeft)
          quantities[Number(position)] =
            unitsLeft === 1 ? 'Only 1 unit can be returned' : `Choose 1 to ${unitsLeft} units`;
        return { position: Number(position), quantity };
      });
    if (Object.keys(quantities).length > 0) found.quantities = quantities;
    const reason = form.get('reason');
    const parsed = ReturnCreateBody.safeParse({
      lines,
      reason: reason === null ? undefined : String(reason),
      description: String(form.get('description') ?? ''),
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'lines' && issue.path.length === 1) found.lines ??= issue.message;
        if (field === 'reason') found.reason ??= issue.message;
        if (field === 'description') found.description ??= issue.message;
      }
    setErrors({ ...found, photos: errors.photos });
    setFailure(null);
    if (!parsed.success || found.quantities) {
      // The first field in error takes the focus, in screen order.
      const first = found.lines
        ? `${id}-line-${order.orderDetails.findIndex((_, position) => available(position))}`
        : found.quantities
          ? `${id}-quantity-${Object.keys(found.quantities)[0]}`
          : found.reason
            ? `${id}-reason-${RETURN_REASONS[0]}`
            : `${id}-description`;
      document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    try {
      const made = await create.mutateAsync(parsed.data);
      const failed: string[] = [];
      for (const file of photos) {
        try {
          await addPhoto.mutateAsync({ returnId: made.id, file });
        } catch (error) {
          failed.push(describeError(error) ?? `${file.name} was not added.`);
        }
      }
      if (failed.length > 0) {
        setPhotoFailures(failed);
        return;
      }
      onOpenChange(false);
      toast({
        title: 'Return requested',
        description: 'We have emailed you, and will write again once it is accepted or refused.',
      });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold">
              Return items of order {order.mkpOrderId}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          {photoFailures ? (
            <PhotosNotAdded failures={photoFailures} onClose={() => onOpenChange(false)} />
          ) : (
            <>
              <Dialog.Description className="mt-1 text-sm text-slate-700">
                Damaged, defective or wrong items can be returned within 7 days of delivery. Once we
                accept your request and the items are back with us, we refund what you paid for
                them.
              </Dialog.Description>
              <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-5">
                {failure ? (
                  <ErrorAlert title="The return was not requested">
                    {describeError(failure) ?? 'Something went wrong.'}
                  </ErrorAlert>
                ) : null}
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-semibold text-slate-900">
                    Items to return
                  </legend>
                  <ul className="grid gap-2">
                    {order.orderDetails.map((line, position) => {
                      const left = state.get(position);
                      const current = chosen[position];
                      const quantityError = errors.quantities?.[position];
                      return (
                        <li
                          key={`${line.sku}-${position}`}
                          className={cn(
                            'grid gap-2 rounded-md border p-3',
                            current?.checked ? 'border-blue-300 bg-blue-50/40' : 'border-slate-200',
                          )}
                        >
                          <div className="flex items-start gap-3">
                            <input
                              id={`${id}-line-${position}`}
                              type="checkbox"
                              className="mt-0.5 size-4 shrink-0"
                              disabled={!available(position)}
                              checked={current?.checked ?? false}
                              aria-invalid={errors.lines ? true : undefined}
                              aria-describedby={errors.lines ? `${id}-lines-error` : undefined}
                              onChange={(event) =>
                                choose(position, { checked: event.target.checked })
                              }
                            />
                            <label
                              htmlFor={`${id}-line-${position}`}
                              className={cn(
                                'min-w-0 text-sm',
                                !available(position) && 'text-slate-500',
                              )}
                            >
                              <span className="block font-medium break-words">{line.title}</span>
                              <span className="block text-xs text-slate-600">
                                SKU {line.sku} · {line.quantity} delivered
                                {!left
                                  ? ''
                                  : left.inOpenReturn
                                    ? ' · already in a return request'
                                    : left.unitsLeft === 0
                                      ? ' · nothing left to return'
                                      : left.unitsLeft < line.quantity
                                        ? ` · ${left.unitsLeft} left to return`
                                        : ''}
                              </span>
                            </label>
                          </div>
                          {current?.checked ? (
                            <div className="grid gap-1 pl-7">
                              <label
                                htmlFor={`${id}-quantity-${position}`}
                                className="text-sm font-medium text-slate-800"
                              >
                                Units<span className="sr-only"> of {line.title}</span> to return
                              </label>
                              <input
                                id={`${id}-quantity-${position}`}
                                type="number"
                                inputMode="numeric"
                                min={1}
                                max={left?.unitsLeft}
                                value={current.quantity}
                                aria-invalid={quantityError ? true : undefined}
                                aria-describedby={`${id}-quantity-${position}-hint`}
                                onChange={(event) =>
                                  choose(position, { quantity: event.target.value })
                                }
                                className={cn(
                                  'h-10 w-28 rounded-md border bg-white px-3 text-sm',
                                  quantityError ? 'border-red-500' : 'border-slate-300',
                                )}
                              />
                              <p
                                id={`${id}-quantity-${position}-hint`}
                                className={cn(
                                  'text-xs',
                                  quantityError ? 'text-sm text-red-600' : 'text-slate-500',
                                )}
                              >
                                {quantityError ?? `Up to ${left?.unitsLeft ?? 0}`}
                              </p>
                            </div>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                  {errors.lines ? (
                    <p id={`${id}-lines-error`} className="text-sm text-red-600">
                      {errors.lines}
                    </p>
                  ) : null}
                </fieldset>

                <fieldset
                  aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
                  className="grid gap-2"
                >
                  <legend className="mb-2 text-sm font-semibold text-slate-900">Reason</legend>
                  <div className="flex flex-wrap gap-x-5 gap-y-2">
                    {RETURN_REASONS.map((reason) => (
                      <label key={reason} className="flex items-center gap-2 text-sm">
                        <input
                          id={`${id}-reason-${reason}`}
                          type="radio"
                          name="reason"
                          value={reason}
                          className="size-4"
                          onChange={() => changed('reason')}
                        />
                        {RETURN_REASON_LABELS[reason]}
                      </label>
                    ))}
                  </div>
                  {errors.reason ? (
                    <p id={`${id}-reason-error`} className="text-sm text-red-600">
                      {errors.reason}
                    </p>
                  ) : null}
                </fieldset>

                <div className="grid gap-1.5">
                  <label
                    htmlFor={`${id}-description`}
                    className="text-sm font-medium text-slate-800"
                  >
                    What is wrong with the items?
                  </label>
                  <textarea
                    id={`${id}-description`}
                    name="description"
                    rows={3}
                    onChange={() => changed('description')}
                    maxLength={2000}
                    aria-invalid={errors.description ? true : undefined}
                    aria-describedby={`${id}-description-hint`}
                    className={cn(
                      'w-full rounded-md border bg-white px-3 py-2 text-sm',
                      errors.description ? 'border-red-500' : 'border-slate-300',
                    )}
                  />
                  <p
                    id={`${id}-description-hint`}
                    className={
                      errors.description ? 'text-sm text-red-600' : 'text-xs text-slate-500'
                    }
                  >
                    {errors.description ?? 'A sentence or two: what you found, and on which items.'}
                  </p>
                </div>

                <div className="grid gap-2">
                  <span id={`${id}-photos-label`} className="text-sm font-medium text-slate-800">
                    Photos (optional)
                  </span>
                  {photos.length > 0 ? (
                    <ul aria-labelledby={`${id}-photos-label`} className="grid gap-1">
                      {photos.map((file, index) => (
                        <li
                          key={`${file.name}-${index}`}
                          className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-1.5 text-sm"
                        >
                          <span className="min-w-0 truncate">{file.name}</span>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Remove ${file.name}`}
                            onClick={() => setPhotos(photos.filter((_, i) => i !== index))}
                          >
                            <X aria-hidden="true" className="size-4" />
                          </Button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {photos.length < RETURN_PHOTOS_MAX ? (
                    <label
                      className={buttonClasses(
                        'outline',
                        'sm',
                        'w-fit cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600',
                      )}
                    >
                      <ImagePlus aria-hidden="true" className="size-4" />
                      Add photos
                      <input
                        type="file"
                        multiple
                        accept={PHOTO_TYPES.join(',')}
                        className="sr-only"
                        aria-describedby={`${id}-photos-hint`}
                        onChange={addPhotos}
                      />
                    </label>
                  ) : null}
                  <p
                    id={`${id}-photos-hint`}
                    className={errors.photos ? 'text-sm text-red-600' : 'text-xs text-slate-500'}
                  >
                    {errors.photos ??
                      `Up to ${RETURN_PHOTOS_MAX} photos of 5 MB each, showing the damage or the item you received.`}
                  </p>
                </div>

                <div className="flex flex-wrap justify-end gap-3">
                  <Dialog.Close asChild>
                    <Button variant="ghost">Keep items</Button>
                  </Dialog.Close>
                  <Button type="submit" disabled={busy}>
                    {busy ? 'Sending…' : 'Request return'}
                  </Button>
                </div>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PhotosNotAdded({ failures, onClose }: { failures: string[]; onClose: () => void }) {
  return (
    <div className="mt-4 grid gap-4">
      <Dialog.Description className="text-sm text-slate-700">
        Your return request was sent and we have emailed you about it.
      </Dialog.Description>
      <ErrorAlert
        title={
          failures.length === 1
            ? 'One photo was not added'
            : `${failures.length} photos were not added`
        }
      >
        <ul className="list-disc pl-4">
          {failures.map((failure, index) => (
            <li key={index}>{failure}</li>
          ))}
        </ul>
        <p className="mt-1">You can add photos on the order page while the request waits.</p>
      </ErrorAlert>
      <div className="flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}
