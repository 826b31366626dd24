/**
 * The app's forms: uncontrolled inputs checked by a shared zod schema (one schema, two
 * enforcers) on submit, then again on every change once submitted, with the first invalid field
 * focused and the server's field messages settable under their fields. It replaces
 * react-hook-form, of which the forms used only this (~12 KB gzipped on the auth and checkout
 * pages, decision 035). The schema and zod itself (~27 KB) load once the form has painted
 * (`formRules`, decision 033); a submit before they arrive waits for them.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';

type Values = Record<string, string>;
export type FieldErrors<Input extends Values> = Partial<Record<keyof Input, { message: string }>>;

type Check<Input extends Values, Output> = (
  values: Input,
) => Promise<{ valid: true; data: Output } | { valid: false; errors: FieldErrors<Input> }>;

export interface FormRules<Input extends Values, Output> {
  check: Check<Input, Output>;
  /** Starts loading the schema; `useForm` calls it once the form is on screen. */
  preload: () => unknown;
}

/** A form's rules: the zod schema `load` resolves to, fetched on first need. */
export function formRules<Input extends Values, Output>(
  load: () => Promise<z.ZodType<Output, Input>>,
): FormRules<Input, Output> {
  let schema: Promise<z.ZodType<Output, Input>> | undefined;
  const preload = () => (schema ??= load());
  return {
    preload,
    async check(values) {
      const result = await (await preload()).safeParseAsync(values);
      if (result.success) return { valid: true, data: result.data };
      // The first message of each field, as the form shows one per field.
      const errors: FieldErrors<Input> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as keyof Input | undefined;
        if (field !== undefined && !errors[field]) errors[field] = { message: issue.message };
      }
      return { valid: false, errors };
    },
  };
}

export function useForm<Input extends Values, Output>({
  rules,
  defaultValues,
}: {
  rules: FormRules<Input, Output>;
  defaultValues: Input;
}) {
  const [errors, setErrors] = useState<FieldErrors<Input>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  // The inputs in the order they registered, which is screen order.
  const fields = useRef(new Map<keyof Input, HTMLInputElement | HTMLSelectElement>());

  useEffect(() => void rules.preload(), [rules]);

  const values = () => {
    const current = { ...defaultValues };
    for (const [name, element] of fields.current)
      current[name] = element.value as Input[typeof name];
    return current;
  };

  const register = <Name extends keyof Input & string>(name: Name) => ({
    name,
    defaultValue: defaultValues[name],
    ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
      if (element) fields.current.set(name, element);
      else fields.current.delete(name);
    },
    // Once submitted, a change re-checks its own field (and leaves the others' messages).
    onChange: async () => {
      if (!submitted.current) return;
      const result = await rules.check(values());
      setErrors((shown) => ({ ...shown, [name]: result.valid ? undefined : result.errors[name] }));
    },
  });

  /**
   * Checks every field as a submit does and shows the messages, without submitting: for a page
   * whose one submit button sends several forms (the checkout's billing and shipping).
   */
  const validate = async (): Promise<
    { valid: true; data: Output } | { valid: false; focusFirstInvalid: () => void }
  > => {
    submitted.current = true;
    const result = await rules.check(values());
    if (!result.valid) {
      setErrors(result.errors);
      const firstInvalid = [...fields.current].find(([name]) => result.errors[name]);
      return { valid: false, focusFirstInvalid: () => firstInvalid?.[1].focus() };
    }
    setErrors({});
    return { valid: true, data: result.data };
  };

  const handleSubmit =
    (onValid: (data: Output) => Promise<void> | void) => async (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitting(true);
      try {
        const result = await validate();
        if (!result.valid) return result.focusFirstInvalid();
        await onValid(result.data);
      } finally {
        setSubmitting(false);
      }
    };

  const setError = useCallback(
    (name: keyof Input, error: { message: string }) =>
      setErrors((shown) => ({ ...shown, [name]: error })),
    [],
  );

  return { register, handleSubmit, validate, setError, formState: { errors, isSubmitting } };
}

/** What `useForm` gives a form's field components. */
export type FormApi<Input extends Values, Output> = ReturnType<typeof useForm<Input, Output>>;
