/**
 * Mark shipped: the carrier, the tracking number and, if the carrier has one, the parcel's
 * tracking page (https only; checked with the shared OrderShipBody, the server's own rules),
 * then the call; the server's refusal (not paid, already shipped) stays in
 * the dialog.
 */
import { useState, type FormEvent } from 'react';
import { OrderShipBody } from '@storefront/shared/orders';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { toast } from '../../../../components/ui/use-toast';
import { describeError } from '../../../../lib/api/error-message';
import { Dialog } from '../../../components/dialog';
import { useShipOrder } from '../api/ship-order';

type Field = 'carrier' | 'trackingNumber' | 'trackingUrl';

export function ShipDialog({
  mkpOrderId,
  open,
  onOpenChange,
}: {
  mkpOrderId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ship = useShipOrder(mkpOrderId);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = (next: boolean) => {
    if (!next) {
      setErrors({});
      ship.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const trackingUrl = String(form.get('trackingUrl') ?? '').trim();
    const result = OrderShipBody.safeParse({
      carrier: String(form.get('carrier') ?? ''),
      trackingNumber: String(form.get('trackingNumber') ?? ''),
      ...(trackingUrl ? { trackingUrl } : {}),
    });
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      const first = (['carrier', 'trackingNumber', 'trackingUrl'] as const).find(
        (field) => found[field],
      );
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    ship.mutate(result.data, {
      onSuccess: () => {
        toast({ title: 'Order shipped', description: `${mkpOrderId} is marked shipped.` });
        change(false);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Mark shipped"
      description={`The buyer of ${mkpOrderId} will see the order as shipped, with this tracking number.`}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        {ship.isError ? (
          <ErrorAlert title="Not shipped">
            {describeError(ship.error) ?? 'Something went wrong.'}
          </ErrorAlert>
        ) : null}
        <FormField label="Carrier" name="carrier" autoComplete="off" error={errors.carrier} />
        <FormField
          label="Tracking number"
          name="trackingNumber"
          autoComplete="off"
          error={errors.trackingNumber}
        />
        <FormField
          label="Tracking page (optional)"
          name="trackingUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          hint="The carrier's page for this parcel; the buyer's email links to it"
          error={errors.trackingUrl}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={ship.isPending}>
            {ship.isPending ? 'Saving…' : 'Mark shipped'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
