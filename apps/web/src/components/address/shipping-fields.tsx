/**
 * The checkout's shipping fields (spec §2 "Checkout", §5; issue 21): who receives the parcel
 * and, unless it ships to the billing address, where. The shared CheckoutShippingForm schema is
 * the resolver (CheckoutRecipientForm when only the recipient is asked), so the required-field
 * messages are the server's own (CHECKOUT_MESSAGES); address lines 2 and 3 are optional and sent
 * as ''. The country list holds ~240 lowercase codes with their names (loaded after the form
 * paints, hooks/use-countries), India first chosen; for
 * India the state is chosen from the states and union territories with their GST codes (the
 * spec's free text stays for other countries).
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { CheckoutRecipientForm, CheckoutShippingForm } from '@storefront/shared/orders';
import type { Country } from '@storefront/shared/countries';
import { DEFAULT_COUNTRY_CODE } from '@storefront/shared/constants';
import { INDIA, isIndia } from '@storefront/shared/gst';
import { IndianStateSelect } from './indian-state-select';
import type { FormApi } from '../../lib/form';
import { Field } from './field';

export type ShippingInput = z.input<typeof CheckoutShippingForm>;
export type ShippingForm = FormApi<ShippingInput, CheckoutShippingForm | CheckoutRecipientForm>;
type Name = keyof ShippingInput;

export function ShippingFields({
  form,
  withAddress,
  country,
  countries = INDIA_ONLY,
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
  const state = register('state');
  const countryField = register('country');
  const india = isIndia(country);
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
        <div className="grid gap-4 sm:grid-cols-2">
          {field('city', 'City', { autoComplete: 'shipping address-level2' })}
          <Field
            id="shipping-state"
            label={india ? 'State / Union Territory' : 'State / Province'}
            error={errorOf('state')}
          >
            {(props) =>
              india ? (
                <IndianStateSelect
                  key="india"
                  {...props}
                  autoComplete="shipping address-level1"
                  {...state}
                  onChange={(event) => {
                    void state.onChange();
                    onStateChange(event.target.value);
                  }}
                />
              ) : (
                <input
                  key="elsewhere"
                  type="text"
                  autoComplete="shipping address-level1"
                  {...props}
                  {...state}
                  onChange={(event) => {
                    void state.onChange();
                    onStateChange(event.target.value);
                  }}
                />
              )
            }
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('postalCode', 'ZIP / Postal Code', { autoComplete: 'shipping postal-code' })}
          <Field id="shipping-country" label="Country" error={errorOf('country')}>
            {(props) => (
              <select
                autoComplete="shipping country"
                {...props}
                aria-describedby={
                  [props['aria-describedby'], countryMessage ? 'country-not-served' : '']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                {...countryField}
                onChange={(event) => {
                  void countryField.onChange();
                  onCountryChange(event.target.value);
                }}
              >
                {countries.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {countryMessage ? (
          <p
            id="country-not-served"
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          >
            {countryMessage}
          </p>
        ) : null}
      </div>
      {field('phone', 'Phone Number', { type: 'tel', autoComplete: 'shipping tel' })}
    </div>
  );
}

const INDIA_ONLY: readonly Country[] = [{ code: DEFAULT_COUNTRY_CODE, name: INDIA }];

interface FieldOptions {
  type?: 'text' | 'tel';
  autoComplete?: string;
  optional?: boolean;
}
