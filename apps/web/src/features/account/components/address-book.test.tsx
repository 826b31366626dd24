import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddressBook } from '@storefront/shared/address-book';
import { CHECKOUT_MESSAGES } from '@storefront/shared/orders';
import { SessionContext } from '../../../lib/contexts/session';
import { recordFetch, SIGNED_IN } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { AddressBookTab } from './address-book';

const KARNATAKA_GSTIN = '29AAPFU0939F1ZR';
const HOME = {
  id: 'a'.repeat(24),
  label: 'Pune office',
  recipientName: 'Asha Mehta',
  address1: '14 Linking Road',
  address2: '',
  address3: '',
  city: 'Pune',
  state: 'Maharashtra',
  stateCode: '27',
  postalCode: '411001',
  country: 'in',
  phone: '9876543210',
  isDefault: true,
};
const BOOK: AddressBook = { addresses: [HOME], billingEntities: [] };

function renderTab(answer: Parameters<typeof recordFetch>[0]) {
  const calls = recordFetch(answer);
  renderRoute(
    <SessionContext value={SIGNED_IN}>
      <AddressBookTab />
    </SessionContext>,
  );
  return calls;
}

describe('the Addresses tab', { timeout: 20_000 }, () => {
  it('lists the saved addresses with their default, and adds one', async () => {
    const added = {
      ...HOME,
      id: 'b'.repeat(24),
      label: '',
      recipientName: 'Ravi Kumar',
      isDefault: false,
    };
    const calls = renderTab((call) =>
      call.method === 'POST'
        ? [201, { payload: { ...BOOK, addresses: [HOME, { ...added, ...(call.body as object) }] } }]
        : [200, { payload: BOOK }],
    );
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Pune office')).toBeInTheDocument();
    expect(within(list).getByText('Default')).toBeInTheDocument();
    expect(screen.getByText(/No billing entities yet/)).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    // The checkout's messages, and nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Recipient name is required')).toBeInTheDocument();
    expect(within(form).getByText(CHECKOUT_MESSAGES.address1)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText('Recipient Name'), 'Ravi Kumar');
    await user.type(within(form).getByLabelText('Address Line 1'), '8 Brigade Road');
    await user.type(within(form).getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(within(form).getByLabelText('State / Union Territory'), 'Karnataka');
    await user.type(within(form).getByLabelText('PIN Code'), '560001');
    await user.type(within(form).getByLabelText('Phone Number'), '9845012345');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/user/addresses');
    expect(post?.body).toEqual({
      label: '',
      recipientName: 'Ravi Kumar',
      address1: '8 Brigade Road',
      address2: '',
      address3: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'in',
      phone: '9845012345',
    });
  });

  it("checks a billing entity's GSTIN state, and shows the server's refusal in its words", async () => {
    const calls = renderTab((call) =>
      call.method === 'POST'
        ? [
            409,
            {
              code: 'billing_state_taken',
              detail:
                'You already have a billing entity in Karnataka: one GSTIN per state. Edit that one instead.',
            },
          ]
        : [200, { payload: BOOK }],
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add billing entity' }));
    const form = screen.getByRole('form', { name: 'New billing entity' });
    await user.type(within(form).getByLabelText('GSTIN'), KARNATAKA_GSTIN);
    await user.type(within(form).getByLabelText('Legal Name'), 'Mehta Traders Karnataka');
    await user.type(within(form).getByLabelText('Billing Address Line 1'), '4 Residency Road');
    await user.type(within(form).getByLabelText('Billing City'), 'Bengaluru');
    await user.selectOptions(within(form).getByLabelText('Billing State'), 'Kerala');
    await user.type(within(form).getByLabelText('Billing ZIP / Postal Code'), '560025');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText("The billing state must be the GSTIN's state (Karnataka)"),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.selectOptions(within(form).getByLabelText('Billing State'), 'Karnataka');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(/You already have a billing entity in Karnataka/),
    ).toBeInTheDocument();
  });

  it('deletes an entry and makes another the default', async () => {
    const other = { ...HOME, id: 'b'.repeat(24), label: 'Depot', isDefault: false };
    const calls = renderTab((call) =>
      call.method === 'DELETE'
        ? [200, { payload: { ...BOOK, addresses: [{ ...other, isDefault: true }] } }]
        : call.method === 'POST'
          ? [
              200,
              {
                payload: {
                  ...BOOK,
                  addresses: [
                    { ...other, isDefault: true },
                    { ...HOME, isDefault: false },
                  ],
                },
              },
            ]
          : [200, { payload: { ...BOOK, addresses: [HOME, other] } }],
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Make Depot the default' }));
    expect(
      await screen.findByRole('button', { name: 'Make Pune office the default' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(
      `/api/user/addresses/${other.id}/default`,
    );
    await user.click(screen.getByRole('button', { name: 'Delete Pune office' }));
    expect(await screen.findByText('Depot')).toBeInTheDocument();
    expect(screen.queryByText('Pune office')).toBeNull();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/user/addresses/${HOME.id}`);
  });
});
