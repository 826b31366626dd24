/**
 * The checkout shipping form (spec §2 "Checkout", §5): the shared CheckoutShippingForm schema is
 * the resolver, so the required-field messages are the server's own (CHECKOUT_MESSAGES); address
 * lines 2 and 3 are optional and sent as ''. The country list holds ~240 lowercase codes with
 * their names, India first chosen.
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { DEFAULT_COUNTRY_CODE } from '@storefront/shared/constants';
import type { CheckoutShippingForm } from '@storefront/shared/orders';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formRules, useForm } from '../../../lib/form';
import { COUNTRIES } from '@storefront/shared/countries';

type FormInput = z.input<typeof CheckoutShippingForm>;
type FieldName = keyof FormInput;

const shippingRules = formRules(() =>
  import('@storefront/shared/orders').then((module) => module.CheckoutShippingForm),
);

const EMPTY: FormInput = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  address3: '',
  city: '',
  state: '',
  postalCode: '',
  country: DEFAULT_COUNTRY_CODE,
  phone: '',
};

export function ShippingForm({
  onSubmit,
  isSubmitting,
}: {
  onSubmit: (values: CheckoutShippingForm) => Promise<void>;
  isSubmitting: boolean;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, CheckoutShippingForm>({
    rules: shippingRules,
    defaultValues: EMPTY,
  });

  const field = (name: FieldName, label: string, options: FieldOptions = {}) => (
    <Field name={name} label={label} error={errors[name]?.message} optional={options.optional}>
      {(props) => (
        <input
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          {...props}
          {...register(name)}
        />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First Name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
      </div>
      {field('address1', 'Address Line 1', { autoComplete: 'address-line1' })}
      {field('address2', 'Address Line 2', { autoComplete: 'address-line2', optional: true })}
      {field('address3', 'Address Line 3', { autoComplete: 'address-line3', optional: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('city', 'City', { autoComplete: 'address-level2' })}
        {field('state', 'State / Province', { autoComplete: 'address-level1' })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('postalCode', 'ZIP / Postal Code', { autoComplete: 'postal-code' })}
        <Field name="country" label="Country" error={errors.country?.message}>
          {(props) => (
            <select autoComplete="country" {...props} {...register('country')}>
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {field('phone', 'Phone Number', { type: 'tel', autoComplete: 'tel' })}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Placing order...' : 'Continue to Payment'}
      </Button>
    </form>
  );
}

interface FieldOptions {
  type?: 'text' | 'tel';
  autoComplete?: string;
  optional?: boolean;
}

interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  className: string;
}

function Field({
  name,
  label,
  error,
  optional = false,
  children,
}: {
  name: FieldName;
  label: string;
  error: string | undefined;
  optional?: boolean;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = `shipping-${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      {children({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': error ? errorId : undefined,
        className: cn(
          'h-10 w-full rounded-md border bg-white px-3 text-base focus:outline-2 focus:outline-offset-0 focus:outline-blue-600',
          error ? 'border-red-500' : 'border-slate-300',
        ),
      })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
