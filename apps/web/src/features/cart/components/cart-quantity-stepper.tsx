/**
 * The cart line's quantity stepper (spec §4 "Cart quantity edits", §9): an edit is sent 500 ms
 * after the last keystroke or click; a cleared or zero box is held empty and sends nothing (and
 * shows the line's quantity again when left); minus is disabled at 1 or less. An edit still
 * waiting when the stepper goes away (the buyer moves on to checkout) is sent at once.
 *
 * An edit is compared with what the cart will hold once the edits already sent are answered
 * (the last quantity sent), not with the cart's quantity of before: 3 → 5 (sent, unanswered)
 * → 3 sends 3, and typing the 5 already on its way sends nothing more.
 *
 * A product sold from a minimum order in packs (issue 20) steps a pack at a time and stops at
 * its smallest allowed quantity; a typed quantity is sent as typed, and the server's refusal
 * says why it cannot be (the line keeps its quantity).
 */
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  CART_QUANTITY_DEBOUNCE_MS,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '@storefront/shared/constants';
import {
  largestQuantity,
  smallestQuantity,
  type OrderQuantityRules,
} from '@storefront/shared/order-quantity';

export interface CartQuantityStepperProps {
  /** The line's quantity in the cart. */
  quantity: number;
  /** Names the product, for the controls' labels. */
  label: string;
  /** The quantity being edited (shown and priced at once), or undefined when none is. */
  onPendingChange: (quantity: number | undefined) => void;
  /** Sends the edit; the stepper shows the cart's quantity again once it settles. */
  onCommit: (quantity: number) => Promise<void>;
  /** The product's minimum order and pack size (default: any quantity). */
  rules?: OrderQuantityRules;
}

export function CartQuantityStepper({
  quantity,
  label,
  onPendingChange,
  onCommit,
  rules = { minOrderQuantity: 1, orderMultiple: 1 },
}: CartQuantityStepperProps) {
  const step = rules.orderMultiple;
  const smallest = smallestQuantity(rules);
  const largest = largestQuantity(rules);
  const id = useId();
  // The box's own text while an edit is held or pending; null shows `quantity`.
  const [draft, setDraft] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef<(() => void) | undefined>(undefined);
  // Each edit's number: a settled send clears the box only if no newer edit came after it.
  const edit = useRef(0);
  // The last send not yet answered, and the edit whose box it settles when it is.
  const sent = useRef<{ quantity: number; edit: number } | undefined>(undefined);

  const text = draft ?? String(quantity);
  const current = draft === null ? quantity : draft === '' ? 0 : Number(draft);

  function cancelWaiting() {
    clearTimeout(timer.current);
    waiting.current = undefined;
    edit.current += 1;
  }

  function settle() {
    setDraft(null);
    onPendingChange(undefined);
  }

  function schedule(next: number) {
    cancelWaiting();
    const flying = sent.current;
    if (next === (flying?.quantity ?? quantity)) {
      if (!flying) return settle();
      // The send on its way carries this quantity already: its answer settles the box.
      flying.edit = edit.current;
      setDraft(String(next));
      onPendingChange(next);
      return;
    }
    setDraft(String(next));
    onPendingChange(next);
    const mine = edit.current;
    const send = () => {
      waiting.current = undefined;
      const flight = { quantity: next, edit: mine };
      sent.current = flight;
      void onCommit(next).finally(() => {
        if (sent.current === flight) sent.current = undefined;
        if (edit.current === flight.edit) settle();
      });
    };
    waiting.current = send;
    timer.current = setTimeout(send, CART_QUANTITY_DEBOUNCE_MS);
  }

  function hold() {
    cancelWaiting();
    setDraft('');
    onPendingChange(undefined);
  }

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      waiting.current?.();
    },
    [],
  );

  return (
    <div className="inline-flex items-center rounded-md border border-slate-300 bg-white">
      <button
        type="button"
        aria-label={`Decrease quantity of ${label}`}
        disabled={current <= Math.max(QUANTITY_MIN, smallest)}
        onClick={() => schedule(Math.max(smallest, Math.ceil(current / step) * step - step))}
        className="flex size-9 items-center justify-center rounded-l-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40"
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <label htmlFor={id} className="sr-only">
        Quantity of {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          const typed = event.target.value.trim();
          if (typed === '') return hold();
          if (!/^\d+$/.test(typed)) return;
          const next = Number(typed);
          if (next < QUANTITY_MIN) return hold();
          schedule(Math.min(next, QUANTITY_MAX));
        }}
        onBlur={() => {
          if (draft === '') setDraft(null);
        }}
        className="h-9 w-16 border-x border-slate-300 text-center text-base focus:outline-2 focus:-outline-offset-2 focus:outline-blue-600"
      />
      <button
        type="button"
        aria-label={`Increase quantity of ${label}`}
        disabled={current >= Math.min(QUANTITY_MAX, largest)}
        onClick={() => schedule(Math.max(Math.floor(current / step) * step + step, smallest))}
        className="flex size-9 items-center justify-center rounded-r-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40"
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
