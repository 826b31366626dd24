/**
 * Quantity stepper (spec §4): at least 1, minus disabled at 1, a non-number or a value below 1
 * resets to 1. A product sold from a minimum order in packs (issue 20) starts at its smallest
 * allowed quantity and steps a pack at a time; a typed number is kept while the buyer types (the
 * page says why it cannot be ordered) and becomes the nearest allowed quantity when they leave
 * the box.
 */
import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import {
  allowedQuantity,
  largestQuantity,
  smallestQuantity,
  type OrderQuantityRules,
} from '@storefront/shared/order-quantity';
import { parseQuantityInput } from '../lib/quantity';

const ANY_QUANTITY: OrderQuantityRules = { minOrderQuantity: 1, orderMultiple: 1 };

export function QuantityStepper({
  value,
  onChange,
  rules = ANY_QUANTITY,
}: {
  value: number;
  onChange: (quantity: number) => void;
  rules?: OrderQuantityRules;
}) {
  const id = useId();
  // The box's own text, so that an emptied box can be typed into; null shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);
  const step = rules.orderMultiple;
  const smallest = smallestQuantity(rules);
  const largest = largestQuantity(rules);

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
          disabled={value <= smallest}
          onClick={() => commit(Math.max(smallest, Math.ceil(value / step) * step - step))}
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
          onBlur={() => commit(allowedQuantity(draft === null ? value : smallest, rules))}
          className="h-10 w-20 border-x border-slate-300 text-center text-base focus:outline-2 focus:-outline-offset-2 focus:outline-blue-600"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={value >= largest}
          onClick={() =>
            commit(
              allowedQuantity(Math.max(smallest, Math.floor(value / step) * step + step), rules),
            )
          }
          className="flex size-10 items-center justify-center rounded-r-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40"
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
