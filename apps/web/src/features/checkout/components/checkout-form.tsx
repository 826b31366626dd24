/**
 * The checkout's form (spec §2 "Checkout", §5; issue 21): the billing details the tax invoice
 * is made out to, then where the order ships, "Ship to my billing address" or another address.
 * One submit checks both with the shared schemas (the server's own rules and messages) and sends
 * both. As the delivery state, the country or the billed GSTIN changes, the page is told the
 * ship-to, so its summary can show the place of supply and the heads (CGST + SGST or IGST). A
 * country the store does not ship to is said at once, and no order is attempted.
 *
 * With an address book (issue 22, decision 066) the saved billing entities and shipping
 * addresses are offered first, the defaults chosen; a new entry can be saved with the order.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type {
  AddressBook,
  SavedBillingEntity,
  SavedShippingAddress,
} from '@storefront/shared/address-book';
import type { CartQuery } from '@storefront/shared/cart';
import { DEFAULT_COUNTRY_CODE, MAX_SHIPPING_ADDRESSES } from '@storefront/shared/constants';
import { findIndianState, INDIA, isIndia } from '@storefront/shared/gst';
import { isValidGstin, normaliseGstin } from '@storefront/shared/gstin';
import type { BillingInput, BillingInputValues, OrderCreateBody } from '@storefront/shared/orders';
import { ORDER_CURRENCY, ORDER_SOURCE } from '@storefront/shared/constants';
import type { StorePublic } from '@storefront/shared/store-settings';
import { Button } from '../../../components/ui/button';
import type { SessionUser } from '../../../lib/contexts/session';
import { formRules, useForm } from '../../../lib/form';
import { countryNotServedMessage } from '../../../lib/ships-to';
import { useCountries } from '../../../lib/hooks/use-countries';
import { shipsToCountry } from '../../../lib/ships-to-country';
import { checkoutOrderBody, formFieldOf, type CheckoutShipping } from '../lib/checkout-body';
import { NEW_ENTRY, SavedChoices } from './saved-choice';
import { BillingFields, BillingHeading } from '../../../components/address/billing-fields';
import { ShippingFields, type ShippingInput } from '../../../components/address/shipping-fields';

const loadOrders = () => import('@storefront/shared/orders');
const billingRules = formRules(() => loadOrders().then((module) => module.BillingInput));
const addressRules = formRules(() => loadOrders().then((module) => module.CheckoutShippingForm));
// The recipient alone, when the order ships to the billing address (extra fields are ignored).
const recipientRules = formRules(() =>
  loadOrders().then((module) => module.CheckoutRecipientForm),
) as unknown as typeof addressRules;

const EMPTY_SHIPPING: ShippingInput = {
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

/**
 * The billing details the account gives (issue 21): its GSTIN, company name and business
 * address; the state is the account's when it names one, else the GSTIN's.
 */
export function billingFromAccount(user: SessionUser | null): BillingInputValues {
  const gstin = normaliseGstin(user?.gstNumber ?? '');
  const own = user?.businessState ? findIndianState(user.businessState) : undefined;
  const registered = isValidGstin(gstin) ? findIndianState(gstin.slice(0, 2)) : undefined;
  return {
    gstin,
    legalName: user?.companyName ?? '',
    address1: user?.businessStreet ?? '',
    address2: '',
    city: user?.city ?? '',
    state: (own ?? registered)?.name ?? '',
    postalCode: user?.pincode ?? '',
  };
}

/** A saved billing entity as the checkout's billing details. */
function billingOfEntity(entity: SavedBillingEntity): BillingInput {
  return {
    gstin: entity.gstin,
    legalName: entity.legalName,
    address1: entity.address1,
    address2: entity.address2,
    city: entity.city,
    state: entity.state,
    postalCode: entity.postalCode,
  };
}

/** The order's ship-to from a saved address. */
function shipToAddress(address: SavedShippingAddress, billing: BillingInput): OrderCreateBody {
  return {
    currency: ORDER_CURRENCY,
    source: ORDER_SOURCE,
    recipientName: address.recipientName,
    shippingAddress1: address.address1,
    shippingAddress2: address.address2,
    shippingAddress3: address.address3,
    shippingCity: address.city,
    shippingState: address.state,
    shippingPostalCode: address.postalCode,
    shippingCountry: address.country,
    shippingPhoneNumber: address.phone,
    billing,
  };
}

export function CheckoutForm({
  user,
  store,
  book = { addresses: [], billingEntities: [] },
  onSubmit,
  isSubmitting,
  serverFields,
  onShipToChange,
}: {
  user: SessionUser | null;
  /** The store's public settings; until they arrive, the server alone judges the country. */
  store: StorePublic | undefined;
  /** The buyer's saved addresses and billing entities (none when it could not be read). */
  book?: AddressBook;
  onSubmit: (body: OrderCreateBody) => void;
  isSubmitting: boolean;
  /** The field messages of the server's last refusal, put under their fields. */
  serverFields: Record<string, string> | undefined;
  onShipToChange: (shipTo: CartQuery | null) => void;
}) {
  const [billingDefaults] = useState(() => billingFromAccount(user));
  // A saved entry's id, or NEW_ENTRY for the form; the defaults come first in the book.
  const [billingChoice, setBillingChoice] = useState(
    () => book.billingEntities[0]?.id ?? NEW_ENTRY,
  );
  const [addressChoice, setAddressChoice] = useState(() => book.addresses[0]?.id ?? NEW_ENTRY);
  const [saveAddress, setSaveAddress] = useState(false);
  const [saveBilling, setSaveBilling] = useState(false);
  const savedEntity = book.billingEntities.find((entity) => entity.id === billingChoice);
  const savedAddress = book.addresses.find((address) => address.id === addressChoice);
  const [shipTo, setShipTo] = useState<CheckoutShipping['to']>('billing');
  const [country, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [shipState, setShipState] = useState('');
  const [billingState, setBillingState] = useState(billingDefaults.state);
  const [gstin, setGstin] = useState(billingDefaults.gstin);
  const [checking, setChecking] = useState(false);
  const billing = useForm({ rules: billingRules, defaultValues: billingDefaults });
  const shipping = useForm({
    rules: shipTo === 'billing' ? recipientRules : addressRules,
    defaultValues: EMPTY_SHIPPING,
  });
  const choiceId = useId();
  const choice = useRef<HTMLInputElement>(null);

  const countries = useCountries();
  const deliveryCountry = savedAddress
    ? savedAddress.country
    : shipTo === 'billing'
      ? DEFAULT_COUNTRY_CODE
      : country;
  const notServed =
    store !== undefined && !shipsToCountry(store.shipsTo, deliveryCountry, countries?.findCountry)
      ? countryNotServedMessage(store.shipsTo)
      : null;

  // The ship-to the summary is taxed for: the delivery state in India (the billed GSTIN's state
  // when it differs, IGST Act §10(1)(b)), or a country abroad (an export).
  const billedGstin = savedEntity?.gstin ?? gstin;
  const billGstin = isValidGstin(billedGstin) ? normaliseGstin(billedGstin) : undefined;
  const billedState = savedEntity?.state ?? billingState;
  const deliveryState = savedAddress
    ? savedAddress.state
    : shipTo === 'billing'
      ? billedState
      : shipState;
  const shipCountry = savedAddress?.country ?? deliveryCountry;
  const shipToQuery: CartQuery | null = !isIndia(shipCountry)
    ? { shipCountry: countries?.countryName(shipCountry) ?? shipCountry }
    : deliveryState
      ? { shipCountry: INDIA, shipState: deliveryState, ...(billGstin ? { billGstin } : {}) }
      : null;
  const shipToKey = JSON.stringify(shipToQuery);
  useEffect(() => {
    onShipToChange(JSON.parse(shipToKey) as CartQuery | null);
  }, [shipToKey, onShipToChange]);

  // The server's field messages, under the fields they are about.
  const { setError: setBillingError } = billing;
  const { setError: setShippingError } = shipping;
  useEffect(() => {
    for (const [serverField, message] of Object.entries(serverFields ?? {})) {
      const target = formFieldOf(serverField, shipTo);
      if (target?.form === 'billing')
        setBillingError(target.field as keyof BillingInputValues, { message });
      else if (target) setShippingError(target.field as keyof ShippingInput, { message });
    }
    // Only a new refusal puts its messages up; a change of the ship-to choice does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverFields, setBillingError, setShippingError]);

  // A new entry is offered for saving only where the book can take it: room for an address, and
  // no billing entity of that state yet (one GSTIN a state).
  const canSaveAddress = book.addresses.length < MAX_SHIPPING_ADDRESSES;
  const billingStateCode = findIndianState(billingState)?.code;
  const canSaveBilling = !book.billingEntities.some(
    (entity) => entity.stateCode === billingStateCode,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecking(true);
    try {
      const billed = savedEntity
        ? { valid: true as const, data: billingOfEntity(savedEntity) }
        : await billing.validate();
      if (!billed.valid) return billed.focusFirstInvalid();
      const saving = {
        ...(saveBilling && !savedEntity && canSaveBilling ? { saveBilling: true } : {}),
        ...(saveAddress && !savedAddress && shipTo === 'other' && canSaveAddress
          ? { saveAddress: true }
          : {}),
      };
      if (savedAddress) {
        // The alert under the saved addresses says why; nothing is sent.
        if (notServed) return;
        return onSubmit({ ...shipToAddress(savedAddress, billed.data), ...saving });
      }
      const shipped = await shipping.validate();
      if (!shipped.valid) return shipped.focusFirstInvalid();
      if (notServed) {
        if (shipTo === 'billing') choice.current?.focus();
        else document.getElementById('shipping-country')?.focus();
        return;
      }
      const { orderCreateBodyFromForm } = await loadOrders();
      const destination: CheckoutShipping =
        shipTo === 'billing'
          ? { to: 'billing', recipient: shipped.data }
          : {
              to: 'other',
              address: shipped.data as Extract<typeof shipped.data, { city: string }>,
            };
      onSubmit({
        ...checkoutOrderBody(billed.data, destination, orderCreateBodyFromForm),
        ...saving,
      });
    } finally {
      setChecking(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-8">
      <section aria-labelledby="billing-heading" className="space-y-4">
        <BillingHeading as="h2" id="billing-heading" className="text-lg font-bold" />
        <SavedChoices
          legend="Billing entity"
          name={`${choiceId}-billing`}
          entries={book.billingEntities}
          chosen={billingChoice}
          onChoose={setBillingChoice}
          titleOf={(entity) => `${entity.legalName} · ${entity.gstin}`}
          summaryOf={(entity) =>
            [entity.address1, entity.address2, entity.city, entity.state, entity.postalCode]
              .filter(Boolean)
              .join(', ')
          }
          newEntryTitle="Other billing details"
        />
        <div hidden={savedEntity !== undefined} className="space-y-4">
          <BillingFields form={billing} onGstinChange={setGstin} onStateChange={setBillingState} />
          {canSaveBilling ? (
            <SaveCheckbox checked={saveBilling} onChange={setSaveBilling}>
              Save these billing details to my address book
            </SaveCheckbox>
          ) : null}
        </div>
      </section>

      <section
        aria-labelledby="shipping-heading"
        className="space-y-4 border-t border-slate-200 pt-6"
      >
        <h2 id="shipping-heading" className="text-lg font-bold">
          Shipping Address
        </h2>
        <SavedChoices
          legend="Saved addresses"
          name={`${choiceId}-address`}
          entries={book.addresses}
          chosen={addressChoice}
          onChoose={setAddressChoice}
          titleOf={(address) => address.label || address.recipientName}
          summaryOf={(address) =>
            [
              address.label ? address.recipientName : '',
              address.address1,
              address.address2,
              address.address3,
              address.city,
              address.state,
              address.postalCode,
              isIndia(address.country)
                ? INDIA
                : (countries?.countryName(address.country) ?? address.country),
            ]
              .filter(Boolean)
              .join(', ')
          }
          newEntryTitle="Another address"
        />
        {savedAddress && notServed ? (
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          >
            {notServed}
          </p>
        ) : null}
        <div hidden={savedAddress !== undefined} className="space-y-4">
          <fieldset>
            <legend className="sr-only">Where to ship</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  ['billing', 'Ship to my billing address'],
                  ['other', 'Ship to a different address'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-3 text-sm font-medium has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
                >
                  <input
                    ref={value === 'billing' ? choice : undefined}
                    type="radio"
                    name={`${choiceId}-ship-to`}
                    value={value}
                    checked={shipTo === value}
                    aria-describedby={
                      value === 'billing' && shipTo === 'billing' && notServed
                        ? 'billing-not-served'
                        : undefined
                    }
                    onChange={() => setShipTo(value)}
                    className="size-4 accent-blue-600"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {shipTo === 'billing' && notServed ? (
            <p
              id="billing-not-served"
              role="alert"
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
            >
              {notServed}
            </p>
          ) : null}
          <ShippingFields
            form={shipping}
            withAddress={shipTo === 'other'}
            country={country}
            countries={countries?.COUNTRIES}
            onCountryChange={(code) => {
              setCountry(code);
              setShipState('');
            }}
            onStateChange={setShipState}
            countryMessage={shipTo === 'other' ? notServed : null}
          />
          {shipTo === 'other' && canSaveAddress ? (
            <SaveCheckbox checked={saveAddress} onChange={setSaveAddress}>
              Save this address to my address book
            </SaveCheckbox>
          ) : null}
        </div>
      </section>

      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || checking}>
        {isSubmitting ? 'Placing order...' : 'Continue to Payment'}
      </Button>
    </form>
  );
}

function SaveCheckbox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-blue-600"
      />
      {children}
    </label>
  );
}
