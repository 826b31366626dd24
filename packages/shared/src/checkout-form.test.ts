import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, CheckoutRecipientForm, CheckoutShippingForm } from './orders.js';
import { STATE_CHOICE_MESSAGE } from './store-settings.js';

const address = {
  firstName: 'Asha',
  lastName: 'Mehta',
  address1: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  country: 'in',
  phone: '9876543210',
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the checkout’s shipping form (issue 21)', () => {
  it('takes an Indian state by name or code, in any case, as the create payload does', () => {
    for (const state of ['Maharashtra', 'maharashtra', '27', 'Andaman & Nicobar Islands'])
      expect(CheckoutShippingForm.safeParse({ ...address, state }).success).toBe(true);
  });

  it('refuses a state of India that is not on the list, with the list’s message', () => {
    expect(messages(CheckoutShippingForm.safeParse({ ...address, state: 'Bombay' }))).toEqual([
      STATE_CHOICE_MESSAGE,
    ]);
    expect(
      messages(CheckoutShippingForm.safeParse({ ...address, state: 'Goa', country: 'India' })),
    ).toEqual([]);
  });

  it('keeps the spec’s free text and its message elsewhere', () => {
    expect(
      CheckoutShippingForm.safeParse({ ...address, state: 'California', country: 'us' }).success,
    ).toBe(true);
    expect(messages(CheckoutShippingForm.safeParse({ ...address, state: '' }))).toEqual([
      CHECKOUT_MESSAGES.state,
    ]);
  });

  it('asks only the recipient when the order ships to the billing address', () => {
    expect(CheckoutRecipientForm.parse({ ...address, address1: '' })).toEqual({
      firstName: 'Asha',
      lastName: 'Mehta',
      phone: '9876543210',
    });
    expect(
      messages(CheckoutRecipientForm.safeParse({ firstName: ' ', lastName: '', phone: '' })),
    ).toEqual([CHECKOUT_MESSAGES.firstName, CHECKOUT_MESSAGES.lastName, CHECKOUT_MESSAGES.phone]);
  });
});
