/**
 * The checkout's saved entries (issue 22): a radio for each saved address or billing entity with
 * its summary, the default marked, and a last one for a new entry (the form below the list).
 */
import type { ReactNode } from 'react';

/** The choice of a new entry instead of a saved one. */
export const NEW_ENTRY = 'new';

export function SavedChoices<Entry extends { id: string; isDefault: boolean }>({
  legend,
  name,
  entries,
  chosen,
  onChoose,
  titleOf,
  summaryOf,
  newEntryTitle,
}: {
  legend: string;
  name: string;
  entries: readonly Entry[];
  /** A saved entry's id, or NEW_ENTRY. */
  chosen: string;
  onChoose: (id: string) => void;
  titleOf: (entry: Entry) => string;
  summaryOf: (entry: Entry) => string;
  newEntryTitle: string;
}) {
  if (entries.length === 0) return null;
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{legend}</legend>
      {entries.map((entry) => (
        <SavedChoice
          key={entry.id}
          name={name}
          value={entry.id}
          checked={chosen === entry.id}
          onSelect={onChoose}
          isDefault={entry.isDefault}
          title={titleOf(entry)}
        >
          {summaryOf(entry)}
        </SavedChoice>
      ))}
      <SavedChoice
        name={name}
        value={NEW_ENTRY}
        checked={chosen === NEW_ENTRY}
        onSelect={onChoose}
        title={newEntryTitle}
      />
    </fieldset>
  );
}

function SavedChoice({
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
  title: string;
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
