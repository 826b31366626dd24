import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  /** The field's validation message (spec §5), announced with the input. */
  error?: string;
  hint?: string;
  /** Classes of the input itself; `className` goes to the field's wrapper. */
  inputClassName?: string;
}

/** A labelled input with its hint and its error message tied to it for assistive technology. */
export function FormField({
  label,
  error,
  hint,
  className,
  inputClassName,
  ...input
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
          error ? 'border-red-500' : 'border-slate-300',
          inputClassName,
        )}
        {...input}
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
