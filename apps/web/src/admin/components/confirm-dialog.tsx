/**
 * Asks before an action that changes the store (deliver an order, disable a member), then runs
 * it; the server's refusal is shown in the dialog, which stays open so it can be read.
 */
import { useState } from 'react';
import { ErrorAlert } from '../../components/ui/alert';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { describeError } from '../../lib/api/error-message';
import { Dialog } from './dialog';

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  variant = 'primary',
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  variant?: ButtonVariant;
  /** The action; the dialog closes when it succeeds. */
  onConfirm: () => Promise<unknown>;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const change = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      change(false);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description}>
      {error ? <ErrorAlert>{describeError(error) ?? 'Something went wrong.'}</ErrorAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => change(false)}>
          Cancel
        </Button>
        <Button variant={variant} disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Working…' : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
