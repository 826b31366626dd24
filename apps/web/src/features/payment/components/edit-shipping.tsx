/**
 * The payment step's way back to shipping (issue 22, decisions 066 and 073): the order exists
 * already (product decision #1), so its billing details and ship-to are shown for editing with
 * the checkout's own fields and rules (BillingFields, ShippingFields), and saved onto the same
 * unpaid order rather than a new one; the server works out the place of supply and the GST's
 * heads again, which the page then shows.
 */
import { useState, type FormEvent } from 'react';
import type { Order } from '@storefront/shared/orders';
import {
  BillingFields,
  BillingHeading,
  billingFormValues,
} from '../../../components/address/billing-fields';
import { ShippingFields, type ShippingInput } from '../../../components/address/shipping-fields';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { describeError } from '../../../lib/api/error-message';
import { formRules, useForm } from '../../../lib/form';
import { useChangeOrderShipping } from '../api/change-order-shipping';

const loadOrders = () => import('@storefront/shared/orders');
const addressRules = formRules(() => loadOrders().then((module) => module.CheckoutShippingForm));
const billingRules = formRules(() => loadOrders().then((module) => module.BillingInput));

/** The order's ship-to as the form's fields: the recipient's name split at its first space. */
function formOf(order: Order): ShippingInput {
  const [firstName = '', ...rest] = order.recipientName.trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(' '),
    address1: order.shippingAddress1,
    address2: order.shippingAddress2,
    address3: order.shippingAddress3,
    city: order.shippingCity,
    state: order.shippingState,
    postalCode: order.shippingPostalCode,
    country: order.shippingCountry,
    phone: order.shippingPhoneNumber,
  };
}

export function EditShipping({
  order,
  onDone,
}: {
  order: Order;
  /** Back to the payment step: `saved` when the order was changed. */
  onDone: (saved: boolean) => void;
}) {
  const [defaults] = useState(() => formOf(order));
  const [country, setCountry] = useState(defaults.country);
  const form = useForm({ rules: addressRules, defaultValues: defaults });
  // An order from before billing details were recorded keeps the account's (the server's default).
  const billedTo = order.billing;
  const billing = useForm({ rules: billingRules, defaultValues: billingFormValues(billedTo) });
  const change = useChangeOrderShipping(order._id.$oid);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const billed = billedTo ? await billing.validate() : undefined;
    if (billed && !billed.valid) return billed.focusFirstInvalid();
    const checked = await form.validate();
    if (!checked.valid) return checked.focusFirstInvalid();
    const { orderCreateBodyFromForm } = await loadOrders();
    const {
      currency: _currency,
      source: _source,
      ...shipping
    } = orderCreateBodyFromForm(checked.data);
    change.mutate(
      { ...shipping, ...(billed ? { billing: billed.data } : {}) },
      { onSuccess: () => onDone(true) },
    );
  }

  return (
    <Card as="section" aria-labelledby="edit-shipping" className="space-y-5 p-5">
      <div>
        <h2 id="edit-shipping" className="text-lg font-bold">
          {billedTo ? 'Billing and Shipping' : 'Shipping Address'}
        </h2>
        <p className="text-sm text-slate-600">
          Changes apply to order {order.mkpOrderId}; no new order is placed. The GST is worked out
          again for the new details; the total stays.
        </p>
      </div>
      {change.isError ? (
        <ErrorAlert title="The details could not be changed">
          {describeError(change.error)}
        </ErrorAlert>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
        {billedTo ? (
          <section aria-labelledby="edit-billing" className="space-y-4">
            <BillingHeading as="h3" id="edit-billing" className="font-semibold" />
            <BillingFields
              form={billing}
              onGstinChange={() => undefined}
              onStateChange={() => undefined}
            />
          </section>
        ) : null}
        <h3 className={billedTo ? 'border-t border-slate-200 pt-5 font-semibold' : 'sr-only'}>
          Ship to
        </h3>
        <ShippingFields
          form={form}
          withAddress
          country={country}
          countries={undefined}
          onCountryChange={setCountry}
          onStateChange={() => undefined}
          countryMessage={null}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            onClick={() => onDone(false)}
            disabled={change.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Save and Continue to Payment'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
