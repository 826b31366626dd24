import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findIndianState, INDIAN_STATES, isIndia, placeOfSupply } from '@storefront/shared/gst';
import { GSTIN_PROBLEM_MESSAGES } from '@storefront/shared/gstin';
import { CHECKOUT_MESSAGES } from '@storefront/shared/orders';
import type { AddressBook } from '@storefront/shared/address-book';
import type { StorePublic } from '@storefront/shared/store-settings';
import { SessionContext, type Session } from '../../../lib/contexts/session';
import {
  cartLine,
  cartOf,
  order,
  recordFetch,
  SIGNED_IN,
  STORE,
  type RecordedCall,
} from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { CheckoutPage } from './checkout-page';

/** A Karnataka GSTIN (29) and a Chandigarh one (04), with valid check digits. */
const KARNATAKA_GSTIN = '29AAPFU0939F1ZR';
const EMPTY_BOOK: AddressBook = { addresses: [], billingEntities: [] };
const SAVED = {
  address2: '',
  address3: '',
  country: 'in',
  isDefault: false,
};
/** A book of two addresses (the Pune office the default) and a Karnataka billing entity. */
const BOOK: AddressBook = {
  addresses: [
    {
      ...SAVED,
      id: 'a'.repeat(24),
      label: 'Pune office',
      recipientName: 'Asha Mehta',
      address1: '14 Linking Road',
      city: 'Pune',
      state: 'Maharashtra',
      stateCode: '27',
      postalCode: '411001',
      phone: '9876543210',
      isDefault: true,
    },
    {
      ...SAVED,
      id: 'b'.repeat(24),
      label: 'Bengaluru depot',
      recipientName: 'Ravi Kumar',
      address1: '8 Brigade Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      stateCode: '29',
      postalCode: '560001',
      phone: '9845012345',
    },
  ],
  billingEntities: [
    {
      id: 'c'.repeat(24),
      gstin: KARNATAKA_GSTIN,
      legalName: 'Mehta Traders Karnataka',
      address1: '4 Residency Road',
      address2: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      stateCode: '29',
      postalCode: '560025',
      isDefault: true,
    },
  ],
};
const CHANDIGARH_GSTIN = '04AABCM1234F1Z5';

function renderCheckout(session: Session = SIGNED_IN) {
  return renderRoute(
    <SessionContext value={session}>
      <CheckoutPage />
    </SessionContext>,
    { path: '/checkout', extraRoutes: [{ path: '/order/:id', element: <p>payment step</p> }] },
  );
}

/**
 * The API as the server answers the checkout: the store, the cart taxed for the ship-to its
 * query names (the shared placeOfSupply against the store's state), and `post` for the order.
 */
function checkoutApi({
  store = STORE,
  lines = [cartLine({ quantity: 3 })],
  post = () => [201, { payload: order() }],
  book = EMPTY_BOOK,
}: {
  store?: StorePublic;
  lines?: ReturnType<typeof cartLine>[];
  post?: (call: RecordedCall) => [number, unknown];
  book?: AddressBook;
} = {}) {
  return recordFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (call.method === 'POST') return post(call);
    if (url.pathname === '/api/store') return [200, store];
    if (url.pathname === '/api/user/address-book') return [200, { payload: book }];
    const country = url.searchParams.get('shipCountry');
    const state = findIndianState(url.searchParams.get('shipState') ?? '');
    const place =
      country === null
        ? null
        : placeOfSupply(
            { country, stateCode: isIndia(country) ? (state?.code ?? null) : null },
            url.searchParams.get('billGstin'),
          );
    return [200, cartOf(lines, place, store.stateCode)];
  });
}

const cartCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/cart/?'));

type User = ReturnType<typeof userEvent.setup>;

async function fillRecipient(user: User) {
  await user.type(screen.getByLabelText('First Name'), 'Asha');
  await user.type(screen.getByLabelText('Last Name'), 'Mehta');
  await user.type(screen.getByLabelText('Phone Number'), '9876543210');
}

async function fillOtherAddress(user: User) {
  await user.click(screen.getByRole('radio', { name: 'Ship to a different address' }));
  await user.type(screen.getByLabelText('Address Line 1'), '12 MG Road');
  await user.type(screen.getByLabelText('City'), 'Pune');
  await user.selectOptions(screen.getByLabelText('State / Union Territory'), 'Maharashtra');
  await user.type(screen.getByLabelText('ZIP / Postal Code'), '411001');
}

const summary = () => screen.getByRole('region', { name: 'Order Summary' });
/** The page once the cart and the account's details are in. */
const loaded = () => screen.findByLabelText('GSTIN');

// Each test fills a dozen fields, each checked again once submitted: more than the default 5 s
// when the machine is busy.
describe('the checkout page', { timeout: 20_000 }, () => {
  it('prefills the billing details from the account, and ships to them by default', async () => {
    checkoutApi();
    renderCheckout();
    expect(await screen.findByLabelText('GSTIN')).toHaveValue('27AABCM1234F1ZX');
    const billing = screen.getByRole('region', { name: 'Billing Details' });
    expect(within(billing).getByRole('heading', { level: 2 })).toHaveTextContent('Billing Details');
    expect(billing).toHaveTextContent(
      'Your GST invoice is made out to these details, for your input tax credit.',
    );
    expect(screen.getByLabelText('Legal Name')).toHaveValue('Mehta Traders');
    expect(screen.getByLabelText('Billing Address Line 1')).toHaveValue(
      '14 Linking Road, Bandra West',
    );
    expect(screen.getByLabelText('Billing City')).toHaveValue('Pune');
    expect(screen.getByLabelText('Billing State')).toHaveValue('Maharashtra');
    expect(screen.getByLabelText('Billing ZIP / Postal Code')).toHaveValue('400050');
    expect(screen.getByRole('radio', { name: 'Ship to my billing address' })).toBeChecked();
    // Only the recipient is asked; the address fields wait, hidden, for another address.
    expect(screen.getByLabelText('First Name')).toBeVisible();
    expect(screen.getByLabelText('Address Line 1')).not.toBeVisible();
  });

  it('offers every state and union territory with its GST code for India, free text elsewhere', async () => {
    checkoutApi();
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: 'Ship to a different address' }));
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('in');
    // The list loads after the form has painted (hooks/use-countries).
    await waitFor(() =>
      expect(country.querySelectorAll('option').length).toBeGreaterThanOrEqual(240),
    );
    const state = screen.getByLabelText('State / Union Territory');
    expect(state.tagName).toBe('SELECT');
    const options = within(state).getAllByRole('option');
    expect(options).toHaveLength(INDIAN_STATES.length + 1);
    expect(options[0]).toHaveValue('');
    expect(within(state).getByRole('option', { name: 'Karnataka (29)' })).toHaveValue('Karnataka');
    expect(
      within(state).getByRole('option', { name: 'Dadra and Nagar Haveli and Daman and Diu (26)' }),
    ).toBeInTheDocument();
    // The billing state is the same list.
    expect(within(screen.getByLabelText('Billing State')).getAllByRole('option')).toHaveLength(
      INDIAN_STATES.length + 1,
    );

    await user.selectOptions(country, 'sg');
    const province = screen.getByLabelText('State / Province');
    expect(province.tagName).toBe('INPUT');
  });

  it('shows the spec messages of the recipient and of a different address, and sends nothing', async () => {
    const calls = checkoutApi();
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.firstName)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.lastName)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.phone)).toBeInTheDocument();
    expect(screen.queryByText(CHECKOUT_MESSAGES.address1)).toBeNull();
    expect(screen.getByLabelText('First Name')).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: 'Ship to a different address' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.address1)).toBeInTheDocument();
    for (const message of [
      CHECKOUT_MESSAGES.city,
      CHECKOUT_MESSAGES.state,
      CHECKOUT_MESSAGES.postalCode,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('State / Union Territory')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('checks the billing GSTIN’s check digit and that the state is its state, with clear messages', async () => {
    const calls = checkoutApi();
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    const gstin = await screen.findByLabelText('GSTIN');
    await fillRecipient(user);
    await user.clear(gstin);
    await user.type(gstin, '29aapfu0939f1zv');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() =>
      expect(gstin).toHaveAccessibleDescription(
        `The registration your tax invoice is made out to. ${GSTIN_PROBLEM_MESSAGES.checksum}`,
      ),
    );
    expect(gstin).toHaveFocus();

    // A valid GSTIN of Karnataka, billed with the account's Maharashtra address.
    await user.clear(gstin);
    await user.type(gstin, KARNATAKA_GSTIN);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    const state = screen.getByLabelText('Billing State');
    await waitFor(() =>
      expect(state).toHaveAccessibleDescription(
        "The billing state must be the GSTIN's state (Karnataka)",
      ),
    );
    expect(state).toHaveFocus();
    await user.selectOptions(state, '');
    await waitFor(() => expect(state).toHaveAccessibleDescription(CHECKOUT_MESSAGES.state));
    await user.selectOptions(state, 'Karnataka');
    await waitFor(() => expect(state).not.toHaveAccessibleDescription());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows CGST + SGST when the billed GSTIN is in the seller’s state, the odd paisa to CGST', async () => {
    const calls = checkoutApi();
    renderCheckout();
    await loaded();
    const place = await within(summary()).findByTestId('place-of-supply');
    expect(place).toHaveTextContent('Place of supply: Maharashtra (27) · CGST + SGST');
    // ₹345.00 at 18%: ₹292.37 taxable, ₹52.63 of GST: ₹26.32 CGST and ₹26.31 SGST.
    expect(within(summary()).getByTestId('taxable-value')).toHaveTextContent(/^₹292\.37$/);
    expect(within(summary()).getByTestId('tax-cgst')).toHaveTextContent(/^₹26\.32$/);
    expect(within(summary()).getByTestId('tax-sgst')).toHaveTextContent(/^₹26\.31$/);
    expect(within(summary()).queryByTestId('tax-igst')).toBeNull();
    expect(within(summary()).getByTestId('checkout-total')).toHaveTextContent(/^₹345\.00$/);
    expect(within(summary()).getByTestId('line-tax')).toHaveTextContent(
      '₹292.37 excl. GST + ₹52.63 GST (18%)',
    );
    expect(within(summary()).getByTestId('seller-state')).toHaveTextContent(
      'Sold from Maharashtra (27): CGST + SGST when the place of supply is Maharashtra, IGST otherwise.',
    );
    expect(cartCalls(calls).map((c) => c.path)).toEqual([
      '/api/cart/?shipCountry=India&shipState=Maharashtra&billGstin=27AABCM1234F1ZX',
    ]);
  });

  it('asks the cart again as the billing changes, and shows IGST for another state’s GSTIN', async () => {
    const calls = checkoutApi();
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await loaded();
    await within(summary()).findByTestId('tax-cgst');
    const gstin = screen.getByLabelText('GSTIN');
    await user.clear(gstin);
    // A GSTIN half typed asks nothing new: the place of supply follows the delivery state.
    await user.type(gstin, '29AAPFU');
    await user.type(gstin, '0939F1ZR');
    await user.selectOptions(screen.getByLabelText('Billing State'), 'Karnataka');
    await waitFor(() =>
      expect(within(summary()).getByTestId('place-of-supply')).toHaveTextContent(
        'Place of supply: Karnataka (29) · IGST',
      ),
    );
    expect(within(summary()).getByTestId('tax-igst')).toHaveTextContent(/^₹52\.63$/);
    expect(within(summary()).queryByTestId('tax-cgst')).toBeNull();
    await waitFor(() =>
      expect(cartCalls(calls).map((c) => c.path)).toContain(
        `/api/cart/?shipCountry=India&shipState=Karnataka&billGstin=${KARNATAKA_GSTIN}`,
      ),
    );
    expect(cartCalls(calls).every((c) => !/billGstin=29AAPFU(&|$)/.test(c.path))).toBe(true);
  });

  it('shows CGST + UTGST for a supply within a union territory without a legislature', async () => {
    checkoutApi({
      store: { ...STORE, gstin: CHANDIGARH_GSTIN, stateCode: '04', stateName: 'Chandigarh' },
    });
    const session: Session = {
      ...SIGNED_IN,
      user: { ...SIGNED_IN.user!, gstNumber: CHANDIGARH_GSTIN, businessState: 'Chandigarh' },
    };
    renderCheckout(session);
    await loaded();
    const place = await within(summary()).findByTestId('place-of-supply');
    expect(place).toHaveTextContent('Place of supply: Chandigarh (04) · CGST + UTGST');
    expect(within(summary()).getByTestId('tax-cgst')).toHaveTextContent(/^₹26\.32$/);
    expect(within(summary()).getByTestId('tax-utgst')).toHaveTextContent(/^₹26\.31$/);
    expect(within(summary()).getByText('UTGST')).toBeInTheDocument();
  });

  it('says GST (included) until a state is known', async () => {
    checkoutApi();
    const session: Session = {
      ...SIGNED_IN,
      user: { ...SIGNED_IN.user!, gstNumber: '', businessState: '' },
    };
    renderCheckout(session);
    await loaded();
    expect(await within(summary()).findByText('GST (included)')).toBeInTheDocument();
    expect(within(summary()).getByTestId('tax-gst')).toHaveTextContent(/^₹52\.63$/);
    expect(within(summary()).queryByTestId('place-of-supply')).toBeNull();
  });

  it('says where the store ships when another country is chosen, and attempts no order', async () => {
    const calls = checkoutApi();
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await loaded();
    await fillRecipient(user);
    await fillOtherAddress(user);
    await user.selectOptions(screen.getByLabelText('Country'), 'us');
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('We ship only to India. Choose a delivery address there.');
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription(
      'We ship only to India. Choose a delivery address there.',
    );
    await user.type(screen.getByLabelText('State / Province'), 'California');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // Exports are taxed as IGST with the place of supply outside India.
    expect(cartCalls(calls).map((c) => c.path)).toContain('/api/cart/?shipCountry=United+States');

    await user.selectOptions(screen.getByLabelText('Country'), 'in');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the billing details and a different ship-to in one order', async () => {
    const calls = checkoutApi();
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await screen.findByLabelText('GSTIN');
    await fillRecipient(user);
    await fillOtherAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('payment step')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')[0]?.body).toEqual({
      currency: 'INR',
      source: 1,
      recipientName: 'Asha Mehta',
      shippingAddress1: '12 MG Road',
      shippingAddress2: '',
      shippingAddress3: '',
      shippingCity: 'Pune',
      shippingState: 'Maharashtra',
      shippingPostalCode: '411001',
      shippingCountry: 'in',
      shippingPhoneNumber: '9876543210',
      billing: {
        gstin: '27AABCM1234F1ZX',
        legalName: 'Mehta Traders',
        address1: '14 Linking Road, Bandra West',
        address2: '',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '400050',
      },
    });
  });

  it('offers the saved addresses and billing entities, the defaults chosen, and sends their copies', async () => {
    const calls = checkoutApi({ book: BOOK });
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    const depot = await screen.findByRole('radio', { name: /Bengaluru depot/ });
    expect(screen.getByRole('radio', { name: /Mehta Traders Karnataka/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Pune office/ })).toBeChecked();
    // The forms wait, hidden, for "Other billing details" and "Another address".
    expect(screen.getByLabelText('GSTIN')).not.toBeVisible();
    expect(screen.getByLabelText('First Name')).not.toBeVisible();
    await user.click(depot);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('payment step')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')[0]?.body).toEqual({
      currency: 'INR',
      source: 1,
      recipientName: 'Ravi Kumar',
      shippingAddress1: '8 Brigade Road',
      shippingAddress2: '',
      shippingAddress3: '',
      shippingCity: 'Bengaluru',
      shippingState: 'Karnataka',
      shippingPostalCode: '560001',
      shippingCountry: 'in',
      shippingPhoneNumber: '9845012345',
      billing: {
        gstin: KARNATAKA_GSTIN,
        legalName: 'Mehta Traders Karnataka',
        address1: '4 Residency Road',
        address2: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560025',
      },
    });
  });

  it('saves a new address with the order when asked', async () => {
    const calls = checkoutApi({ book: BOOK });
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: 'Another address' }));
    await fillRecipient(user);
    await fillOtherAddress(user);
    await user.click(
      screen.getByRole('checkbox', { name: 'Save this address to my address book' }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('payment step')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')[0]?.body).toMatchObject({
      recipientName: 'Asha Mehta',
      shippingAddress1: '12 MG Road',
      saveAddress: true,
      billing: { gstin: KARNATAKA_GSTIN },
    });
  });

  it('ships to the billing address with its lines, city, state and PIN code', async () => {
    const calls = checkoutApi();
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await screen.findByLabelText('GSTIN');
    await user.type(screen.getByLabelText(/^Billing Address Line 2/), 'Bandra West');
    await fillRecipient(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('payment step')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')[0]?.body).toMatchObject({
      recipientName: 'Asha Mehta',
      shippingAddress1: '14 Linking Road, Bandra West',
      shippingAddress2: 'Bandra West',
      shippingAddress3: '',
      shippingCity: 'Pune',
      shippingState: 'Maharashtra',
      shippingPostalCode: '400050',
      shippingCountry: 'in',
      billing: { gstin: '27AABCM1234F1ZX', address2: 'Bandra West' },
    });
  });

  it('creates the order with an Idempotency-Key, reuses it on a retry, then opens the order', async () => {
    const placed = order();
    let attempts = 0;
    const calls = checkoutApi({
      post: () => {
        attempts += 1;
        return attempts === 1
          ? [409, { detail: 'Another order is being placed', code: 'order_in_flight' }]
          : [201, { payload: placed }];
      },
    });
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await screen.findByLabelText('GSTIN');
    await fillRecipient(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Failed to create order')).toBeInTheDocument();
    expect(screen.getByText('Another order is being placed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('payment step')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.path).toBe('/api/orders/');
    const key = posts[0]?.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[1]?.headers['idempotency-key']).toBe(key);
  });

  it('starts a new attempt with a new key when the details change', async () => {
    const calls = checkoutApi({
      post: () => [409, { detail: 'Your cart is empty', code: 'cart_empty' }],
    });
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await screen.findByLabelText('GSTIN');
    await fillRecipient(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByText('Failed to create order');
    fireEvent.change(screen.getByLabelText('Billing City'), { target: { value: 'Mumbai' } });
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST');
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('puts the server’s field messages under their fields', async () => {
    checkoutApi({
      post: () => [
        400,
        {
          detail: 'billing.gstin: GST number check digit does not match',
          code: 'invalid_data',
          fields: { 'billing.gstin': 'GST number check digit does not match' },
        },
      ],
    });
    const user = userEvent.setup({ delay: null });
    renderCheckout();
    await screen.findByLabelText('GSTIN');
    await fillRecipient(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() =>
      expect(screen.getByLabelText('GSTIN')).toHaveAccessibleDescription(
        'The registration your tax invoice is made out to. GST number check digit does not match',
      ),
    );
  });

  it('says the cart is empty when there is nothing to check out', async () => {
    checkoutApi({ lines: [] });
    renderCheckout();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(
      screen.getByText('You need to add items to your cart before proceeding to checkout.'),
    ).toBeInTheDocument();
  });
});
