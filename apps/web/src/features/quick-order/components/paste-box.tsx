/** Rows pasted from a spreadsheet (decision 065): SKU and quantity, tab- or comma-separated. */
import { ClipboardPaste } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';

export function PasteBox({
  onRows,
  busy,
  error,
}: {
  onRows: (text: string, done: () => void) => void;
  busy: boolean;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  return (
    <div>
      <label htmlFor="quick-order-paste" className="block text-sm font-semibold text-slate-900">
        Paste from a spreadsheet
      </label>
      <p id="quick-order-paste-hint" className="mt-1 text-sm text-slate-600">
        Copy two columns, SKU then quantity, and paste them here (a header row is optional).
      </p>
      <textarea
        id="quick-order-paste"
        aria-describedby="quick-order-paste-hint"
        rows={5}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={'KTL-77-BLU\t24\nSTL-MUG-01\t12'}
        className="mt-2 w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm"
      />
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button
        variant="outline"
        className="mt-2"
        disabled={busy || text.trim() === ''}
        onClick={() => onRows(text, () => setText(''))}
      >
        <ClipboardPaste aria-hidden="true" className="size-4" />
        {busy ? 'Reading rows...' : 'Add pasted rows'}
      </Button>
    </div>
  );
}
