import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaxDocumentList, TaxDocumentRow } from '@storefront/shared/gst-returns';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const SUMS = { count: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };

const row = (overrides: Partial<TaxDocumentRow> = {}): TaxDocumentRow => ({
  id: 7,
  kind: 'invoice',
  number: 'INV/2728/00001',
  issueDate: '2027-04-01',
  orderNumber: 'MKP-20270401-AAAAAA',
  href: '/api/staff/orders/MKP-20270401-AAAAAA/tax-documents/7.pdf',
  recipient: { legalName: 'Kaveri Traders LLP', gstin: '29AABCK1234M1ZP' },
  placeOfSupply: { code: '29', name: 'Karnataka' },
  supplyType: 'inter',
  taxablePaise: 12_709_32,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 2_287_68,
  totalPaise: 14_997_00,
  original: null,
  eInvoice: { status: 'pending', irn: null, ackNumber: null, ackDate: null },
  ...overrides,
});

const LIST: TaxDocumentList = {
  documents: [
    row({
      id: 8,
      kind: 'credit_note',
      number: 'CN/2728/00001',
      issueDate: '2027-04-20',
      href: '/api/staff/orders/MKP-20270401-AAAAAA/tax-documents/8.pdf',
      taxablePaise: 4_236_44,
      igstPaise: 762_56,
      totalPaise: 4_999_00,
      original: { number: 'INV/2728/00001', issueDate: '2027-04-01' },
    }),
    row(),
  ],
  summary: {
    invoices: {
      ...SUMS,
      count: 1,
      taxablePaise: 12_709_32,
      igstPaise: 2_287_68,
      totalPaise: 14_997_00,
    },
    creditNotes: {
      ...SUMS,
      count: 1,
      taxablePaise: 4_236_44,
      igstPaise: 762_56,
      totalPaise: 4_999_00,
    },
  },
  eInvoicing: false,
  next: null,
};

function api(
  list: TaxDocumentList,
  more: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
) {
  return fakeApi((request) => {
    if (request.path === '/api/staff/session') return { body: sessionOf('finance') };
    if (request.path.startsWith('/api/staff/tax-documents?')) return { body: list };
    return more(request);
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('tax documents & returns', () => {
  // The first test also loads the page's chunk, transformed on first import in a test run.
  it('lists the month of the URL with its totals, a credit note naming its invoice', async () => {
    const requests = api(LIST);
    renderConsole('/admin/tax-documents?month=2027-04');
    expect(await screen.findByText('CN/2728/00001', {}, FIRST_LOAD)).toBeVisible();
    expect(requests.find((r) => r.path.startsWith('/api/staff/tax-documents'))!.path).toBe(
      '/api/staff/tax-documents?month=2027-04',
    );
    expect(
      screen.getByRole('heading', { name: 'Tax documents & returns', level: 1 }),
    ).toBeVisible();
    expect(screen.getByText('Credit note of INV/2728/00001')).toBeVisible();
    expect(screen.getByLabelText('Month')).toHaveValue('2027-04');
    // ₹14,997 invoiced less ₹4,999 credited.
    const net = screen.getByRole('heading', { name: 'Net of credit notes' }).parentElement!;
    expect(within(net).getByText('₹9,998.00')).toBeVisible();
    // An inter-state document's tax is IGST alone.
    const invoice = screen.getByText('INV/2728/00001').closest('tr')!;
    expect(within(invoice).getByText('IGST')).toBeVisible();
    expect(within(invoice).queryByText('CGST')).toBeNull();
    // Each number is its PDF's link, saved under the number.
    const pdf = screen.getByRole('link', { name: 'Download credit note CN/2728/00001 (PDF)' });
    expect(pdf).toHaveAttribute(
      'href',
      '/api/staff/orders/MKP-20270401-AAAAAA/tax-documents/8.pdf',
    );
    expect(pdf).toHaveAttribute('download', 'CN-2728-00001.pdf');
    // E-invoicing is off: no e-invoice column.
    expect(screen.queryByRole('columnheader', { name: 'E-invoice' })).toBeNull();
  }, 20_000);

  it('shows why a GSTR-1 download was refused, with each rule broken', async () => {
    const user = userEvent.setup();
    const requests = api(LIST, ({ path }) =>
      path.startsWith('/api/staff/returns/gstr1')
        ? {
            status: 409,
            body: {
              code: 'registration_incomplete',
              detail:
                "The store's GST registration lacks a valid GSTIN; complete the settings first",
            },
          }
        : undefined,
    );
    renderConsole('/admin/tax-documents?month=2027-04');
    await user.click(await screen.findByRole('button', { name: 'GSTR-1 JSON' }, FIRST_LOAD));
    expect(
      await screen.findByText(
        "The store's GST registration lacks a valid GSTIN; complete the settings first",
      ),
    ).toBeVisible();
    expect(requests.at(-1)!.path).toBe('/api/staff/returns/gstr1?month=2027-04&format=json');
  });

  it('downloads the CSV zip under the server’s file name', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:zip';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    api(LIST, ({ path }) =>
      path.startsWith('/api/staff/returns/gstr1') ? { body: {} } : undefined,
    );
    renderConsole('/admin/tax-documents?month=2027-04');
    await user.click(await screen.findByRole('button', { name: 'CSV tables (zip)' }, FIRST_LOAD));
    await waitFor(() => expect(clicked).toEqual(['GSTR1_2027-04.zip']));
    expect(created).toHaveLength(1);
    click.mockRestore();
  });

  it('records an IRN when the store e-invoices: the shared rules first, then the call', async () => {
    const user = userEvent.setup();
    const requests = api({ ...LIST, eInvoicing: true }, ({ method, path }) =>
      method === 'PUT' && path === '/api/staff/tax-documents/7/e-invoice'
        ? {
            body: {
              document: row({
                eInvoice: {
                  status: 'registered',
                  irn: 'a'.repeat(64),
                  ackNumber: '112710073901234',
                  ackDate: '2027-04-01 18:20:00',
                },
              }),
            },
          }
        : undefined,
    );
    renderConsole('/admin/tax-documents?month=2027-04');
    expect(
      await screen.findByRole('columnheader', { name: 'E-invoice' }, FIRST_LOAD),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Record the IRN of INV/2728/00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record e-invoice registration' });
    await user.type(within(dialog).getByLabelText('IRN'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(
      within(dialog).getByText('The IRN is 64 hexadecimal characters (0-9, a-f)'),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('IRN')).toHaveFocus();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(within(dialog).getByLabelText('IRN'));
    await user.type(within(dialog).getByLabelText('IRN'), 'a'.repeat(64));
    await user.type(within(dialog).getByLabelText('Acknowledgement number'), '112710073901234');
    await user.type(within(dialog).getByLabelText('Acknowledgement date'), '2027-04-01 18:20:00');
    await user.type(within(dialog).getByLabelText('Signed QR code'), 'aaa.bbb.ccc');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      irn: 'a'.repeat(64),
      ackNumber: '112710073901234',
      ackDate: '2027-04-01 18:20:00',
      signedQr: 'aaa.bbb.ccc',
    });
    expect(await screen.findByText('E-invoice registration recorded')).toBeVisible();
  });

  it('shows the e-invoice refusal naming the lines', async () => {
    const user = userEvent.setup();
    api({ ...LIST, eInvoicing: true }, ({ path }) =>
      path === '/api/staff/tax-documents/7/e-invoice.json'
        ? {
            status: 422,
            body: {
              code: 'e_invoice_refused',
              detail: 'INV/2728/00001 cannot be exported as an e-invoice: Line 1 …',
              issues: [
                {
                  path: 'ItemList.0.HsnCd',
                  code: 'hsn_too_short',
                  message:
                    'Line 1 (Drill, SKU D-1): HSN 8467 has 4 digits; an e-invoice needs a 6- or 8-digit HSN',
                },
                {
                  path: 'ItemList.1.HsnCd',
                  code: 'hsn_too_short',
                  message:
                    'Line 2 (Bits, SKU B-1): HSN 8207 has 4 digits; an e-invoice needs a 6- or 8-digit HSN',
                },
              ],
            },
          }
        : undefined,
    );
    renderConsole('/admin/tax-documents?month=2027-04');
    await user.click(
      await screen.findByRole('button', { name: 'E-invoice JSON of INV/2728/00001' }, FIRST_LOAD),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('E-invoice not downloaded')).toBeVisible();
    expect(
      within(alert).getByText(
        'Line 2 (Bits, SKU B-1): HSN 8207 has 4 digits; an e-invoice needs a 6- or 8-digit HSN',
      ),
    ).toBeVisible();
  });
});
