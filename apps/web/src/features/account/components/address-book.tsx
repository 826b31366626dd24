/**
 * The account's Addresses tab (issue 22, decision 066): the saved shipping addresses and billing
 * entities, each with its default; add, edit, delete and make default. The forms check with the
 * shared schemas (the checkout's messages; BillingInput for a GSTIN and its state), and the
 * server's refusals (a full book, a state that has its GSTIN) show in its words. An address may
 * be abroad, asked as the checkout asks it (PlaceFields, decision 073), where the store ships;
 * a billing entity is Indian (a GSTIN's state).
 */
import { useState, type FormEvent } from 'react';
import type {
  SavedBillingEntity,
  SavedShippingAddress,
  ShippingAddressFormValues,
} from '@storefront/shared/address-book';
import { DEFAULT_COUNTRY_CODE, MAX_SHIPPING_ADDRESSES } from '@storefront/shared/constants';
import { isIndia } from '@storefront/shared/gst';
import type { BillingInputValues } from '@storefront/shared/orders';
import { BillingFields, billingFormValues } from '../../../components/address/billing-fields';
import { Field } from '../../../components/address/field';
import { PlaceFields } from '../../../components/address/place-fields';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describeError } from '../../../lib/api/error-message';
import { ApiError } from '../../../lib/api/api-client';
import { useAddressBook } from '../../../lib/api/get-address-book';
import { useStore } from '../../../lib/api/get-store';
import { useCountries } from '../../../lib/hooks/use-countries';
import { shipsToCountry } from '../../../lib/ships-to-country';
import { countryNotServedMessage } from '../../../lib/ships-to';
import { formRules, useForm } from '../../../lib/form';
import { useChangeAddressBook, type AddressBookChange } from '../api/change-address-book';
import { AddressesLoading } from './tab-loading';

const loadBook = () => import('@storefront/shared/address-book');
const loadOrders = () => import('@storefront/shared/orders');
const addressRules = formRules(() => loadBook().then((module) => module.ShippingAddressForm));
const billingRules = formRules(() => loadOrders().then((module) => module.BillingInput));

/** Which form is open: a new entry, or the entry of this id. */
type Editing = { kind: 'address' | 'billing'; id: string | null } | null;

export function AddressBookTab() {
  const book = useAddressBook();
  const change = useChangeAddressBook();
  const [editing, setEditing] = useState<Editing>(null);
  const countries = useCountries();

  if (book.isPending) return <AddressesLoading />;
  if (book.isError)
    return <ErrorAlert title="Your addresses could not be loaded">{book.error.message}</ErrorAlert>;
  const { addresses, billingEntities } = book.data;

  const act = (request: AddressBookChange) =>
    change.mutate(request, { onSuccess: () => setEditing(null) });
  const refusal = change.error instanceof ApiError ? change.error : null;

  return (
    <div className="space-y-8">
      {change.isError && editing === null ? (
        <ErrorAlert title="That did not work">{describeError(change.error)}</ErrorAlert>
      ) : null}
      <section aria-labelledby="addresses-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="addresses-heading" className="text-lg font-bold">
            Shipping addresses
          </h2>
          {editing === null && addresses.length < MAX_SHIPPING_ADDRESSES ? (
            <Button size="sm" onClick={() => setEditing({ kind: 'address', id: null })}>
              Add address
            </Button>
          ) : null}
        </div>
        {editing?.kind === 'address' && editing.id === null ? (
          <AddressForm
            onSave={(body) => act({ action: 'save', kind: 'address', body })}
            onCancel={() => setEditing(null)}
            busy={change.isPending}
            refusal={refusal}
          />
        ) : null}
        {addresses.length === 0 ? (
          <p className="text-sm text-slate-600">
            No saved addresses yet. Save one here or at checkout.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {addresses.map((address) =>
              editing?.kind === 'address' && editing.id === address.id ? (
                <li key={address.id} className="md:col-span-2">
                  <AddressForm
                    address={address}
                    onSave={(body) =>
                      act({ action: 'save', kind: 'address', id: address.id, body })
                    }
                    onCancel={() => setEditing(null)}
                    busy={change.isPending}
                    refusal={refusal}
                  />
                </li>
              ) : (
                <EntryCard
                  key={address.id}
                  title={address.label || address.recipientName}
                  isDefault={address.isDefault}
                  lines={[
                    address.label ? address.recipientName : '',
                    address.address1,
                    address.address2,
                    address.address3,
                    `${address.city}, ${address.state} ${address.postalCode}`,
                    // India goes without saying; a country abroad is named.
                    isIndia(address.country)
                      ? ''
                      : (countries?.countryName(address.country) ?? address.country),
                    address.phone,
                  ]}
                  busy={change.isPending}
                  onEdit={() => {
                    change.reset();
                    setEditing({ kind: 'address', id: address.id });
                  }}
                  onDelete={() => act({ action: 'delete', kind: 'address', id: address.id })}
                  onDefault={() => act({ action: 'default', kind: 'address', id: address.id })}
                />
              ),
            )}
          </ul>
        )}
      </section>

      <section aria-labelledby="billing-entities-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="billing-entities-heading" className="text-lg font-bold">
              Billing entities
            </h2>
            <p className="text-sm text-slate-600">
              One GSTIN for each state where your company is registered.
            </p>
          </div>
          {editing === null ? (
            <Button size="sm" onClick={() => setEditing({ kind: 'billing', id: null })}>
              Add billing entity
            </Button>
          ) : null}
        </div>
        {editing?.kind === 'billing' && editing.id === null ? (
          <BillingEntityForm
            onSave={(body) => act({ action: 'save', kind: 'billing', body })}
            onCancel={() => setEditing(null)}
            busy={change.isPending}
            refusal={refusal}
          />
        ) : null}
        {billingEntities.length === 0 ? (
          <p className="text-sm text-slate-600">
            No billing entities yet: orders are billed to your account&apos;s GSTIN.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {billingEntities.map((entity) =>
              editing?.kind === 'billing' && editing.id === entity.id ? (
                <li key={entity.id} className="md:col-span-2">
                  <BillingEntityForm
                    entity={entity}
                    onSave={(body) => act({ action: 'save', kind: 'billing', id: entity.id, body })}
                    onCancel={() => setEditing(null)}
                    busy={change.isPending}
                    refusal={refusal}
                  />
                </li>
              ) : (
                <EntryCard
                  key={entity.id}
                  title={entity.legalName}
                  isDefault={entity.isDefault}
                  lines={[
                    `GSTIN ${entity.gstin}`,
                    entity.address1,
                    entity.address2,
                    `${entity.city}, ${entity.state} ${entity.postalCode}`,
                  ]}
                  busy={change.isPending}
                  onEdit={() => {
                    change.reset();
                    setEditing({ kind: 'billing', id: entity.id });
                  }}
                  onDelete={() => act({ action: 'delete', kind: 'billing', id: entity.id })}
                  onDefault={() => act({ action: 'default', kind: 'billing', id: entity.id })}
                />
              ),
            )}
          </ul>
        )}
      </section>
    </div>
  );
}

function EntryCard({
  title,
  isDefault,
  lines,
  busy,
  onEdit,
  onDelete,
  onDefault,
}: {
  title: string;
  isDefault: boolean;
  lines: string[];
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onDefault: () => void;
}) {
  return (
    <li className="flex flex-col justify-between gap-3 rounded-md border border-slate-200 p-4">
      <div className="min-w-0 text-sm">
        <p className="font-semibold break-words text-slate-900">
          {title}
          {isDefault ? (
            <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs font-medium text-blue-800">
              Default
            </span>
          ) : null}
        </p>
        {lines.filter(Boolean).map((line) => (
          <p key={line} className="break-words text-slate-600">
            {line}
          </p>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${title}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete ${title}`}
        >
          Delete
        </Button>
        {isDefault ? null : (
          <Button
            size="sm"
            variant="outline"
            onClick={onDefault}
            disabled={busy}
            aria-label={`Make ${title} the default`}
          >
            Make default
          </Button>
        )}
      </div>
    </li>
  );
}

/** The server's refusal in its words, and its field messages under their fields. */
function Refusal({ refusal }: { refusal: ApiError | null }) {
  return refusal ? <ErrorAlert title="Not saved">{describeError(refusal)}</ErrorAlert> : null;
}

function FormButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}

function AddressForm({
  address,
  onSave,
  onCancel,
  busy,
  refusal,
}: {
  address?: SavedShippingAddress;
  onSave: (body: ShippingAddressFormValues) => void;
  onCancel: () => void;
  busy: boolean;
  refusal: ApiError | null;
}) {
  const form = useForm({
    rules: addressRules,
    defaultValues: {
      label: address?.label ?? '',
      recipientName: address?.recipientName ?? '',
      address1: address?.address1 ?? '',
      address2: address?.address2 ?? '',
      address3: address?.address3 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      postalCode: address?.postalCode ?? '',
      country: address?.country ?? DEFAULT_COUNTRY_CODE,
      phone: address?.phone ?? '',
    } satisfies Required<ShippingAddressFormValues>,
  });
  const { register, formState } = form;
  const [country, setCountry] = useState(address?.country ?? DEFAULT_COUNTRY_CODE);
  // The checkout's countries and its rule: an address is kept only where the store ships.
  const countries = useCountries();
  const store = useStore();
  const notServed =
    store.data && !shipsToCountry(store.data.shipsTo, country, countries?.findCountry)
      ? countryNotServedMessage(store.data.shipsTo)
      : null;
  type Name = keyof ShippingAddressFormValues;
  const errorOf = (name: Name) => formState.errors[name]?.message ?? refusal?.fields?.[name];
  const text = (name: Name, label: string, options: { optional?: boolean; auto?: string } = {}) => (
    <Field id={`address-${name}`} label={label} error={errorOf(name)} optional={options.optional}>
      {(props) => <input type="text" autoComplete={options.auto} {...props} {...register(name)} />}
    </Field>
  );
  return (
    <form
      noValidate
      aria-label={address ? 'Edit address' : 'New address'}
      onSubmit={(event: FormEvent) =>
        void form.handleSubmit((body) => {
          // The alert under the country says why; nothing is sent.
          if (notServed) return document.getElementById('address-country')?.focus();
          onSave(body);
        })(event)
      }
      className="space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4"
    >
      <Refusal refusal={refusal} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('label', 'Label', { optional: true })}
        {text('recipientName', 'Recipient Name', { auto: 'shipping name' })}
      </div>
      {text('address1', 'Address Line 1', { auto: 'shipping address-line1' })}
      {text('address2', 'Address Line 2', { optional: true, auto: 'shipping address-line2' })}
      {text('address3', 'Address Line 3', { optional: true, auto: 'shipping address-line3' })}
      <PlaceFields
        idPrefix="address"
        register={register}
        errorOf={errorOf}
        country={country}
        countries={countries?.COUNTRIES}
        onCountryChange={setCountry}
        onStateChange={() => undefined}
        countryMessage={notServed}
      />
      {text('phone', 'Phone Number', { auto: 'shipping tel' })}
      <FormButtons busy={busy} onCancel={onCancel} />
    </form>
  );
}

function BillingEntityForm({
  entity,
  onSave,
  onCancel,
  busy,
  refusal,
}: {
  entity?: SavedBillingEntity;
  onSave: (body: BillingInputValues) => void;
  onCancel: () => void;
  busy: boolean;
  refusal: ApiError | null;
}) {
  const form = useForm({
    rules: billingRules,
    defaultValues: billingFormValues(entity),
  });
  return (
    <form
      noValidate
      aria-label={entity ? 'Edit billing entity' : 'New billing entity'}
      onSubmit={(event: FormEvent) => void form.handleSubmit(onSave)(event)}
      className="space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4"
    >
      <Refusal refusal={refusal} />
      <BillingFields form={form} onGstinChange={() => undefined} onStateChange={() => undefined} />
      <FormButtons busy={busy} onCancel={onCancel} />
    </form>
  );
}
