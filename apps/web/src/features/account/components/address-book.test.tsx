import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AddressBook } from '@storefront/shared/address-book';
import { CHECKOUT_MESSAGES } from '@storefront/shared/orders';
import { SessionContext } from '../../../lib/contexts/session';
import { recordFetch, SIGNED_IN, STORE } from '../../../test/order-fixtures';
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

type Answer = Parameters<typeof recordFetch>[0];

/** The tab, its calls answered by `answer`; the store's settings say where it ships. */
function renderTab(answer: Answer, shipsTo = STORE.shipsTo) {
  const calls = recordFetch((call) =>
    call.path === '/api/store' ? [200, { ...STORE, shipsTo }] : answer(call),
  );
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
    await user.type(within(form).getByLabelText('ZIP / Postal Code'), '560001');
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

  it('adds an address abroad as the checkout does: the country chosen, the state as given', async () => {
    const abroad = {
      ...HOME,
      id: 'c'.repeat(24),
      label: 'Munich agent',
      recipientName: 'Jonas Weber',
      address1: 'Leopoldstraße 12',
      city: 'Munich',
      state: 'Bavaria',
      stateCode: null,
      postalCode: '80802',
      country: 'de',
      phone: '+49 89 1234567',
      isDefault: false,
    };
    const calls = renderTab(
      (call) =>
        call.method === 'POST'
          ? [201, { payload: { ...BOOK, addresses: [HOME, abroad] } }]
          : [200, { payload: BOOK }],
      ['India', 'Germany'],
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = within(screen.getByRole('form', { name: 'New address' }));
    await user.type(form.getByLabelText(/^Label/), 'Munich agent');
    await user.type(form.getByLabelText('Recipient Name'), 'Jonas Weber');
    await user.type(form.getByLabelText('Address Line 1'), 'Leopoldstraße 12');
    await user.type(form.getByLabelText('City'), 'Munich');
    // The country list loads after the form paints; Germany's state is free text.
    await form.findByRole('option', { name: 'Germany' });
    await user.selectOptions(form.getByLabelText('Country'), 'de');
    await user.type(form.getByLabelText('State / Province'), 'Bavaria');
    await user.type(form.getByLabelText('ZIP / Postal Code'), '80802');
    await user.type(form.getByLabelText('Phone Number'), '+49 89 1234567');
    await user.click(form.getByRole('button', { name: 'Save' }));
    const card = (await screen.findByText('Munich agent')).closest('li')!;
    expect(card).toHaveTextContent('Munich, Bavaria 80802');
    expect(card).toHaveTextContent('Germany');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      city: 'Munich',
      state: 'Bavaria',
      postalCode: '80802',
      country: 'de',
    });

    // Editing it opens with its country and its state as text.
    await user.click(screen.getByRole('button', { name: 'Edit Munich agent' }));
    const edit = within(screen.getByRole('form', { name: 'Edit address' }));
    expect(edit.getByLabelText('Country')).toHaveValue('de');
    expect(edit.getByLabelText('State / Province')).toHaveValue('Bavaria');
  });

  it('says where the store ships when the country is not served, and sends nothing', async () => {
    const calls = renderTab(() => [200, { payload: BOOK }]);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = within(screen.getByRole('form', { name: 'New address' }));
    await user.type(form.getByLabelText('Recipient Name'), 'Jonas Weber');
    await user.type(form.getByLabelText('Address Line 1'), 'Leopoldstraße 12');
    await user.type(form.getByLabelText('City'), 'Munich');
    await form.findByRole('option', { name: 'Germany' });
    await user.selectOptions(form.getByLabelText('Country'), 'de');
    // An Indian state is not asked abroad, and the shared rules want one all the same.
    await user.type(form.getByLabelText('ZIP / Postal Code'), '80802');
    await user.type(form.getByLabelText('Phone Number'), '+49 89 1234567');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(CHECKOUT_MESSAGES.state)).toBeInTheDocument();
    await user.type(form.getByLabelText('State / Province'), 'Bavaria');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      form.getByText('We ship only to India. Choose a delivery address there.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(form.getByLabelText('Country')).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
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
