/**
 * One choice of the checkout's saved entries (issue 22): a radio with a saved address's or
 * billing entity's summary, or with a plain label ('Ship to a different address').
 */
import type { ReactNode } from 'react';

export function SavedChoice({
  name,
  value,
  checked,
  onSelect,
  title,
  children,
  isDefault = false,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: (value: string) => void;
  title: ReactNode;
  children?: ReactNode;
  isDefault?: boolean;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="mt-0.5 size-4 shrink-0 accent-blue-600"
      />
      <span className="min-w-0">
        <span className="block font-medium break-words text-slate-900">
          {title}
          {isDefault ? (
            <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-700">
              Default
            </span>
          ) : null}
        </span>
        {children ? (
          <span className="mt-0.5 block break-words text-slate-600">{children}</span>
        ) : null}
      </span>
    </label>
  );
}
