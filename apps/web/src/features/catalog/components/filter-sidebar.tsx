/** The listing's filter sidebar (spec §2, §5): search text, min/max price, categories. */
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { parsePriceBound, type ListingFilters } from '../lib/filter-products';

export interface FilterSidebarProps {
  filters: ListingFilters;
  onChange: (filters: ListingFilters) => void;
  options: { category: string; subcategories: string[] }[];
}

const inputClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600/30';

export function FilterSidebar({ filters, onChange, options }: FilterSidebarProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [minText, setMinText] = useState(filters.minPrice?.toString() ?? '');
  const [maxText, setMaxText] = useState(filters.maxPrice?.toString() ?? '');

  function toggleCategory(name: string, checked: boolean) {
    const next = checked
      ? [...filters.categories, name]
      : filters.categories.filter((c) => c !== name);
    onChange({ ...filters, categories: next });
  }

  function clear() {
    setMinText('');
    setMaxText('');
    onChange({ text: '', minPrice: null, maxPrice: null, categories: [] });
  }

  return (
    <aside aria-label="Filters" className="lg:w-64 lg:shrink-0">
      <Button
        variant="outline"
        className="w-full lg:hidden"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters
      </Button>
      <div
        id={`${id}-panel`}
        className={cn(
          'mt-3 space-y-6 rounded-lg bg-white p-4 shadow-sm lg:mt-0 lg:block',
          open ? 'block' : 'hidden',
        )}
      >
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">Filters</h2>
          <Button variant="link" size="inline" onClick={clear}>
            Clear all
          </Button>
        </div>
        <div>
          <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium">
            Search in results
          </label>
          <input
            id={`${id}-text`}
            type="search"
            value={filters.text}
            onChange={(event) => onChange({ ...filters, text: event.target.value })}
            placeholder="Name or description"
            className={inputClass}
          />
        </div>
        <fieldset>
          {/* The range compares the sale price (spec §5), which cards show as the list price. */}
          <legend className="mb-1 text-sm font-medium">List price (₹)</legend>
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-min`} className="sr-only">
              Minimum price
            </label>
            <input
              id={`${id}-min`}
              type="number"
              inputMode="decimal"
              min={0}
              placeholder="Min"
              value={minText}
              onChange={(event) => {
                setMinText(event.target.value);
                onChange({ ...filters, minPrice: parsePriceBound(event.target.value) });
              }}
              className={inputClass}
            />
            <span aria-hidden="true">–</span>
            <label htmlFor={`${id}-max`} className="sr-only">
              Maximum price
            </label>
            <input
              id={`${id}-max`}
              type="number"
              inputMode="decimal"
              min={0}
              placeholder="Max"
              value={maxText}
              onChange={(event) => {
                setMaxText(event.target.value);
                onChange({ ...filters, maxPrice: parsePriceBound(event.target.value) });
              }}
              className={inputClass}
            />
          </div>
        </fieldset>
        {options.length > 0 ? (
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Categories</legend>
            <ul className="space-y-3">
              {options.map((option) => (
                <li key={option.category}>
                  <CategoryCheckbox
                    label={option.category}
                    checked={filters.categories.includes(option.category)}
                    onChange={(checked) => toggleCategory(option.category, checked)}
                    strong
                  />
                  <ul className="mt-1 space-y-1 pl-6">
                    {option.subcategories.map((sub) => (
                      <li key={sub}>
                        <CategoryCheckbox
                          label={sub}
                          checked={filters.categories.includes(sub)}
                          onChange={(checked) => toggleCategory(sub, checked)}
                        />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
      </div>
    </aside>
  );
}

function CategoryCheckbox({
  label,
  checked,
  onChange,
  strong = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  strong?: boolean;
}) {
  return (
    <label
      className={cn('flex cursor-pointer items-center gap-2 text-sm', strong && 'font-medium')}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 rounded border-slate-300 accent-blue-600"
      />
      {label}
    </label>
  );
}
