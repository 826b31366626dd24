/**
 * The HSN rate table (issue 21): the GST rate of goods by HSN prefix. A product without a rate
 * of its own takes the rate of the longest listed prefix of its HSN code, else 18 %. Catalog
 * staff and the owner add, change and remove prefixes (each audited); finance reads the table.
 * A change applies to carts and orders from then on: an order keeps the rate it was sold at.
 * "Which rate applies" works out a code's rate with the shared rule the server uses.
 */
import { Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatRate, GST_RATES_BP, rateForHsn, STANDARD_RATE_BP } from '@storefront/shared/gst';
import { roleAllows } from '@storefront/shared/staff';
import { TaxRateBody, TaxRateParams, type TaxRate } from '@storefront/shared/tax-rates';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { toast } from '../../../../components/ui/use-toast';
import { describeError } from '../../../../lib/api/error-message';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime } from '../../../lib/dates';
import { useStaffMember } from '../../../lib/session';
import { rateTable, useTaxRates } from '../../../lib/tax-rates';
import { useDeleteTaxRate } from '../api/delete-tax-rate';
import { useSetTaxRate } from '../api/set-tax-rate';

export function TaxRatesPage() {
  const rates = useTaxRates();
  const member = useStaffMember();
  const editable = roleAllows(member.role, ['catalog']);
  const [editing, setEditing] = useState<TaxRate | undefined>();
  const [removing, setRemoving] = useState<TaxRate | undefined>();
  const remove = useDeleteTaxRate();
  return (
    <>
      <PageHeader
        title="Tax rates"
        description={`The GST rate of goods by HSN code. A product without a rate of its own takes the rate of the longest prefix of its HSN code listed here, else ${formatRate(STANDARD_RATE_BP)}. Catalog prices include GST; orders keep the rate they were placed at.`}
      />
      {rates.isPending ? (
        <Loading what="the tax rates" rows={6} />
      ) : rates.isError ? (
        <QueryError error={rates.error} what="the tax rates" />
      ) : (
        <div className="grid gap-4">
          <div className="grid gap-4 lg:grid-cols-2">
            {editable ? (
              <RateForm
                // A rate picked for editing starts the form again from it.
                key={editing ? `${editing.hsnPrefix}:${editing.updatedAt}` : 'new'}
                editing={editing}
                onDone={() => setEditing(undefined)}
              />
            ) : (
              <p className="text-sm text-slate-600">Catalog staff and the owner keep this table.</p>
            )}
            <RateCheck table={rateTable(rates.data)} />
          </div>
          <DataTable caption="HSN prefixes and their GST rates">
            <thead>
              <tr>
                <Th>HSN prefix</Th>
                <Th className="text-right">Rate</Th>
                <Th>Covers</Th>
                <Th>Changed</Th>
                {editable ? <Th>Actions</Th> : null}
              </tr>
            </thead>
            <tbody>
              {rates.data.rates.length === 0 ? (
                <tr>
                  <Td colSpan={editable ? 5 : 4}>
                    No prefixes yet: every product without a rate of its own is taxed at{' '}
                    {formatRate(rates.data.defaultRateBp)}.
                  </Td>
                </tr>
              ) : null}
              {rates.data.rates.map((rate) => (
                <tr key={rate.hsnPrefix}>
                  <Td className="font-mono">{rate.hsnPrefix}</Td>
                  <Td className="text-right font-medium">{formatRate(rate.rateBp)}</Td>
                  <Td>{rate.description || '—'}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(rate.updatedAt)}</Td>
                  {editable ? (
                    <Td className="whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Change the rate of ${rate.hsnPrefix}`}
                        onClick={() => setEditing(rate)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        Change
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${rate.hsnPrefix}`}
                        onClick={() => setRemoving(rate)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        Remove
                      </Button>
                    </Td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </DataTable>
        </div>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => (open ? undefined : setRemoving(undefined))}
        title="Remove this prefix"
        description={
          removing
            ? `Goods of HSN ${removing.hsnPrefix}… then take a shorter listed prefix's rate, else ${formatRate(STANDARD_RATE_BP)}, in carts and new orders. Orders already placed keep their rates.`
            : ''
        }
        confirmLabel="Remove"
        variant="destructive"
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing.hsnPrefix);
          toast({
            title: 'Prefix removed',
            description: `${removing.hsnPrefix} is no longer listed.`,
          });
          if (editing?.hsnPrefix === removing.hsnPrefix) setEditing(undefined);
        }}
      />
    </>
  );
}

function RateForm({ editing, onDone }: { editing: TaxRate | undefined; onDone: () => void }) {
  const [prefix, setPrefix] = useState(editing?.hsnPrefix ?? '');
  const [rate, setRate] = useState(String(editing?.rateBp ?? STANDARD_RATE_BP));
  const [description, setDescription] = useState(editing?.description ?? '');
  const [errors, setErrors] = useState<{ prefix?: string; rate?: string; description?: string }>(
    {},
  );
  const save = useSetTaxRate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = TaxRateParams.safeParse({ hsnPrefix: prefix.trim() });
    const body = TaxRateBody.safeParse({ rateBp: Number(rate), description });
    const found = {
      prefix: params.error?.issues[0]?.message,
      rate: body.error?.issues.find((i) => i.path[0] === 'rateBp')?.message,
      description: body.error?.issues.find((i) => i.path[0] === 'description')?.message,
    };
    setErrors(found);
    if (!params.success || !body.success) return;
    save.mutate(
      { hsnPrefix: params.data.hsnPrefix, ...body.data },
      {
        onSuccess: (saved) => {
          toast({
            title: editing ? 'Rate changed' : 'Prefix added',
            description: `HSN ${saved.hsnPrefix}: ${formatRate(saved.rateBp)}`,
          });
          setPrefix('');
          setRate(String(STANDARD_RATE_BP));
          setDescription('');
          onDone();
        },
      },
    );
  };

  return (
    <Panel title={editing ? `Change the rate of ${editing.hsnPrefix}` : 'Add a prefix'}>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="HSN prefix"
            value={prefix}
            inputMode="numeric"
            maxLength={8}
            readOnly={editing !== undefined}
            onChange={(e) => setPrefix(e.target.value)}
            error={errors.prefix}
            hint="2 to 8 digits: a chapter (61), a heading (3401) or longer"
            inputClassName="font-mono"
          />
          <div className="grid content-start gap-1.5">
            <label htmlFor="rate-select" className="text-sm font-medium text-slate-800">
              GST rate
            </label>
            <select
              id="rate-select"
              value={rate}
              onChange={(e) => setRate(e.target.value)}
              aria-invalid={errors.rate ? true : undefined}
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            >
              {GST_RATES_BP.map((bp) => (
                <option key={bp} value={String(bp)}>
                  {formatRate(bp)}
                </option>
              ))}
            </select>
            {errors.rate ? <p className="text-sm text-red-600">{errors.rate}</p> : null}
          </div>
        </div>
        <FormField
          label="Covers"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
          hint="For your own reference: “Soap”, “Apparel up to ₹2,500 a piece”"
        />
        {save.isError ? (
          <ErrorAlert title="Not saved">{describeError(save.error)}</ErrorAlert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save rate' : 'Add prefix'}
          </Button>
          {editing ? (
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}

/** Which rate an HSN code takes from the table, and from which prefix: the server's rule. */
function RateCheck({ table }: { table: ReadonlyMap<string, number> }) {
  const [hsn, setHsn] = useState('');
  const code = hsn.trim();
  const valid = /^\d{4,8}$/.test(code);
  const prefix = valid
    ? [8, 7, 6, 5, 4, 3, 2].map((n) => code.slice(0, n)).find((p) => p.length >= 2 && table.has(p))
    : undefined;
  return (
    <Panel title="Which rate applies">
      <FormField
        label="HSN code of a product"
        value={hsn}
        inputMode="numeric"
        maxLength={8}
        onChange={(e) => setHsn(e.target.value)}
        inputClassName="font-mono"
        hint="4, 6 or 8 digits"
      />
      <p role="status" className="text-sm text-slate-800">
        {valid
          ? prefix
            ? `${formatRate(rateForHsn(code, table))}, from the prefix ${prefix}, unless the product has a rate of its own.`
            : `${formatRate(rateForHsn(code, table))}: no listed prefix covers it, so the standard rate applies unless the product has a rate of its own.`
          : 'Type an HSN code to see the rate its products take.'}
      </p>
    </Panel>
  );
}
