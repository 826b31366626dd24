/**
 * Where an address is (issue 21; decision 073): city, state, postal code and country, as the
 * checkout asks them and as the account's address form asks them too. The country list holds
 * ~240 lowercase codes with their names (lib/hooks/use-countries, loaded after the form
 * paints), India first chosen; for India the state is chosen from the states and union
 * territories with their GST codes, elsewhere it is free text. The shared schemas judge the
 * values (CheckoutShippingForm, ShippingAddressForm: a state of the list in India).
 */
import type { ReactNode } from 'react';
import type { Country } from '@storefront/shared/countries';
import { DEFAULT_COUNTRY_CODE } from '@storefront/shared/constants';
import { INDIA, isIndia } from '@storefront/shared/gst';
import { Field } from './field';
import { IndianStateSelect } from './indian-state-select';

type PlaceName = 'city' | 'state' | 'postalCode' | 'country';

/** What a form's `register` gives an input (lib/form.ts). */
interface Registered {
  name: string;
  defaultValue: string | undefined;
  ref: (element: HTMLInputElement | HTMLSelectElement | null) => void;
  onChange: () => Promise<void>;
}

export function PlaceFields({
  idPrefix,
  register,
  errorOf,
  country,
  countries = INDIA_ONLY,
  onCountryChange,
  onStateChange,
  countryMessage,
}: {
  /** The inputs' ids are `${idPrefix}-city` and so on ('shipping', 'address'). */
  idPrefix: string;
  register: (name: PlaceName) => Registered;
  errorOf: (name: PlaceName) => string | undefined;
  /** The chosen country's code, which decides how the state is asked. */
  country: string;
  /** The country list, once loaded (until then India alone, the form's default). */
  countries: readonly Country[] | undefined;
  onCountryChange: (country: string) => void;
  onStateChange: (state: string) => void;
  /** Why the store cannot ship to the chosen country, if it cannot. */
  countryMessage: ReactNode;
}) {
  const state = register('state');
  const countryField = register('country');
  const india = isIndia(country);
  const id = (name: PlaceName) => `${idPrefix}-${name}`;
  const messageId = `${idPrefix}-country-not-served`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('city')} label="City" error={errorOf('city')}>
          {(props) => (
            <input
              type="text"
              autoComplete="shipping address-level2"
              {...props}
              {...register('city')}
            />
          )}
        </Field>
        <Field
          id={id('state')}
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
        <Field id={id('postalCode')} label="ZIP / Postal Code" error={errorOf('postalCode')}>
          {(props) => (
            <input
              type="text"
              autoComplete="shipping postal-code"
              {...props}
              {...register('postalCode')}
            />
          )}
        </Field>
        <Field id={id('country')} label="Country" error={errorOf('country')}>
          {(props) => (
            <select
              autoComplete="shipping country"
              {...props}
              aria-describedby={
                [props['aria-describedby'], countryMessage ? messageId : '']
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
          id={messageId}
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
        >
          {countryMessage}
        </p>
      ) : null}
    </>
  );
}

const INDIA_ONLY: readonly Country[] = [{ code: DEFAULT_COUNTRY_CODE, name: INDIA }];
