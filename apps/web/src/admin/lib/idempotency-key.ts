/**
 * One Idempotency-Key per opened dialog (decision 044): the same key goes with every submit of
 * the dialog, so a double click or a retry after a lost answer makes one refund; a dialog
 * opened again is a new request with a new key.
 */
import { useState } from 'react';

export function useDialogKey(open: boolean): string {
  const [state, setState] = useState(() => ({ open, key: crypto.randomUUID() }));
  if (state.open !== open) {
    const next = { open, key: open ? crypto.randomUUID() : state.key };
    setState(next);
    return next.key;
  }
  return state.key;
}
