/**
 * The order list's filters. The inputs start from the URL and are redrawn when it changes
 * (Back, a link), and Apply writes them to the URL, which the list reads: the URL is the one
 * place the filters live. Mistakes are shown under their fields, in the API schema's words.
 */
import { useState, type FormEvent } from 'react';
import { PAYMENT_STATUSES, statusBadge } from '@storefront/shared/order-status';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import {
  FILTER_FIELDS,
  filterErrors,
  type FilterField,
  type OrderFilters,
} from '../lib/order-filters';

const selectClasses =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900';

export function OrderFiltersForm({
  filters,
  onApply,
  onClear,
}: {
  filters: OrderFilters;
  onApply: (filters: OrderFilters) => void;
  onClear: () => void;
}) {
  const [errors, setErrors] = useState<Partial<Record<FilterField, string>>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: OrderFilters = { sort: filters.sort };
    for (const field of FILTER_FIELDS) {
      const value = String(form.get(field) ?? '').trim();
      if (value) Object.assign(next, { [field]: value });
    }
    const found = filterErrors(next);
    setErrors(found);
    const firstInvalid = FILTER_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    onApply(next);
  };

  return (
    <form
      noValidate
      aria-label="Filter orders"
      onSubmit={submit}
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="grid content-start gap-1.5">
        <label htmlFor="filter-status" className="text-sm font-medium text-slate-800">
          Status
        </label>
        <select
          id="filter-status"
          name="status"
          defaultValue={filters.status ?? ''}
          className={selectClasses}
        >
          <option value="">Any status</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusBadge(status).label} ({status})
            </option>
          ))}
        </select>
      </div>
      <FormField
        label="Order number"
        name="q"
        placeholder="MKP-20261126-…"
        defaultValue={filters.q ?? ''}
        error={errors.q}
      />
      <FormField
        label="Buyer"
        name="buyer"
        hint="Email, company name or GSTIN"
        defaultValue={filters.buyer ?? ''}
        error={errors.buyer}
      />
      <div className="grid grid-cols-2 gap-2">
        <FormField
          label="Min total (₹)"
          name="minTotal"
          inputMode="decimal"
          defaultValue={filters.minTotal ?? ''}
          error={errors.minTotal}
        />
        <FormField
          label="Max total (₹)"
          name="maxTotal"
          inputMode="decimal"
          defaultValue={filters.maxTotal ?? ''}
          error={errors.maxTotal}
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:col-span-2">
        <FormField
          label="Placed from"
          type="date"
          name="from"
          defaultValue={filters.from ?? ''}
          error={errors.from}
        />
        <FormField
          label="Placed to"
          type="date"
          name="to"
          defaultValue={filters.to ?? ''}
          error={errors.to}
        />
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:justify-end">
        <Button type="submit">Apply filters</Button>
        <Button variant="outline" onClick={onClear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
