import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickOrderRowResult } from '@storefront/shared/quick-order';
import { SessionContext, type Session } from '../../../lib/contexts/session';
import { cartOf, SIGNED_IN } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { CHECK_DELAY_MS, QuickOrderPage } from './quick-order-page';

interface Call {
  method: string;
  path: string;
  type: string | undefined;
  body: unknown;
}

const FILE_TEXT = 'SKU,Quantity\nQO-BOLT,2\nGHOST,1\n';

const ITEM = {
  productId: 'a'.repeat(24),
  variantIndex: null,
  name: 'Steel Bolt',
  option1: null,
  sku: 'QO-BOLT',
  code: 'QO-BOLT',
  image: null,
  minOrderQuantity: 1,
  orderMultiple: 1,
  unitPrice: 115,
  lineTotal: 230,
};

/** The server's answer for a row: the bolt for QO-BOLT, else an unknown SKU. */
function resultOf(row: number, sku: string, quantityText: string): QuickOrderRowResult {
  const known = sku.toUpperCase() === 'QO-BOLT';
  return {
    row,
    sku,
    quantityText,
    quantity: /^\d+$/.test(quantityText) ? Number(quantityText) : null,
    source: 'Ex-india custom',
    problem: known
      ? null
      : { code: 'unknown_sku', message: `No product has the SKU or code "${sku}".` },
    item: known ? ITEM : null,
  };
}

function report(rows: QuickOrderRowResult[]) {
  const valid = rows.filter((r) => !r.problem).length;
  return { rows, valid, invalid: rows.length - valid };
}

/** A fake of the quick order calls, recording each. */
function fakeServer() {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const headers = (init.headers ?? {}) as Record<string, string>;
    const type = headers['content-type'];
    const call: Call = { method: init.method ?? 'GET', path, type, body: init.body };
    calls.push(call);
    if (typeof init.body === 'string' && type === 'application/json')
      call.body = JSON.parse(init.body);
    const { body } = call;
    const json = (status: number, answer: unknown) =>
      new Response(JSON.stringify(answer), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (path === '/api/cart/quick-order/check') {
      const { rows } = body as { rows: { sku: string; quantity: string }[] };
      return json(200, report(rows.map((r, i) => resultOf(i + 1, r.sku, r.quantity))));
    }
    if (path === '/api/cart/quick-order/csv') {
      // A file goes as it is, its bytes untouched: the test's file holds FILE_TEXT.
      const lines = (body instanceof Blob ? FILE_TEXT : String(body))
        .split('\n')
        .filter((line) => line.trim() && !/^sku/i.test(line));
      return json(
        200,
        report(
          lines.map((line, i) => {
            const [sku = '', quantity = ''] = line.split(/[\t,]/);
            return resultOf(i + 2, sku.trim(), quantity.trim());
          }),
        ),
      );
    }
    if (path === '/api/cart/quick-order') return json(200, cartOf([]));
    return json(404, { detail: 'Not found', code: 'not_found' });
  });
  return calls;
}

function renderPage(session: Session = SIGNED_IN) {
  return renderRoute(
    <SessionContext value={session}>
      <QuickOrderPage />
    </SessionContext>,
    { path: '/quick-order' },
  );
}

async function settle(ms = 0) {
  for (let i = 0; i < 5; i += 1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(i === 0 ? ms : 0);
    });
}

const quickOrderCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/cart/'));

// Typing, a pause and the answers, under fake timers: more than the default 5 s on a busy machine.
describe('the quick order page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks every row at once after a pause, shows each row’s problem, and adds only the valid rows', async () => {
    const calls = fakeServer();
    renderPage();
    await settle();
    fireEvent.change(screen.getByRole('combobox', { name: 'SKU, row 1' }), {
      target: { value: 'QO-BOLT' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity, row 1' }), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'SKU, row 2' }), {
      target: { value: 'GHOST-1' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity, row 2' }), {
      target: { value: '1' },
    });
    await settle(CHECK_DELAY_MS - 50);
    expect(quickOrderCalls(calls)).toEqual([]);
    await settle(50);
    // One check of both rows, as typed.
    expect(quickOrderCalls(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/cart/quick-order/check',
        type: 'application/json',
        body: {
          rows: [
            { sku: 'QO-BOLT', quantity: '2' },
            { sku: 'GHOST-1', quantity: '1' },
          ],
        },
      },
    ]);
    const rows = screen.getAllByTestId('quick-order-row');
    expect(within(rows[0]!).getByTestId('row-ok')).toHaveTextContent('Steel Bolt QO-BOLT');
    expect(within(rows[0]!).getByTestId('row-ok')).toHaveTextContent('₹115.00 each · ₹230.00');
    expect(within(rows[1]!).getByTestId('row-problem')).toHaveTextContent(
      'No product has the SKU or code "GHOST-1".',
    );
    expect(screen.getByText('1 of 2 rows ready; 1 need attention.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add 1 line to cart' }));
    await settle();
    expect(quickOrderCalls(calls).at(-1)).toMatchObject({
      path: '/api/cart/quick-order',
      body: { rows: [{ sku: 'QO-BOLT', quantity: '2' }] },
    });
    expect(screen.getByRole('status')).toHaveTextContent('1 line added to your cart.');
    // The added row is gone; the one to fix stays, with its problem.
    expect(screen.getAllByTestId('quick-order-row')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'SKU, row 1' })).toHaveValue('GHOST-1');
  });

  it('does not offer to add while a changed row waits for its check', async () => {
    fakeServer();
    renderPage();
    await settle();
    fireEvent.change(screen.getByRole('combobox', { name: 'SKU, row 1' }), {
      target: { value: 'QO-BOLT' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity, row 1' }), {
      target: { value: '2' },
    });
    await settle(CHECK_DELAY_MS);
    expect(screen.getByRole('button', { name: 'Add 1 line to cart' })).toBeEnabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity, row 1' }), {
      target: { value: '3' },
    });
    expect(screen.getByRole('button', { name: 'Add 0 lines to cart' })).toBeDisabled();
    expect(screen.getByText('Checking rows...')).toBeInTheDocument();
  });

  it('reads rows pasted from a spreadsheet through the server and lists them with their problems', async () => {
    const calls = fakeServer();
    renderPage();
    await settle();
    fireEvent.change(screen.getByRole('textbox', { name: 'Paste from a spreadsheet' }), {
      target: { value: 'QO-BOLT\t2\nNOPE\t5\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add pasted rows' }));
    await settle();
    expect(quickOrderCalls(calls)[0]).toEqual({
      method: 'POST',
      path: '/api/cart/quick-order/csv',
      type: 'text/plain; charset=utf-8',
      body: 'QO-BOLT\t2\nNOPE\t5\n',
    });
    const rows = screen.getAllByTestId('quick-order-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByTestId('row-problem')).toHaveTextContent(
      'No product has the SKU or code "NOPE".',
    );
    expect(screen.getByRole('button', { name: 'Add 1 line to cart' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Paste from a spreadsheet' })).toHaveValue('');
  });

  it('takes rows pasted straight into a SKU box as a paste of rows', async () => {
    const calls = fakeServer();
    renderPage();
    await settle();
    fireEvent.paste(screen.getByRole('combobox', { name: 'SKU, row 1' }), {
      clipboardData: { getData: () => 'QO-BOLT\t4\nQO-BOLT\t6' },
    });
    await settle();
    expect(quickOrderCalls(calls)[0]).toMatchObject({ path: '/api/cart/quick-order/csv' });
    expect(screen.getAllByTestId('quick-order-row')).toHaveLength(2);
  });

  it('reports a CSV file row by row and adds nothing until the buyer confirms', async () => {
    const calls = fakeServer();
    renderPage();
    await settle();
    expect(screen.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
      'href',
      '/api/cart/quick-order/template.csv',
    );
    const file = new File([FILE_TEXT], 'order.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    await settle();
    // The file itself is sent, so the server reads its bytes (a Windows-1252 file too).
    expect(quickOrderCalls(calls)).toEqual([
      { method: 'POST', path: '/api/cart/quick-order/csv', type: 'text/csv', body: file },
    ]);
    const reportTable = screen.getByTestId('csv-report');
    expect(reportTable).toHaveTextContent(
      '1 of 2 rows can be added; 1 cannot (nothing is added until you confirm).',
    );
    expect(within(reportTable).getAllByTestId('csv-row')[1]).toHaveTextContent(
      '3GHOST1No product has the SKU or code "GHOST".',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 valid row to cart' }));
    await settle();
    expect(quickOrderCalls(calls).at(-1)).toMatchObject({
      path: '/api/cart/quick-order',
      body: { rows: [{ sku: 'QO-BOLT', quantity: '2' }] },
    });
    expect(screen.queryByTestId('csv-report')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 line added to your cart.');
  });

  it('asks a visitor to log in', async () => {
    fakeServer();
    renderPage({ ...SIGNED_IN, user: null });
    await settle();
    expect(screen.getByText('Please login to order by SKU')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
