import { useId, type ComponentProps } from 'react';
import { cn } from '../../../../lib/cn';

/** A labelled select with its error tied to it, like FormField. */
export function SelectField({
  label,
  error,
  className,
  children,
  ...select
}: ComponentProps<'select'> & { label: string; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
          error ? 'border-red-500' : 'border-slate-300',
        )}
        {...select}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
