/**
 * The order a checkout sends (issue 21): the shipping details as the spec has them, and the
 * billing details; shipping to the billing address copies its lines, city, state and PIN code
 * (India). The shared mapping `orderCreateBodyFromForm` is passed in with the module that the
 * form's rules came from, so the page loads it once.
 */
import { DEFAULT_COUNTRY_CODE } from '@storefront/shared/constants';
import type {
  BillingInput,
  CheckoutRecipientForm,
  CheckoutShippingForm,
  OrderCreateBody,
} from '@storefront/shared/orders';

export type CheckoutShipping =
  | { to: 'billing'; recipient: CheckoutRecipientForm }
  | { to: 'other'; address: CheckoutShippingForm };

export function checkoutOrderBody(
  billing: BillingInput,
  shipping: CheckoutShipping,
  fromForm: (form: CheckoutShippingForm) => OrderCreateBody,
): OrderCreateBody {
  const address: CheckoutShippingForm =
    shipping.to === 'other'
      ? shipping.address
      : {
          ...shipping.recipient,
          address1: billing.address1,
          address2: billing.address2,
          address3: '',
          city: billing.city,
          state: billing.state,
          postalCode: billing.postalCode,
          country: DEFAULT_COUNTRY_CODE,
        };
  return { ...fromForm(address), billing };
}

/** Which field of the form a server's field message belongs to ('billing.gstin', 'shippingCity'). */
export function formFieldOf(
  serverField: string,
  shipTo: CheckoutShipping['to'],
): { form: 'billing' | 'shipping'; field: string } | undefined {
  if (serverField.startsWith('billing.')) return { form: 'billing', field: serverField.slice(8) };
  const field = SHIPPING_FIELDS[serverField];
  if (!field) return undefined;
  // Shipped to the billing address, the address's messages belong to the billing fields.
  if (shipTo === 'billing' && field in BILLING_OF_SHIPPING)
    return { form: 'billing', field: BILLING_OF_SHIPPING[field]! };
  return { form: 'shipping', field };
}

const SHIPPING_FIELDS: Record<string, string> = {
  recipientName: 'firstName',
  shippingAddress1: 'address1',
  shippingAddress2: 'address2',
  shippingAddress3: 'address3',
  shippingCity: 'city',
  shippingState: 'state',
  shippingPostalCode: 'postalCode',
  shippingCountry: 'country',
  shippingPhoneNumber: 'phone',
};

const BILLING_OF_SHIPPING: Record<string, string> = {
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  postalCode: 'postalCode',
};
