/**
 * Refund (finance, owner; decision 044): by an amount in rupees — at least ₹1, at most what is
 * left to refund — or by line, a quantity per line capped at the units not yet refunded, its
 * value at the price paid shown as it is chosen; and a reason. The body is checked with the
 * shared RefundBody; the server's refusal (409 too much, 422 a reused key) stays in the dialog.
 * One Idempotency-Key per opened dialog, so a double submit makes one refund.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatRupees } from '@storefront/shared/money';
import { RefundBody, type DeskOrderDetail } from '@storefront/shared/order-desk';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { toast } from '../../../../components/ui/use-toast';
import { describeError } from '../../../../lib/api/error-message';
import { formatRupeeAmount } from '../../../../lib/format';
import { Dialog } from '../../../components/dialog';
import { TextAreaField } from '../../../components/text-area-field';
import { useDialogKey } from '../../../lib/idempotency-key';
import { useRefundOrder } from '../api/refund-order';
import { linesValuePaise, openQuantity, paiseFromRupees } from '../lib/refund-amount';

type Mode = 'amount' | 'lines';
type Field = 'amount' | 'lines' | 'reason';

export function RefundDialog({
  order,
  open,
  onOpenChange,
}: {
  order: DeskOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const refund = useRefundOrder(order.mkpOrderId);
  const key = useDialogKey(open);
  const [mode, setMode] = useState<Mode>('amount');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const modeName = useId();
  const linesValue = linesValuePaise(order.lines, quantities);

  const change = (next: boolean) => {
    if (!next) {
      setErrors({});
      setQuantities({});
      setMode('amount');
      refund.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second click while the first is on its way sends nothing more; the key would make it
    // the same refund anyway.
    if (refund.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const reason = String(data.get('reason') ?? '');
    const found: Partial<Record<Field, string>> = {};
    let body: unknown;
    if (mode === 'amount') {
      const text = String(data.get('amount') ?? '');
      const paise = paiseFromRupees(text);
      if (paise === undefined) found.amount = 'An amount in rupees, like 1500 or 1499.50';
      else if (paise > order.refundablePaise)
        found.amount = `At most ${formatRupees(order.refundablePaise)} is left to refund`;
      body = { reason, amountPaise: paise ?? 0 };
    } else {
      const lines = order.lines
        .filter((line) => (quantities[line.position] ?? 0) > 0)
        .map((line) => ({ position: line.position, quantity: quantities[line.position] ?? 0 }));
      if (lines.length === 0) found.lines = 'Choose how many units of at least one line';
      else if (linesValue > order.refundablePaise)
        found.lines = `These lines come to ${formatRupees(linesValue)}; at most ${formatRupees(order.refundablePaise)} is left to refund`;
      else if (linesValue < 100) found.lines = 'A refund is at least ₹1';
      body = { reason, lines: lines.length ? lines : undefined };
    }
    const result = RefundBody.safeParse(body);
    if (!result.success)
      for (const issue of result.error.issues) {
        const field: Field =
          issue.path[0] === 'reason' ? 'reason' : mode === 'amount' ? 'amount' : 'lines';
        found[field] ??= issue.message;
      }
    setErrors(found);
    if (!result.success || Object.keys(found).length > 0) {
      const first = (['amount', 'lines', 'reason'] as const).find((field) => found[field]);
      const target =
        first === 'lines'
          ? form.querySelector<HTMLElement>('[data-refund-lines] input:not([disabled])')
          : form.querySelector<HTMLElement>(`[name="${first}"]`);
      target?.focus();
      return;
    }
    refund.mutate(
      { body: result.data, key },
      {
        onSuccess: ({ refund: made }) => {
          toast({
            title: 'Refund started',
            description: `${formatRupees(made.amountPaise)} of ${order.mkpOrderId} is on its way back to the buyer.`,
          });
          change(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Refund"
      description={`${formatRupees(order.refundablePaise)} of ${order.mkpOrderId} is left to refund (paid ${formatRupees(order.paidPaise)}).`}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        {refund.isError ? (
          <ErrorAlert title="Not refunded">
            {describeError(refund.error) ?? 'Something went wrong.'}
          </ErrorAlert>
        ) : null}
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Refund by</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {(
              [
                ['amount', 'Amount'],
                ['lines', 'Line'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={modeName}
                  value={value}
                  checked={mode === value}
                  onChange={() => {
                    setMode(value);
                    setErrors({});
                  }}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'amount' ? (
          <FormField
            label="Amount in rupees"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            hint={`From ₹1 to ${formatRupees(order.refundablePaise)}`}
            error={errors.amount}
          />
        ) : (
          <LinesChooser
            order={order}
            quantities={quantities}
            onChange={(position, quantity) =>
              setQuantities((current) => ({ ...current, [position]: quantity }))
            }
            valuePaise={linesValue}
            error={errors.lines}
          />
        )}
        <TextAreaField
          label="Reason"
          name="reason"
          maxLength={500}
          hint="Kept with the refund and in the audit log"
          error={errors.reason}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => change(false)}>
            Back
          </Button>
          <Button type="submit" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : 'Refund'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function LinesChooser({
  order,
  quantities,
  onChange,
  valuePaise,
  error,
}: {
  order: DeskOrderDetail;
  quantities: Record<number, number>;
  onChange: (position: number, quantity: number) => void;
  valuePaise: number;
  error?: string;
}) {
  const errorId = useId();
  const totalId = useId();
  return (
    <fieldset
      data-refund-lines
      aria-describedby={[totalId, error ? errorId : ''].filter(Boolean).join(' ')}
      className="grid gap-3"
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">Units to refund per line</legend>
      {order.lines.map((line) => {
        const open = openQuantity(line);
        const id = `refund-line-${line.position}`;
        return (
          <div
            key={line.position}
            className="grid grid-cols-[minmax(0,1fr)_5rem] items-center gap-3"
          >
            <label htmlFor={id} className="text-sm">
              <span className="block font-medium text-slate-900">{line.title}</span>
              <span className="block text-xs text-slate-600">
                {formatRupeeAmount(line.unitPrice)} each ·{' '}
                {open === 0 ? 'all refunded' : `${open} of ${line.quantity} left to refund`}
              </span>
            </label>
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              max={open}
              step={1}
              disabled={open === 0}
              value={quantities[line.position] ?? 0}
              onChange={(event) => {
                const typed = Math.floor(Number(event.target.value));
                onChange(
                  line.position,
                  Number.isFinite(typed) ? Math.min(Math.max(typed, 0), open) : 0,
                );
              }}
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-right text-sm disabled:bg-slate-100"
            />
          </div>
        );
      })}
      <p id={totalId} aria-live="polite" className="text-sm font-medium text-slate-900">
        Refund amount: {formatRupees(valuePaise)}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
