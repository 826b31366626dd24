/**
 * A row's SKU box with type-ahead (decision 065): as the buyer types, the search engine's hits
 * (an exact SKU first, decision 059) as an ARIA combobox, each offering the product's code and
 * the SKUs of it that start with the text typed. Choosing one fills the box.
 */
import { useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import { useSkuSuggestions, type SkuSuggestion } from '../api/get-sku-suggestions';

interface Choice {
  key: string;
  sku: string;
  name: string;
}

/** The product's code, then (up to three) of its other SKUs that start with the text typed. */
function choicesOf(hits: SkuSuggestion[], text: string): Choice[] {
  const typed = text.trim().toLowerCase();
  return hits.flatMap((hit) => {
    const others = hit.skus
      .filter((sku) => sku !== hit.code.toLowerCase() && sku.startsWith(typed))
      .slice(0, 3);
    return [hit.code, ...others].map((sku) => ({
      key: `${hit.objectID}:${sku}`,
      sku,
      name: hit.name,
    }));
  });
}

export function SkuInput({
  id,
  label,
  value,
  onChange,
  invalid,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  /** Where the box sits in its row's grid. */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const choices = choicesOf(useSkuSuggestions(value, open), value);
  const expanded = open && choices.length > 0;
  const listId = `${id}-suggestions`;

  function choose(choice: Choice) {
    onChange(choice.sku);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + choices.length) % choices.length);
    } else if (event.key === 'Enter' && choices[active]) {
      event.preventDefault();
      choose(choices[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div
      className={cn('relative', className)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <input
        id={id}
        aria-label={label}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder="SKU or product code"
        onChange={(event) => {
          onChange(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className={cn(
          'h-10 w-full rounded-md border bg-white px-3 font-mono text-sm',
          invalid ? 'border-red-400' : 'border-slate-300',
        )}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Products for ${label}`}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg sm:right-auto sm:w-96"
      >
        {expanded
          ? choices.map((choice, index) => (
              // An option of the combobox: the input's keys choose it, the click is the pointer's.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={choice.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(choice)}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  index === active ? 'bg-blue-50' : 'hover:bg-slate-50',
                )}
              >
                <span className="block font-mono text-xs font-semibold">{choice.sku}</span>
                <span className="block truncate text-slate-600">{choice.name}</span>
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
