/**
 * The checkout's billing details (issue 21, Rule 46(d)): the GSTIN the tax invoice is made out
 * to, its legal name and registered address. Prefilled from the account and editable: a buyer
 * may bill another registration of theirs, in another state, whose state then becomes the
 * billing state. The shared BillingInput is the resolver, as on the server: the GSTIN's check
 * digit, and a state that is the GSTIN's, with the same messages.
 */
import type { BillingInput, BillingInputValues } from '@storefront/shared/orders';
import { IndianStateSelect } from './indian-state-select';
import type { FormApi } from '../../lib/form';
import { Field } from './field';

export type BillingForm = FormApi<BillingInputValues, BillingInput>;

/** Billing details held somewhere (an order's, a saved entity's) as the form's values; empty without. */
export function billingFormValues(
  details: BillingInputValues | null | undefined,
): BillingInputValues {
  return {
    gstin: details?.gstin ?? '',
    legalName: details?.legalName ?? '',
    address1: details?.address1 ?? '',
    address2: details?.address2 ?? '',
    city: details?.city ?? '',
    state: details?.state ?? '',
    postalCode: details?.postalCode ?? '',
  };
}

type Name = keyof BillingInputValues;

export function BillingFields({
  form,
  onGstinChange,
  onStateChange,
}: {
  form: BillingForm;
  onGstinChange: (gstin: string) => void;
  onStateChange: (state: string) => void;
}) {
  const { register, formState } = form;
  const errorOf = (name: Name) => formState.errors[name]?.message;
  const text = (
    name: Name,
    label: string,
    options: { autoComplete?: string; optional?: boolean; hint?: string; prefix?: boolean } = {},
  ) => (
    <Field
      id={`billing-${name}`}
      label={label}
      labelPrefix={options.prefix ? 'Billing ' : undefined}
      error={errorOf(name)}
      hint={options.hint}
      optional={options.optional}
    >
      {(props) => (
        <input type="text" autoComplete={options.autoComplete} {...props} {...register(name)} />
      )}
    </Field>
  );
  const gstin = register('gstin');
  const state = register('state');
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="billing-gstin"
          label="GSTIN"
          error={errorOf('gstin')}
          hint="The registration your tax invoice is made out to."
        >
          {(props) => (
            <input
              type="text"
              maxLength={15}
              autoCapitalize="characters"
              spellCheck={false}
              autoComplete="off"
              {...props}
              className={`${props.className} uppercase`}
              {...gstin}
              onChange={(event) => {
                void gstin.onChange();
                onGstinChange(event.target.value);
              }}
            />
          )}
        </Field>
        {text('legalName', 'Legal Name', {
          autoComplete: 'organization',
          hint: 'As on the GST registration.',
        })}
      </div>
      {text('address1', 'Address Line 1', { autoComplete: 'billing address-line1', prefix: true })}
      {text('address2', 'Address Line 2', {
        autoComplete: 'billing address-line2',
        optional: true,
        prefix: true,
      })}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('city', 'City', { autoComplete: 'billing address-level2', prefix: true })}
        <Field id="billing-state" label="State" labelPrefix="Billing " error={errorOf('state')}>
          {(props) => (
            <IndianStateSelect
              {...props}
              autoComplete="billing address-level1"
              {...state}
              onChange={(event) => {
                void state.onChange();
                onStateChange(event.target.value);
              }}
            />
          )}
        </Field>
        <Field
          id="billing-postalCode"
          label="ZIP / Postal Code"
          labelPrefix="Billing "
          error={errorOf('postalCode')}
        >
          {(props) => (
            <input
              type="text"
              inputMode="numeric"
              autoComplete="billing postal-code"
              {...props}
              {...register('postalCode')}
            />
          )}
        </Field>
      </div>
    </div>
  );
}

/**
 * The billing details' heading and why they are asked, as the checkout (an h2 of its page) and
 * the payment step's edit (an h3 of its card) show them.
 */
export function BillingHeading({
  as: Heading,
  id,
  className,
}: {
  as: 'h2' | 'h3';
  id: string;
  className: string;
}) {
  return (
    <div>
      <Heading id={id} className={className}>
        Billing Details
      </Heading>
      <p className="text-sm text-slate-600">
        Your GST invoice is made out to these details, for your input tax credit.
      </p>
    </div>
  );
}
