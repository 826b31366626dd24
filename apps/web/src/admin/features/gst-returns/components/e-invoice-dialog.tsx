/**
 * Recording what the e-invoice registration portal returned for a document: the IRN, the
 * acknowledgement number and date, and the signed QR code (checked with the shared
 * EInvoiceRegistrationBody, the server's own rules). A document already registered shows its
 * registration and asks for a confirmation to replace it; the server keeps the old values in the
 * audit log. The server's refusals (a QR code of another IRN, an acknowledgement before the
 * invoice) stay in the dialog, on their field.
 */
import { useState, type FormEvent } from 'react';
import { EInvoiceRegistrationBody, type TaxDocumentRow } from '@storefront/shared/gst-returns';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { toast } from '../../../../components/ui/use-toast';
import { ApiError } from '../../../../lib/api/api-client';
import { describeError } from '../../../../lib/api/error-message';
import { Dialog } from '../../../components/dialog';
import { TextAreaField } from '../../../components/text-area-field';
import { useRecordEInvoice } from '../api/record-e-invoice';

type Field = 'irn' | 'ackNumber' | 'ackDate' | 'signedQr';
const FIELDS: readonly Field[] = ['irn', 'ackNumber', 'ackDate', 'signedQr'];

export function EInvoiceDialog({
  document,
  open,
  onOpenChange,
}: {
  document: TaxDocumentRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const record = useRecordEInvoice(document.id);
  const registered = document.eInvoice.status === 'registered';
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [replace, setReplace] = useState(false);
  const change = (next: boolean) => {
    if (!next) {
      setErrors({});
      setReplace(false);
      record.reset();
    }
    onOpenChange(next);
  };
  const serverFields =
    record.error instanceof ApiError ? (record.error.fields ?? {}) : ({} as Record<string, string>);
  const shown = (field: Field) => errors[field] ?? serverFields[field];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      irn: String(form.get('irn') ?? ''),
      ackNumber: String(form.get('ackNumber') ?? ''),
      ackDate: String(form.get('ackDate') ?? ''),
      signedQr: String(form.get('signedQr') ?? ''),
      ...(registered ? { replace } : {}),
    };
    const result = EInvoiceRegistrationBody.safeParse(body);
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      event.currentTarget
        .querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${first}"]`)
        ?.focus();
      return;
    }
    setErrors({});
    record.mutate(body, {
      onSuccess: () => {
        toast({
          title: registered ? 'E-invoice registration replaced' : 'E-invoice registration recorded',
          description: `${document.number} has IRN ${result.data.irn.slice(0, 12)}…`,
        });
        change(false);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={`${registered ? 'Replace' : 'Record'} e-invoice registration`}
      description={`What the registration portal returned for ${document.number}: copy each value as it shows it.`}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        {record.isError ? (
          <ErrorAlert title="Not recorded">
            {describeError(record.error) ?? 'Something went wrong.'}
          </ErrorAlert>
        ) : null}
        {registered ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Registered already: IRN{' '}
            <span className="font-mono break-all">{document.eInvoice.irn}</span>, acknowledgement{' '}
            {document.eInvoice.ackNumber} of {document.eInvoice.ackDate}.
          </p>
        ) : null}
        <FormField
          label="IRN"
          name="irn"
          autoComplete="off"
          spellCheck={false}
          inputClassName="font-mono"
          hint="64 characters, 0-9 and a-f"
          error={shown('irn')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Acknowledgement number"
            name="ackNumber"
            inputMode="numeric"
            autoComplete="off"
            error={shown('ackNumber')}
          />
          <FormField
            label="Acknowledgement date"
            name="ackDate"
            autoComplete="off"
            placeholder="2027-04-01 18:20:00"
            hint="As the portal shows it, India time"
            error={shown('ackDate')}
          />
        </div>
        <TextAreaField
          label="Signed QR code"
          name="signedQr"
          rows={4}
          spellCheck={false}
          hint="The long text of three parts joined by dots; it prints as the QR code on the invoice"
          error={shown('signedQr')}
        />
        {registered ? (
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={replace}
              onChange={(event) => setReplace(event.target.checked)}
              className="mt-0.5 size-4"
            />
            Replace the registration recorded (the old values stay in the audit log)
          </label>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={record.isPending || (registered && !replace)}>
            {record.isPending ? 'Saving…' : registered ? 'Replace' : 'Record'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
