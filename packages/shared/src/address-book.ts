/**
 * The buyer's address book (issue 22, decision 066): saved shipping addresses and billing
 * entities, each with one default. A shipping address is checked as the checkout checks one
 * (the spec's required fields and messages, a state of the list in India); a billing entity is
 * the checkout's billing details (BillingInput: the GSTIN's check digit, the GSTIN's state), and
 * the server keeps at most one per state. An order copies what it ships to and bills: editing or
 * deleting an entry never changes an order.
 */
import { z } from 'zod';
import { ObjectId } from './catalog.js';
import { findIndianState, INDIAN_STATES, isIndia } from './gst.js';
import {
  billingShape,
  CHECKOUT_MESSAGES,
  checkBillingState,
  optionalLine,
  required,
} from './orders.js';
import { STATE_CHOICE_MESSAGE } from './store-settings.js';
import { BillingDetails } from './tax-summary.js';

/** One billing entity per state or union territory at most. */
export const MAX_BILLING_ENTITIES = INDIAN_STATES.length;
/** A label's length ('Pune warehouse'). */
export const ADDRESS_LABEL_MAX = 60;

const shippingAddressShape = {
  /** The buyer's own name for it; '' shows the recipient. */
  label: z
    .string()
    .trim()
    .max(ADDRESS_LABEL_MAX, { error: `At most ${ADDRESS_LABEL_MAX} characters` })
    .default(''),
  recipientName: required(CHECKOUT_MESSAGES.recipientName),
  address1: required(CHECKOUT_MESSAGES.address1),
  address2: optionalLine,
  address3: optionalLine,
  city: required(CHECKOUT_MESSAGES.city),
  state: required(CHECKOUT_MESSAGES.state),
  postalCode: required(CHECKOUT_MESSAGES.postalCode),
  /** A country code ('in') or name, as the checkout sends it. */
  country: required(CHECKOUT_MESSAGES.country),
  phone: required(CHECKOUT_MESSAGES.phone),
};

function checkAddressState(address: { country: string; state: string }, ctx: z.RefinementCtx) {
  if (isIndia(address.country) && !findIndianState(address.state))
    ctx.addIssue({ code: 'custom', path: ['state'], message: STATE_CHOICE_MESSAGE });
}

/** The account's address form: the fields of a saved address, the checkout's messages. */
export const ShippingAddressForm = z.object(shippingAddressShape).superRefine(checkAddressState);
export type ShippingAddressFormValues = z.input<typeof ShippingAddressForm>;

/** A shipping address as the buyer saves it; the checkout's rules and messages. */
export const ShippingAddressBody = z
  .object({
    ...shippingAddressShape,
    /** Make it the default (the first saved address is the default anyway). */
    isDefault: z.boolean().default(false),
  })
  .strict()
  .superRefine(checkAddressState);
export type ShippingAddressBody = z.infer<typeof ShippingAddressBody>;
export type ShippingAddressInput = z.input<typeof ShippingAddressBody>;

/** A billing entity as the buyer saves it: the checkout's billing details. */
export const BillingEntityBody = z
  .object({ ...billingShape, isDefault: z.boolean().default(false) })
  .strict()
  .superRefine(checkBillingState);
export type BillingEntityBody = z.infer<typeof BillingEntityBody>;
export type BillingEntityInput = z.input<typeof BillingEntityBody>;

export const SavedShippingAddress = z.object({
  id: ObjectId,
  label: z.string(),
  recipientName: z.string(),
  address1: z.string(),
  address2: z.string(),
  address3: z.string(),
  city: z.string(),
  /** An Indian state by its canonical name; as given elsewhere. */
  state: z.string(),
  /** The GST state code of an Indian address; null abroad. */
  stateCode: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type SavedShippingAddress = z.infer<typeof SavedShippingAddress>;

export const SavedBillingEntity = BillingDetails.extend({
  id: ObjectId,
  isDefault: z.boolean(),
});
export type SavedBillingEntity = z.infer<typeof SavedBillingEntity>;

/** The whole book, defaults first, then the most recently changed. */
export const AddressBook = z.object({
  addresses: z.array(SavedShippingAddress),
  billingEntities: z.array(SavedBillingEntity),
});
export type AddressBook = z.infer<typeof AddressBook>;

/** Every address-book call answers the book as it now is. */
export const AddressBookResponse = z.object({ payload: AddressBook });
export type AddressBookResponse = z.infer<typeof AddressBookResponse>;

export const AddressBookEntryParams = z.object({ id: ObjectId }).strict();
