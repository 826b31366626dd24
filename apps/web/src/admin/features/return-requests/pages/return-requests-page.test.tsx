import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeskReturnList, DeskReturnRequest } from '@storefront/shared/return-requests';
import type { StaffRole } from '@storefront/shared/staff';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';
import { deskReturn } from '../../../test/return-fixtures';

function desk(role: StaffRole, list: (request: FakeRequest) => FakeAnswer) {
  return fakeApi((request) => {
    if (request.path === '/api/staff/session') return { body: sessionOf(role) };
    return list(request);
  });
}

const page = (items: DeskReturnRequest[], next: number | null = null): DeskReturnList => ({
  items,
  next,
});

// Each page is a lazy chunk and a dialog many keystrokes: more than 5 s on a busy machine.
describe('the return requests list', { timeout: 20_000 }, () => {
  it('lists each request with its order, buyer, items, reason, amount and status, linked', async () => {
    desk('fulfilment', () => ({
      body: page([
        deskReturn(),
        deskReturn({ id: 40, status: 'refunded', reason: 'wrong_item', lines: [] }),
      ]),
    }));
    renderConsole('/admin/return-requests');
    const table = await screen.findByRole(
      'region',
      { name: 'Return requests, newest first' },
      FIRST_LOAD,
    );
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Return #41' })).toHaveAttribute(
      'href',
      '/admin/return-requests/41',
    );
    expect(within(first!).getByRole('link', { name: 'MKP-20261120-AAAAAA' })).toHaveAttribute(
      'href',
      '/admin/orders/MKP-20261120-AAAAAA',
    );
    expect(first).toHaveTextContent('Mehta Traders');
    expect(first).toHaveTextContent('buyer@example.com');
    expect(first).toHaveTextContent('2 units of 1 line');
    expect(first).toHaveTextContent('Damaged');
    expect(first).toHaveTextContent('₹230.00');
    expect(within(first!).getByTestId('return-status')).toHaveTextContent('Requested');
    expect(within(second!).getByTestId('return-status')).toHaveTextContent('Refunded');
    expect(second).toHaveTextContent('Wrong item');
  });

  it('filters by status from the URL, and a new filter starts on its first page', async () => {
    const requests = desk('finance', (request) =>
      request.path.startsWith('/api/staff/return-requests')
        ? { body: page([deskReturn()], 41) }
        : undefined,
    );
    const user = userEvent.setup();
    renderConsole('/admin/return-requests?status=accepted');
    const status = await screen.findByLabelText('Status', {}, FIRST_LOAD);
    expect(status).toHaveValue('accepted');
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain('/api/staff/return-requests?status=accepted'),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/return-requests?status=accepted&before=41',
      ),
    );
    expect(requests.map((r) => r.path)).toContain(
      '/api/staff/return-requests?status=accepted&before=41',
    );
    expect(screen.getByText('Page 2')).toBeVisible();
    await user.selectOptions(status, 'refused');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/return-requests?status=refused',
      ),
    );
    expect(requests.map((r) => r.path)).toContain('/api/staff/return-requests?status=refused');
  });

  it('says when nothing has the status, and when nothing was ever asked', async () => {
    desk('owner', () => ({ body: page([]) }));
    const { unmount } = renderConsole('/admin/return-requests?status=received');
    expect(await screen.findByText('No return request is received.', {}, FIRST_LOAD)).toBeVisible();
    unmount();
    renderConsole('/admin/return-requests');
    expect(await screen.findByText('No buyer has asked to return anything yet.')).toBeVisible();
  });

  it('shows the server’s refusal of the list', async () => {
    desk('fulfilment', (request) =>
      request.path.startsWith('/api/staff/return-requests')
        ? { status: 403, body: { detail: 'Not for your role', code: 'role_forbidden' } }
        : undefined,
    );
    renderConsole('/admin/return-requests');
    const alert = await screen.findByRole('alert', {}, FIRST_LOAD);
    expect(alert).toHaveTextContent('Could not load the return requests');
    expect(alert).toHaveTextContent('Your role does not allow this.');
  });

  it('is not offered to catalog staff', async () => {
    desk('catalog', () => undefined);
    renderConsole('/admin/return-requests');
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }, FIRST_LOAD),
    ).toBeVisible();
  });
});
