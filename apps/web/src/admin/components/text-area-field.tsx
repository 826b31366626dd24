import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A labelled multi-line field with its hint and error tied to it, like FormField. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: ComponentProps<'textarea'> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
          error ? 'border-red-500' : 'border-slate-300',
        )}
        {...textarea}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
