/** One select per product option; the first value of each is preselected (spec §2). */
import type { ProductOption } from '@storefront/shared/catalog';
import { useId } from 'react';

export function OptionSelectors({
  options,
  selection,
  onChange,
}: {
  options: ProductOption[];
  selection: string[];
  onChange: (selection: string[]) => void;
}) {
  const id = useId();
  if (options.length === 0) return null;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {options.map((option, index) => (
        <div key={option.name}>
          <label htmlFor={`${id}-${index}`} className="mb-1 block text-sm font-medium">
            {option.name}
          </label>
          <select
            id={`${id}-${index}`}
            value={selection[index] ?? ''}
            onChange={(event) => {
              const next = [...selection];
              next[index] = event.target.value;
              onChange(next);
            }}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600/30"
          >
            {option.values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
