import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeskReturnRequest } from '@storefront/shared/return-requests';
import type { StaffRole } from '@storefront/shared/staff';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';
import { deskReturn } from '../../../test/return-fixtures';

const URL = '/api/staff/return-requests/41';

/** The console as `role`, request 41 answered by `current()` and its steps by `step`. */
function serve(
  role: StaffRole,
  current: () => DeskReturnRequest,
  step: (request: FakeRequest) => FakeAnswer = () => undefined,
) {
  return fakeApi((request) => {
    if (request.path === '/api/staff/session') return { body: sessionOf(role) };
    if (request.method === 'GET' && request.path === URL) return { body: current() };
    return step(request);
  });
}

const actions = () =>
  screen
    .getAllByRole('button')
    .map((button) => button.textContent)
    // Not the frame's Sign out, nor a toast's close button.
    .filter((name) => name !== 'Sign out' && name !== '');

async function opened() {
  return screen.findByRole('heading', { name: 'Return request #41', level: 1 }, FIRST_LOAD);
}

/** The page with the request's data drawn. */
async function loaded() {
  await opened();
  return screen.findByRole('region', { name: 'Request' });
}

// Each page is a lazy chunk and a dialog many keystrokes: more than 5 s on a busy machine.
describe('a return request', { timeout: 20_000 }, () => {
  it('shows the lines, reason, buyer, order and photos of a waiting request, with accept and refuse', async () => {
    serve('fulfilment', () =>
      deskReturn({
        photos: [
          { id: 5, width: 800, height: 600, bytes: 40_000 },
          { id: 6, width: 600, height: 800, bytes: 38_000 },
        ],
      }),
    );
    renderConsole('/admin/return-requests/41');
    await loaded();
    expect(actions()).toEqual(['Accept', 'Refuse']);
    const lines = screen.getByRole('region', { name: 'Units asked back, at the prices sold' });
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent(
      'Steel Water BottleLine 1 · SKU HK-12₹115.00₹230.00',
    );
    expect(lines).toHaveTextContent('To refund (the prices sold at)₹230.00');
    expect(screen.getByRole('region', { name: 'Buyer' })).toHaveTextContent(
      'CompanyMehta TradersEmailbuyer@example.comOrderMKP-20261120-AAAAAA',
    );
    expect(screen.getByRole('region', { name: 'What the buyer says' })).toHaveTextContent(
      'Two bottles arrived dented.',
    );
    expect(screen.getByRole('img', { name: 'Evidence 1 from the buyer' })).toHaveAttribute(
      'src',
      '/api/staff/return-requests/41/photos/5',
    );
    expect(screen.getByRole('img', { name: 'Evidence 2 from the buyer' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Refund' })).toHaveTextContent(
      '₹230.00 is refunded through the order desk once the goods are marked received.',
    );
  });

  it('accepts with a note to the buyer, and shows it accepted', async () => {
    let current = deskReturn();
    const requests = serve(
      'finance',
      () => current,
      (request) => {
        if (request.path !== `${URL}/accept`) return undefined;
        current = deskReturn({
          status: 'accepted',
          decisionNote: 'Send it by courier',
          decidedAt: '2026-11-22T06:30:00.000Z',
        });
        return { body: current };
      },
    );
    const user = userEvent.setup();
    renderConsole('/admin/return-requests/41');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the return' });
    expect(dialog).toHaveTextContent('₹230.00 is refunded once they arrive');
    await user.type(
      within(dialog).getByLabelText('Note to the buyer (optional)'),
      'Send it by courier',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      [`${URL}/accept`, { note: 'Send it by courier' }],
    ]);
    expect(await screen.findByText('Return accepted')).toBeVisible();
    await waitFor(() => expect(actions()).toEqual(['Mark received']));
    expect(screen.getByRole('region', { name: 'What the buyer says' })).toHaveTextContent(
      'Our note to the buyer: Send it by courier',
    );
  });

  it('refuses only with a reason, and keeps the server’s refusal in the dialog', async () => {
    const requests = serve(
      'fulfilment',
      () => deskReturn(),
      (request) =>
        request.path === `${URL}/refuse`
          ? {
              status: 409,
              body: {
                detail: 'Return 41 is accepted; only a requested return can be refused.',
                code: 'return_wrong_status',
              },
            }
          : undefined,
    );
    const user = userEvent.setup();
    renderConsole('/admin/return-requests/41');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the return' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse return' }));
    expect(within(dialog).getByLabelText('Why is it refused?')).toHaveAccessibleDescription(
      'Say why the return is refused',
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Why is it refused?'), 'Wear, not damage');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Return 41 is accepted; only a requested return can be refused.',
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { note: 'Wear, not damage' },
    ]);
  });

  it('marks the goods received, which refunds them, and says what went back', async () => {
    let current = deskReturn({ status: 'accepted', decidedAt: '2026-11-22T06:30:00.000Z' });
    const requests = serve(
      'fulfilment',
      () => current,
      (request) => {
        if (request.path !== `${URL}/receive`) return undefined;
        current = deskReturn({
          status: 'refunded',
          refundId: 9,
          refundStatus: 'COMPLETED',
          receivedAt: '2026-11-23T06:30:00.000Z',
          refundedAt: '2026-11-23T06:30:00.000Z',
          creditNote: {
            kind: 'credit_note',
            number: 'CN/2627/00007',
            issueDate: '2026-11-23',
            total: 230,
            href: '/api/staff/orders/MKP-20261120-AAAAAA/tax-documents/51.pdf',
          },
        });
        return { body: current };
      },
    );
    const user = userEvent.setup();
    renderConsole('/admin/return-requests/41');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the goods received' });
    expect(dialog).toHaveTextContent(
      'The returned items of MKP-20261120-AAAAAA are back with us: this refunds ₹230.00 to the buyer through the order desk, with its credit note.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark received and refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText('₹230.00 is being refunded to the buyer of MKP-20261120-AAAAAA.'),
    ).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `${URL}/receive`,
    ]);
    const refund = await screen.findByRole('region', { name: 'Refund' });
    await waitFor(() => expect(refund).toHaveTextContent('State' + 'Completed'));
    expect(
      within(refund).getByRole('link', { name: 'Download credit note CN/2627/00007 (PDF)' }),
    ).toHaveAttribute('href', '/api/staff/orders/MKP-20261120-AAAAAA/tax-documents/51.pdf');
    expect(actions()).toEqual([]);
  });

  it('shows the desk’s refusal of the refund, and the request left received for finance', async () => {
    let current = deskReturn({ status: 'accepted' });
    serve(
      'fulfilment',
      () => current,
      (request) => {
        if (request.path !== `${URL}/receive`) return undefined;
        // The server marks it received, then the desk refuses the refund.
        current = deskReturn({ status: 'received', receivedAt: '2026-11-23T06:30:00.000Z' });
        return {
          status: 409,
          body: { detail: 'Less than ₹1.00 is left to refund.', code: 'refund_too_small' },
        };
      },
    );
    const user = userEvent.setup();
    renderConsole('/admin/return-requests/41');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the goods received' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark received and refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Less than ₹1.00 is left to refund.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('The goods are back, but not refunded yet');
    expect(banner).toHaveTextContent('Finance can refund it from this page');
    // Refunding again is finance's.
    expect(actions()).toEqual([]);
  });

  it('lets finance refund a received request again', async () => {
    let current = deskReturn({ status: 'received', receivedAt: '2026-11-23T06:30:00.000Z' });
    const requests = serve(
      'finance',
      () => current,
      (request) => {
        if (request.path !== `${URL}/refund`) return undefined;
        current = deskReturn({ status: 'refunded', refundId: 9, refundStatus: 'REQUESTED' });
        return { body: current };
      },
    );
    const user = userEvent.setup();
    renderConsole('/admin/return-requests/41');
    await loaded();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Refund it again once the reason is settled',
    );
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the return' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `${URL}/refund`,
    ]);
    const refund = await screen.findByRole('region', { name: 'Refund' });
    await waitFor(() => expect(refund).toHaveTextContent('StateSent to the gateway'));
    expect(refund).toHaveTextContent('Credit noteIssued once the money is back with the buyer');
  });

  it('says when the gateway refused the refund, pointing to the order', async () => {
    serve('finance', () => deskReturn({ status: 'refunded', refundId: 9, refundStatus: 'FAILED' }));
    renderConsole('/admin/return-requests/41');
    await loaded();
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('The gateway refused this refund');
    expect(within(banner).getByRole('link', { name: 'the order’s page' })).toHaveAttribute(
      'href',
      '/admin/orders/MKP-20261120-AAAAAA',
    );
  });

  it('says so for an unknown request, and for an address that is not one', async () => {
    fakeApi((request) =>
      request.path === '/api/staff/session'
        ? { body: sessionOf('owner') }
        : { status: 404, body: { detail: 'Return not found', code: 'return_not_found' } },
    );
    const { unmount } = renderConsole('/admin/return-requests/41');
    await opened();
    expect(await screen.findByRole('alert')).toHaveTextContent('Return not found');
    unmount();
    renderConsole('/admin/return-requests/abc');
    expect(
      await screen.findByRole('heading', { name: 'Return request not found' }, FIRST_LOAD),
    ).toBeVisible();
  });
});
