/**
 * The payment step's way back to shipping (issue 22, decision 066): the order exists already
 * (product decision #1), so its ship-to is shown for editing, checked with the checkout's own
 * rules, and saved onto the same unpaid order rather than a new one. The billing details stay
 * as the order has them; the server works out the place of supply again.
 */
import { useState, type FormEvent } from 'react';
import type { Order } from '@storefront/shared/orders';
import { ShippingFields, type ShippingInput } from '../../../components/address/shipping-fields';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { describeError } from '../../../lib/api/error-message';
import { formRules, useForm } from '../../../lib/form';
import { useChangeOrderShipping } from '../api/change-order-shipping';

const loadOrders = () => import('@storefront/shared/orders');
const addressRules = formRules(() => loadOrders().then((module) => module.CheckoutShippingForm));

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

export function EditShipping({ order, onDone }: { order: Order; onDone: () => void }) {
  const [defaults] = useState(() => formOf(order));
  const [country, setCountry] = useState(defaults.country);
  const form = useForm({ rules: addressRules, defaultValues: defaults });
  const change = useChangeOrderShipping(order._id.$oid);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = await form.validate();
    if (!checked.valid) return checked.focusFirstInvalid();
    const { orderCreateBodyFromForm } = await loadOrders();
    const {
      currency: _currency,
      source: _source,
      ...shipping
    } = orderCreateBodyFromForm(checked.data);
    change.mutate(shipping, { onSuccess: onDone });
  }

  return (
    <Card as="section" aria-labelledby="edit-shipping" className="space-y-5 p-5">
      <div>
        <h2 id="edit-shipping" className="text-lg font-bold">
          Shipping Address
        </h2>
        <p className="text-sm text-slate-600">
          Changes apply to order {order.mkpOrderId}; no new order is placed.
        </p>
      </div>
      {change.isError ? (
        <ErrorAlert title="The address could not be changed">
          {describeError(change.error)}
        </ErrorAlert>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
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
          <Button type="button" variant="outline" onClick={onDone} disabled={change.isPending}>
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
