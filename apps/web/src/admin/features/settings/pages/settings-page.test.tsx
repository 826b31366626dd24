import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import type { StaffRole } from '@storefront/shared/staff';
import type { StoreSettingsView } from '@storefront/shared/store-settings';
import type { TaxRateList } from '@storefront/shared/tax-rates';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const GSTIN = `27AAKCS4912M1Z${gstinCheckCharacter('27AAKCS4912M1Z')}`;
const KARNATAKA = `29AAKCS4912M1Z${gstinCheckCharacter('29AAKCS4912M1Z')}`;

const view = (over: Partial<StoreSettingsView> = {}): StoreSettingsView => ({
  settings: {
    legalName: 'Sahyadri Wholesale Supplies Private Limited',
    tradeName: 'B2B Storefront',
    gstin: GSTIN,
    address1: 'Unit 12, Bhiwandi Logistics Park',
    address2: '',
    city: 'Bhiwandi',
    stateCode: '27',
    postalCode: '421302',
    phone: '',
    email: '',
    shipsTo: ['India'],
    invoicePrefix: 'INV',
    creditNotePrefix: 'CN',
    eInvoicing: false,
    signatory: 'Priya Kulkarni',
  },
  gaps: [],
  takingOrders: true,
  updatedAt: '2026-11-26T06:30:00.000Z',
  updatedBy: 'owner@shop.example',
  ...over,
});

function consoleApi(
  role: StaffRole,
  answer: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
  settings = view(),
) {
  return fakeApi((request) => {
    if (request.path === '/api/staff/session') return { body: sessionOf(role) };
    const own = answer(request);
    if (own) return own;
    if (request.path === '/api/staff/settings' && request.method === 'GET')
      return { body: settings };
    return undefined;
  });
}

const put = (requests: FakeRequest[]) => requests.find((r) => r.method === 'PUT');

describe('the settings page', () => {
  it('says what the registration lacks before the store may take orders', async () => {
    consoleApi(
      'owner',
      undefined,
      view({
        settings: { ...view().settings, gstin: '', legalName: '' },
        gaps: ['legal name', 'a valid GSTIN'],
        takingOrders: false,
      }),
    );
    renderConsole('/admin/settings');
    const status = await screen.findByText(
      'The store takes no orders until the registration has:',
      {},
      FIRST_LOAD,
    );
    const box = status.closest('[role="status"]') as HTMLElement;
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Legal name', 'A valid GSTIN']);
  });

  it('lets the owner change the registration, the countries and the series, and sends them', async () => {
    const requests = consoleApi('owner', (request) =>
      request.method === 'PUT' ? { body: view() } : undefined,
    );
    const user = userEvent.setup();
    renderConsole('/admin/settings');
    const gstin = await screen.findByLabelText('GSTIN', {}, FIRST_LOAD);
    // A valid GSTIN of another state brings its state along.
    await user.clear(gstin);
    await user.type(gstin, KARNATAKA.toLowerCase());
    expect(screen.getByLabelText('State')).toHaveValue('29');
    await user.selectOptions(screen.getByLabelText('Add a country'), 'Nepal');
    expect(
      within(screen.getByRole('list', { name: 'Countries the store ships to' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['India', 'Nepal']);
    const prefix = screen.getByLabelText('Invoice prefix');
    await user.clear(prefix);
    await user.type(prefix, 'sf');
    expect(prefix).toHaveAccessibleDescription(/This year's first invoice: SF\/\d{4}\/00001/);
    await user.click(screen.getByLabelText('E-invoicing'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(put(requests)).toBeDefined());
    expect(put(requests)!.body).toEqual({
      ...view().settings,
      gstin: KARNATAKA,
      stateCode: '29',
      shipsTo: ['India', 'Nepal'],
      invoicePrefix: 'SF',
      eInvoicing: true,
    });
  });

  it('refuses what the shared rules refuse before asking the server, by field', async () => {
    const requests = consoleApi('owner');
    const user = userEvent.setup();
    renderConsole('/admin/settings');
    const gstin = await screen.findByLabelText('GSTIN', {}, FIRST_LOAD);
    await user.clear(gstin);
    await user.type(gstin, `${GSTIN.slice(0, 14)}${GSTIN.endsWith('A') ? 'B' : 'A'}`);
    await user.selectOptions(screen.getByLabelText('State'), '29');
    const cn = screen.getByLabelText('Credit note prefix');
    await user.clear(cn);
    await user.type(cn, 'INV');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(gstin).toHaveAccessibleDescription(
      "15 characters; the first two are the state's code GST number check digit does not match",
    );
    expect(cn).toHaveAttribute('aria-invalid', 'true');
    expect(put(requests)).toBeUndefined();
  });

  it('shows the server’s field message under its field', async () => {
    consoleApi('owner', (request) =>
      request.method === 'PUT'
        ? {
            status: 400,
            body: {
              detail: 'Invalid',
              code: 'invalid_data',
              fields: { 'shipsTo.0': 'Atlantis is not on the country list' },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderConsole('/admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Save settings' }, FIRST_LOAD));
    expect(await screen.findByText('Atlantis is not on the country list')).toBeInTheDocument();
  });

  it('is read-only for finance, who may not save', async () => {
    consoleApi('finance');
    renderConsole('/admin/settings');
    expect(await screen.findByLabelText('Legal name', {}, FIRST_LOAD)).toHaveAttribute('readonly');
    expect(
      screen.getByText(/Only the store.s owner can change these settings/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.queryByLabelText('Add a country')).toBeNull();
  });
});

const rates: TaxRateList = {
  defaultRateBp: 1800,
  rates: [
    { hsnPrefix: '3401', rateBp: 500, description: 'Soap', updatedAt: '2026-11-26T06:30:00.000Z' },
    { hsnPrefix: '61', rateBp: 500, description: 'Apparel', updatedAt: '2026-11-26T06:30:00.000Z' },
  ],
};

describe('the tax rates page', () => {
  it('lists the prefixes and works out which rate an HSN code takes', async () => {
    consoleApi('finance', (request) =>
      request.path === '/api/staff/tax-rates' ? { body: rates } : undefined,
    );
    const user = userEvent.setup();
    renderConsole('/admin/tax-rates');
    const table = await screen.findByRole(
      'table',
      { name: 'HSN prefixes and their GST rates' },
      FIRST_LOAD,
    );
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('34015%Soap'), expect.stringContaining('615%Apparel')]);
    // Finance reads: no form, no actions.
    expect(screen.queryByRole('button', { name: 'Add prefix' })).toBeNull();
    await user.type(screen.getByLabelText('HSN code of a product'), '61091000');
    expect(screen.getByText(/^5%, from the prefix 61/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('HSN code of a product'));
    await user.type(screen.getByLabelText('HSN code of a product'), '9405');
    expect(screen.getByText(/^18%: no listed prefix covers it/)).toBeInTheDocument();
  });

  it('lets catalog staff add a prefix and refuses one the rules refuse', async () => {
    const requests = consoleApi('catalog', (request) => {
      if (request.path === '/api/staff/tax-rates') return { body: rates };
      if (request.method === 'PUT')
        return {
          body: {
            hsnPrefix: '2202',
            rateBp: 4000,
            description: 'Aerated drinks',
            updatedAt: '2026-11-26T07:00:00.000Z',
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderConsole('/admin/tax-rates');
    const prefix = await screen.findByLabelText('HSN prefix', {}, FIRST_LOAD);
    await user.type(prefix, '2');
    await user.click(screen.getByRole('button', { name: 'Add prefix' }));
    expect(await screen.findByText('An HSN prefix is 2 to 8 digits')).toBeInTheDocument();
    await user.type(prefix, '202');
    await user.selectOptions(screen.getByLabelText('GST rate'), '40%');
    await user.type(screen.getByLabelText('Covers'), 'Aerated drinks');
    await user.click(screen.getByRole('button', { name: 'Add prefix' }));
    await waitFor(() => expect(put(requests)).toBeDefined());
    expect(put(requests)).toMatchObject({
      path: '/api/staff/tax-rates/2202',
      body: { rateBp: 4000, description: 'Aerated drinks' },
    });
  });

  it('keeps fulfilment staff out', async () => {
    consoleApi('fulfilment');
    renderConsole('/admin/tax-rates');
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }, FIRST_LOAD),
    ).toBeInTheDocument();
  });
});
