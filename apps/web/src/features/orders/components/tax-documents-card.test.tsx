import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxDocumentRef } from '@storefront/shared/tax-summary';
import { Toaster } from '../../../components/ui/toaster';
import { resetToasts } from '../../../components/ui/use-toast';
import { clearTokens, storeTokens } from '../../../lib/api/auth-tokens';
import { order } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { TaxDocumentsCard } from './tax-documents-card';

const ORDER_ID = 'c'.repeat(24);
const INVOICE: TaxDocumentRef = {
  kind: 'invoice',
  number: 'INV/2627/00042',
  issueDate: '2026-11-26',
  total: 5497,
  href: `/api/orders/${ORDER_ID}/tax-documents/42.pdf`,
};
const CREDIT_NOTE: TaxDocumentRef = {
  kind: 'credit_note',
  number: 'CN/2627/00007',
  issueDate: '2026-12-02',
  total: 250,
  href: `/api/orders/${ORDER_ID}/tax-documents/51.pdf`,
};

/** What the browser was asked to save: the file and its name. */
let saved: { name: string; type: string; size: number }[];
let requests: { url: string; authorization: string | null }[];

beforeEach(() => {
  saved = [];
  requests = [];
  storeTokens({ access_token: 'buyer-token', refresh_token: 'refresh' });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push({ name: '', type: blob.type, size: blob.size });
        return 'blob:document';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.at(-1)!.name = this.download;
  });
});
afterEach(() => {
  clearTokens();
  resetToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serve(answer: (url: string) => Response) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    requests.push({ url, authorization: new Headers(init.headers).get('authorization') });
    return answer(url);
  });
}

const pdf = () =>
  new Response(new Blob(['%PDF-1.7 …'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'content-type': 'application/pdf' },
  });

function renderCard(overrides: Parameters<typeof order>[0]) {
  render(<Toaster />);
  return renderRoute(<TaxDocumentsCard order={order({ _id: { $oid: ORDER_ID }, ...overrides })} />);
}

describe("the order's GST documents", () => {
  it('lists the tax invoice and the credit notes with their numbers, dates and amounts', () => {
    renderCard({ pStatus: 'PD', documents: [INVOICE, CREDIT_NOTE] });
    const section = screen.getByRole('region', { name: 'GST Documents' });
    const rows = within(section).getAllByTestId('tax-document');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Tax invoice INV/2627/00042' + '26 Nov 2026 · ₹5,497.00' + 'Download PDF',
      'Credit note CN/2627/00007' + '2 Dec 2026 · Credit of ₹250.00' + 'Download PDF',
    ]);
  });

  it('downloads the invoice with the session and saves it under its number', async () => {
    serve(() => pdf());
    renderCard({ pStatus: 'PD', documents: [INVOICE] });
    await userEvent.click(
      screen.getByRole('button', { name: 'Download tax invoice INV/2627/00042 (PDF)' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(requests).toEqual([{ url: INVOICE.href, authorization: 'Bearer buyer-token' }]);
    expect(saved[0]).toMatchObject({ name: 'INV-2627-00042.pdf', type: 'application/pdf' });
  });

  it("says so when a document cannot be downloaded, in the server's words", async () => {
    serve(
      () =>
        new Response(
          JSON.stringify({ detail: 'Tax document not found', code: 'document_not_found' }),
          {
            status: 404,
            statusText: 'Not Found',
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    renderCard({ pStatus: 'REFUNDED', documents: [INVOICE, CREDIT_NOTE] });
    await userEvent.click(
      screen.getByRole('button', { name: 'Download credit note CN/2627/00007 (PDF)' }),
    );
    expect(await screen.findByText('Credit note not downloaded')).toBeInTheDocument();
    expect(screen.getByText('Tax document not found')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('before payment, says the invoice comes once the order is paid', () => {
    renderCard({ pStatus: 'UP', documents: [] });
    expect(screen.getByRole('region', { name: 'GST Documents' })).toHaveTextContent(
      'Your GST tax invoice will be ready to download here once the order is paid.',
    );
  });

  it('shows nothing for an order paid before GST invoicing', () => {
    renderCard({ pStatus: 'DELIVERED', documents: [] });
    expect(screen.queryByRole('region', { name: 'GST Documents' })).toBeNull();
  });
});
