import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  /** The field's validation message (spec §5), announced with the input. */
  error?: string;
  hint?: string;
  /** Classes of the input itself; `className` goes to the field's wrapper. */
  inputClassName?: string;
  /**
   * Another control in place of the input (a select), given the id, description and classes the
   * input would have had.
   */
  control?: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    className: string;
  }) => ReactNode;
}

/** A labelled input with its hint and its error message tied to it for assistive technology. */
export function FormField({
  label,
  error,
  hint,
  className,
  inputClassName,
  control,
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
      {(control ?? ((props) => <input {...props} {...input} />))({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: cn(
          'h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
          error ? 'border-red-500' : 'border-slate-300',
          inputClassName,
        ),
      })}
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
