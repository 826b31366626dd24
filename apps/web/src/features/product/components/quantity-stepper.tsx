/**
 * Quantity stepper (spec §4): at least 1, minus disabled at 1, a non-number or a value below 1
 * resets to 1.
 */
import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { QUANTITY_MAX, QUANTITY_MIN } from '@storefront/shared/constants';
import { parseQuantityInput } from '../lib/quantity';

export function QuantityStepper({
  value,
  onChange,
}: {
  value: number;
  onChange: (quantity: number) => void;
}) {
  const id = useId();
  // The box's own text, so that an emptied box can be typed into; null shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);

  function commit(next: number) {
    setDraft(null);
    onChange(next);
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Quantity
      </label>
      <div className="inline-flex items-center rounded-md border border-slate-300 bg-white">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={value <= QUANTITY_MIN}
          onClick={() => commit(Math.max(QUANTITY_MIN, value - 1))}
          className="flex size-10 items-center justify-center rounded-l-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            const parsed = parseQuantityInput(event.target.value);
            if (parsed.kind === 'empty') setDraft('');
            else commit(parsed.quantity);
          }}
          onBlur={() => {
            if (draft !== null) commit(QUANTITY_MIN);
          }}
          className="h-10 w-20 border-x border-slate-300 text-center text-base focus:outline-2 focus:-outline-offset-2 focus:outline-blue-600"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={value >= QUANTITY_MAX}
          onClick={() => commit(Math.min(QUANTITY_MAX, value + 1))}
          className="flex size-10 items-center justify-center rounded-r-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40"
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
