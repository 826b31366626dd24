/**
 * The checkout's shipping fields (spec §2 "Checkout", §5; issue 21): who receives the parcel
 * and, unless it ships to the billing address, where. The shared CheckoutShippingForm schema is
 * the resolver (CheckoutRecipientForm when only the recipient is asked), so the required-field
 * messages are the server's own (CHECKOUT_MESSAGES); address lines 2 and 3 are optional and sent
 * as ''. Where the address is (city, state, postal code, country) is PlaceFields, which the
 * account's address form shares.
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { CheckoutRecipientForm, CheckoutShippingForm } from '@storefront/shared/orders';
import type { Country } from '@storefront/shared/countries';
import type { FormApi } from '../../lib/form';
import { Field } from './field';
import { PlaceFields } from './place-fields';

export type ShippingInput = z.input<typeof CheckoutShippingForm>;
export type ShippingForm = FormApi<ShippingInput, CheckoutShippingForm | CheckoutRecipientForm>;
type Name = keyof ShippingInput;

export function ShippingFields({
  form,
  withAddress,
  country,
  countries,
  onCountryChange,
  onStateChange,
  countryMessage,
}: {
  form: ShippingForm;
  /** False when the order ships to the billing address: only the recipient is asked. */
  withAddress: boolean;
  /** The chosen country's code, which decides how the state is asked. */
  country: string;
  /** The country list, once loaded (until then India alone, the form's default). */
  countries: readonly Country[] | undefined;
  onCountryChange: (country: string) => void;
  onStateChange: (state: string) => void;
  /** Why the store cannot ship to the chosen country, if it cannot. */
  countryMessage: ReactNode;
}) {
  const { register, formState } = form;
  const errorOf = (name: Name) => formState.errors[name]?.message;
  const field = (name: Name, label: string, options: FieldOptions = {}) => (
    <Field id={`shipping-${name}`} label={label} error={errorOf(name)} optional={options.optional}>
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
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First Name', { autoComplete: 'shipping given-name' })}
        {field('lastName', 'Last Name', { autoComplete: 'shipping family-name' })}
      </div>
      {/* Kept (hidden) while the order ships to the billing address, so nothing typed is lost. */}
      <div hidden={!withAddress} className="space-y-4">
        {field('address1', 'Address Line 1', { autoComplete: 'shipping address-line1' })}
        {field('address2', 'Address Line 2', {
          autoComplete: 'shipping address-line2',
          optional: true,
        })}
        {field('address3', 'Address Line 3', {
          autoComplete: 'shipping address-line3',
          optional: true,
        })}
        <PlaceFields
          idPrefix="shipping"
          register={register}
          errorOf={errorOf}
          country={country}
          countries={countries}
          onCountryChange={onCountryChange}
          onStateChange={onStateChange}
          countryMessage={countryMessage}
        />
      </div>
      {field('phone', 'Phone Number', { type: 'tel', autoComplete: 'shipping tel' })}
    </div>
  );
}

interface FieldOptions {
  type?: 'text' | 'tel';
  autoComplete?: string;
  optional?: boolean;
}
