/**
 * The store's settings (issue 21): the seller's GST registration (a tax invoice's supplier:
 * legal and trade name, GSTIN, registered address and state), where the store ships, the invoice
 * and credit note series, e-invoicing and the authorised signatory. The owner edits them; finance
 * reads them (the page is read-only for them). What the registration still lacks is listed first:
 * in production the store takes no orders until it is complete. The form checks with the shared
 * schema the server checks with, and shows the server's field messages the same way.
 */
import { CheckCircle2, X } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { COUNTRIES } from '@storefront/shared/countries';
import {
  documentNumber,
  financialYear,
  INDIAN_STATES,
  indianStateByCode,
  SERIES_PREFIX,
} from '@storefront/shared/gst';
import { isValidGstin, normaliseGstin } from '@storefront/shared/gstin';
import { indiaDate } from '@storefront/shared/india-date';
import {
  StoreSettingsBody,
  type StoreSettingsInput,
  type StoreSettingsView,
} from '@storefront/shared/store-settings';
import { roleAllows } from '@storefront/shared/staff';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { toast } from '../../../../components/ui/use-toast';
import { ApiError } from '../../../../lib/api/api-client';
import { describeError } from '../../../../lib/api/error-message';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/dates';
import { useStaffMember } from '../../../lib/session';
import { useStoreSettings } from '../api/get-settings';
import { useSaveSettings } from '../api/save-settings';

export function SettingsPage() {
  const settings = useStoreSettings();
  const member = useStaffMember();
  const editable = roleAllows(member.role, ['owner']);
  return (
    <>
      <PageHeader
        title="Settings"
        description="The seller's GST registration, where the store ships, and its invoice series."
      />
      {settings.isPending ? (
        <Loading what="the settings" rows={6} />
      ) : settings.isError ? (
        <QueryError error={settings.error} what="the settings" />
      ) : (
        <SettingsForm
          // Saved settings start the form again from what the server holds.
          key={settings.data.updatedAt}
          view={settings.data}
          editable={editable}
        />
      )}
    </>
  );
}

type Errors = Partial<Record<keyof StoreSettingsInput, string>>;

/** The first message of each field, from the shared schema's issues or the server's fields. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as keyof StoreSettingsInput;
    errors[field] ??= issue.message;
  }
  return errors;
}

function Readiness({ view }: { view: StoreSettingsView }) {
  if (view.gaps.length === 0)
    return (
      <div
        role="status"
        className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
      >
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>The registration is complete: the store takes orders and can issue tax invoices.</p>
      </div>
    );
  return (
    <div
      role="status"
      className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">
        {view.takingOrders
          ? 'Before the store can take orders in production, the registration needs:'
          : 'The store takes no orders until the registration has:'}
      </p>
      <ul className="list-disc pl-5">
        {view.gaps.map((gap) => (
          <li key={gap}>{gap.charAt(0).toUpperCase() + gap.slice(1)}</li>
        ))}
      </ul>
      {view.takingOrders ? (
        <p>This server is not running in production, so orders are still taken meanwhile.</p>
      ) : null}
    </div>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
}

const selectClasses = (error: string | undefined) =>
  [
    'h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 disabled:bg-slate-50',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
    error ? 'border-red-500' : 'border-slate-300',
  ].join(' ');

function SettingsForm({ view, editable }: { view: StoreSettingsView; editable: boolean }) {
  const [form, setForm] = useState<StoreSettingsInput>(view.settings);
  const [errors, setErrors] = useState<Errors>({});
  const [adding, setAdding] = useState('');
  const save = useSaveSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const update = (change: Partial<StoreSettingsInput>) =>
    setForm((current) => ({ ...current, ...change }));

  const showErrors = (found: Errors) => {
    setErrors(found);
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = StoreSettingsBody.safeParse(form);
    if (!parsed.success) return showErrors(errorsOf(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) =>
        toast({
          title: 'Settings saved',
          description:
            saved.gaps.length === 0
              ? 'The registration is complete.'
              : `Still missing: ${saved.gaps.join(', ')}.`,
        }),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.fields)
          showErrors(
            errorsOf(
              Object.entries(failure.fields).map(([path, message]) => ({
                path: path.split('.'),
                message,
              })),
            ),
          );
      },
    });
  };

  // The registration's state follows a valid GSTIN's first two digits, as it must.
  const changeGstin = (value: string) => {
    const gstin = normaliseGstin(value);
    update(
      isValidGstin(gstin) && indianStateByCode(gstin.slice(0, 2))
        ? { gstin: value, stateCode: gstin.slice(0, 2) }
        : { gstin: value },
    );
  };

  const shipsTo = form.shipsTo;
  const addCountry = (name: string) => {
    if (name && !shipsTo.includes(name)) update({ shipsTo: [...shipsTo, name] });
    setAdding('');
  };
  const fy = financialYear(indiaDate(new Date()));
  const sample = (prefix: string) =>
    SERIES_PREFIX.test(prefix.trim().toUpperCase())
      ? documentNumber(prefix.trim().toUpperCase(), fy, 1)
      : undefined;
  const field = (name: keyof StoreSettingsInput) => ({
    error: errors[name],
    readOnly: !editable,
  });

  return (
    <div className="grid gap-4">
      <Readiness view={view} />
      {editable ? null : (
        <p className="text-sm text-slate-600">Only the store's owner can change these settings.</p>
      )}
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
        <Panel title="GST registration">
          <p className="text-sm text-slate-600">
            As on the GST registration certificate: every tax invoice names the seller this way.
          </p>
          <Row>
            <FormField
              label="Legal name"
              value={form.legalName}
              onChange={(e) => update({ legalName: e.target.value })}
              {...field('legalName')}
            />
            <FormField
              label="Trade name"
              value={form.tradeName}
              onChange={(e) => update({ tradeName: e.target.value })}
              hint="The name the store trades under, if other than the legal name"
              {...field('tradeName')}
            />
            <FormField
              label="GSTIN"
              value={form.gstin}
              onChange={(e) => changeGstin(e.target.value)}
              inputClassName="font-mono uppercase"
              autoComplete="off"
              maxLength={15}
              hint="15 characters; the first two are the state's code"
              {...field('gstin')}
            />
            <div className="grid content-start gap-1.5">
              <label htmlFor="settings-state" className="text-sm font-medium text-slate-800">
                State
              </label>
              <select
                id="settings-state"
                value={form.stateCode}
                disabled={!editable}
                aria-invalid={errors.stateCode ? true : undefined}
                aria-describedby={errors.stateCode ? 'settings-state-error' : undefined}
                onChange={(e) => update({ stateCode: e.target.value })}
                className={selectClasses(errors.stateCode)}
              >
                <option value="">Choose…</option>
                {INDIAN_STATES.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.name} ({state.code})
                  </option>
                ))}
              </select>
              {errors.stateCode ? (
                <p id="settings-state-error" className="text-sm text-red-600">
                  {errors.stateCode}
                </p>
              ) : null}
            </div>
            <FormField
              label="Address line 1"
              value={form.address1}
              onChange={(e) => update({ address1: e.target.value })}
              {...field('address1')}
            />
            <FormField
              label="Address line 2"
              value={form.address2}
              onChange={(e) => update({ address2: e.target.value })}
              {...field('address2')}
            />
            <FormField
              label="City"
              value={form.city}
              onChange={(e) => update({ city: e.target.value })}
              {...field('city')}
            />
            <FormField
              label="PIN code"
              value={form.postalCode}
              inputMode="numeric"
              maxLength={6}
              onChange={(e) => update({ postalCode: e.target.value })}
              {...field('postalCode')}
            />
            <FormField
              label="Phone"
              type="tel"
              value={form.phone}
              onChange={(e) => update({ phone: e.target.value })}
              {...field('phone')}
            />
            <FormField
              label="Email"
              type="email"
              value={form.email}
              onChange={(e) => update({ email: e.target.value })}
              hint="Printed on invoices for buyers' questions"
              {...field('email')}
            />
          </Row>
        </Panel>

        <Panel title="Where the store ships">
          <p className="text-sm text-slate-600">
            A buyer whose delivery address is elsewhere is told at checkout where the store ships,
            and the shipping policy page lists these countries.
          </p>
          <ul aria-label="Countries the store ships to" className="flex flex-wrap gap-2">
            {shipsTo.map((name) => (
              <li
                key={name}
                className="flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-1 pr-1 pl-3 text-sm"
              >
                {name}
                {editable ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    aria-label={`Stop shipping to ${name}`}
                    disabled={shipsTo.length === 1}
                    onClick={() => update({ shipsTo: shipsTo.filter((other) => other !== name) })}
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {errors.shipsTo ? <p className="text-sm text-red-600">{errors.shipsTo}</p> : null}
          {editable ? (
            <div className="grid max-w-sm gap-1.5">
              <label htmlFor="settings-add-country" className="text-sm font-medium text-slate-800">
                Add a country
              </label>
              <select
                id="settings-add-country"
                value={adding}
                onChange={(e) => addCountry(e.target.value)}
                className={selectClasses(undefined)}
              >
                <option value="">Choose…</option>
                {COUNTRIES.filter((country) => !shipsTo.includes(country.name)).map((country) => (
                  <option key={country.code} value={country.name}>
                    {country.name}
                  </option>
                ))}
              </select>
              <p className="text-xs text-slate-500">
                Goods shipped abroad are exports: invoiced with IGST and place of supply 96.
              </p>
            </div>
          ) : null}
        </Panel>

        <Panel title="Invoices and credit notes">
          <Row>
            <FormField
              label="Invoice prefix"
              value={form.invoicePrefix}
              onChange={(e) => update({ invoicePrefix: e.target.value })}
              inputClassName="font-mono uppercase"
              maxLength={4}
              hint={
                sample(form.invoicePrefix)
                  ? `This year's first invoice: ${sample(form.invoicePrefix)}`
                  : '1 to 4 letters or digits, starting with a letter'
              }
              {...field('invoicePrefix')}
            />
            <FormField
              label="Credit note prefix"
              value={form.creditNotePrefix}
              onChange={(e) => update({ creditNotePrefix: e.target.value })}
              inputClassName="font-mono uppercase"
              maxLength={4}
              hint={
                sample(form.creditNotePrefix)
                  ? `This year's first credit note: ${sample(form.creditNotePrefix)}`
                  : '1 to 4 letters or digits, starting with a letter'
              }
              {...field('creditNotePrefix')}
            />
            <FormField
              label="Authorised signatory"
              value={form.signatory}
              onChange={(e) => update({ signatory: e.target.value })}
              hint="The person who signs the invoices for the seller"
              {...field('signatory')}
            />
          </Row>
          <div className="flex items-start gap-2 text-sm">
            <input
              id="settings-e-invoicing"
              type="checkbox"
              className="mt-0.5 size-4"
              checked={form.eInvoicing}
              disabled={!editable}
              aria-describedby="settings-e-invoicing-hint"
              onChange={(e) => update({ eInvoicing: e.target.checked })}
            />
            <div>
              <label htmlFor="settings-e-invoicing" className="block font-medium text-slate-800">
                E-invoicing
              </label>
              <p id="settings-e-invoicing-hint" className="text-slate-600">
                The seller's turnover is above ₹5 crore: B2B invoices are registered on the Invoice
                Registration Portal, and each prints the IRN and signed QR code it returns.
              </p>
            </div>
          </div>
        </Panel>

        {save.isError && !(save.error instanceof ApiError && save.error.fields) ? (
          <ErrorAlert title="Not saved">{describeError(save.error)}</ErrorAlert>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {editable ? (
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save settings'}
            </Button>
          ) : null}
          <p className="text-sm text-slate-500">
            {view.updatedBy
              ? `Last saved by ${view.updatedBy}, ${formatDateTime(view.updatedAt)}`
              : 'Not saved from the console yet'}
          </p>
        </div>
      </form>
    </div>
  );
}
