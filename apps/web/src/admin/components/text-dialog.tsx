/**
 * Asks for one piece of text before an action (a reason, a note), checks it with the shared
 * schema the server uses, then runs the action; the server's refusal stays in the dialog.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/ui/alert';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { describeError } from '../../lib/api/error-message';
import { Dialog } from './dialog';
import { TextAreaField } from './text-area-field';

export function TextDialog<Schema extends z.ZodType>({
  open,
  onOpenChange,
  title,
  description,
  notice,
  label,
  field,
  hint,
  schema,
  confirmLabel,
  variant = 'primary',
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** What the member should know before confirming, shown above the field. */
  notice?: ReactNode;
  label: string;
  /** The body's property the text goes in (`reason`, `note`). */
  field: string;
  hint?: string;
  /** The request body's shared schema. */
  schema: Schema;
  confirmLabel: string;
  variant?: ButtonVariant;
  /** The action; the dialog closes when it succeeds. */
  onSubmit: (body: z.output<Schema>) => Promise<unknown>;
}) {
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const change = (next: boolean) => {
    if (!next) {
      setFieldError(undefined);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const text = String(new FormData(form).get(field) ?? '').trim();
    // An empty field is left out, so an optional reason is simply not given.
    const empty = text === '' ? schema.safeParse({}) : undefined;
    const result = empty?.success ? empty : schema.safeParse({ [field]: text });
    if (!result.success) {
      setFieldError(result.error.issues[0]?.message ?? 'Check this field');
      form.querySelector<HTMLTextAreaElement>('textarea')?.focus();
      return;
    }
    setFieldError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      await onSubmit(result.data);
      change(false);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description}>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        {notice ? <div className="text-sm text-slate-800">{notice}</div> : null}
        {failure ? (
          <ErrorAlert>{describeError(failure) ?? 'Something went wrong.'}</ErrorAlert>
        ) : null}
        <TextAreaField label={label} name={field} hint={hint} error={fieldError} maxLength={500} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => change(false)}>
            Back
          </Button>
          <Button type="submit" variant={variant} disabled={busy}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
