/**
 * A labelled control of the checkout (its inputs and selects): the label, an optional hint, the
 * field's message tied to the control for assistive technology, and the checkout's input style.
 */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  className: string;
}

export function Field({
  id,
  label,
  labelPrefix,
  error,
  hint,
  optional = false,
  className,
  children,
}: {
  id: string;
  label: string;
  /** Read before the label by screen readers only ('Billing '), where two sections share one. */
  labelPrefix?: string;
  error: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {labelPrefix ? <span className="sr-only">{labelPrefix}</span> : null}
        {label}
        {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      {children({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': describedBy || undefined,
        className: cn(
          'h-10 w-full rounded-md border bg-white px-3 text-base focus:outline-2 focus:outline-offset-0 focus:outline-blue-600',
          error ? 'border-red-500' : 'border-slate-300',
        ),
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
