import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AttentionItem, AttentionList } from '@storefront/shared/order-desk';
import type { StaffRole } from '@storefront/shared/staff';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const item = (over: Partial<AttentionItem>): AttentionItem => ({
  reason: 'refund_due',
  paymentId: 21,
  refundId: null,
  mkpOrderId: 'MKP-20261120-AAAAAA',
  orderStatus: 'PD',
  amountPaise: 3000_00,
  orderTotalPaise: 3000_00,
  provider: 'sandbox',
  merchantTransactionId: 'T-21',
  createdAt: '2026-11-21T06:30:00.000Z',
  evidence: { state: 'COMPLETED', amount: 300000 },
  ...over,
});

const QUEUE: AttentionList = {
  items: [
    item({}),
    item({
      reason: 'amount_mismatch',
      paymentId: 22,
      mkpOrderId: 'MKP-20261120-BBBBBB',
      amountPaise: 2999_00,
    }),
    item({
      reason: 'refund_failed',
      paymentId: 23,
      refundId: 31,
      mkpOrderId: 'MKP-20261120-CCCCCC',
      amountPaise: 500_00,
      evidence: { error: 'Bank refused' },
    }),
  ],
};

function queue(role: StaffRole, more: (request: FakeRequest) => FakeAnswer = () => undefined) {
  return fakeApi((request) => {
    if (request.path === '/api/staff/session') return { body: sessionOf(role) };
    if (request.method === 'GET' && request.path === '/api/staff/payments/attention')
      return { body: QUEUE };
    return more(request);
  });
}

const card = (name: RegExp) => screen.getByRole('listitem', { name });

describe('payments needing attention', () => {
  it('says each reason in words, links the order, shows the amounts and the evidence, and offers the reason’s actions', async () => {
    queue('finance');
    renderConsole('/admin/payments');
    await screen.findByRole('list', { name: 'Payments needing attention' }, FIRST_LOAD);

    const due = card(/^Refund due/);
    expect(within(due).getByRole('link', { name: 'MKP-20261120-AAAAAA' })).toHaveAttribute(
      'href',
      '/admin/orders/MKP-20261120-AAAAAA',
    );
    expect(within(due).getByText('Paid', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '₹3,000.00',
    );
    expect(within(due).getByText('Evidence, as received')).toBeVisible();
    expect(within(due).getByText(/"state": "COMPLETED"/)).toBeInTheDocument();
    expect(buttons(due)).toEqual(['Refund this payment', 'Settle by hand']);

    const mismatch = card(/^Amount differs from the order/);
    expect(within(mismatch).getByText('Paid', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '₹2,999.00',
    );
    expect(buttons(mismatch)).toEqual(['Settle by hand']);

    const failed = card(/^Refund failed/);
    expect(within(failed).getByText('Refund', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '₹500.00',
    );
    expect(buttons(failed)).toEqual(['Retry', 'Settle by hand']);
  });

  it('says when the evidence is withheld from the member’s role', async () => {
    fakeApi((request) => {
      if (request.path === '/api/staff/session') return { body: sessionOf('owner') };
      if (request.path === '/api/staff/payments/attention')
        return { body: { items: [item({ evidence: null })] } };
      return undefined;
    });
    renderConsole('/admin/payments');
    await screen.findByRole('list', { name: 'Payments needing attention' }, FIRST_LOAD);
    expect(card(/^Refund due/)).toHaveTextContent('Not shown to your role.');
  });

  it('refunds a payment due back with the reason and one Idempotency-Key per opened dialog', async () => {
    let calls = 0;
    const requests = queue('finance', (request) => {
      if (request.path !== '/api/staff/payments/21/refund') return undefined;
      calls += 1;
      return calls === 1
        ? {
            status: 409,
            body: { detail: 'A refund of this payment is on its way', code: 'conflict' },
          }
        : undefined;
    });
    const user = userEvent.setup();
    renderConsole('/admin/payments');
    await screen.findByRole('list', { name: 'Payments needing attention' }, FIRST_LOAD);
    await user.click(
      within(card(/^Refund due/)).getByRole('button', { name: 'Refund this payment' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
    expect(dialog).toHaveTextContent('The whole payment, ₹3,000.00, goes back');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      'Give the reason for the refund',
    );
    await user.type(within(dialog).getByLabelText('Reason'), 'Paid twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A refund of this payment is on its way',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls).toBe(2));
    const sent = requests.filter((r) => r.path === '/api/staff/payments/21/refund');
    expect(sent.map((r) => r.body)).toEqual([{ reason: 'Paid twice' }, { reason: 'Paid twice' }]);
    expect(sent[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.headers.get('idempotency-key')).toBe(sent[0]!.headers.get('idempotency-key'));
  });

  it('settles a failed refund by its refund id and a mismatched payment by its payment id', async () => {
    const requests = queue('owner', (request) =>
      request.path.endsWith('/resolve') ? { status: 204 } : undefined,
    );
    const user = userEvent.setup();
    renderConsole('/admin/payments');
    await screen.findByRole('list', { name: 'Payments needing attention' }, FIRST_LOAD);

    await user.click(
      within(card(/^Refund failed/)).getByRole('button', { name: 'Settle by hand' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Settle by hand' });
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(within(dialog).getByLabelText('Note')).toHaveAccessibleDescription(
      'Say how it was settled',
    );
    await user.type(within(dialog).getByLabelText('Note'), 'Paid back by NEFT, UTR 1234');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(card(/^Amount differs/)).getByRole('button', { name: 'Settle by hand' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Settle by hand' });
    await user.type(within(dialog).getByLabelText('Note'), 'Checked at the gateway: fine');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/staff/refunds/31/resolve', { note: 'Paid back by NEFT, UTR 1234' }],
      ['/api/staff/payments/22/resolve', { note: 'Checked at the gateway: fine' }],
    ]);
  });

  it('retries a failed refund after asking', async () => {
    const requests = queue('finance', (request) =>
      request.path === '/api/staff/refunds/31/retry'
        ? {
            body: {
              refund: {
                id: 32,
                paymentId: 23,
                amountPaise: 500_00,
                cause: 'staff',
                reason: 'r',
                lines: null,
                status: 'REQUESTED',
                provider: 'sandbox',
                merchantRefundId: 'R-32',
                requestedBy: { type: 'staff', email: 'finance@shop.example' },
                error: null,
                retryOf: 31,
                retriedBy: null,
                resolution: null,
                createdAt: '2026-11-22T06:30:00.000Z',
                completedAt: null,
              },
              order: { mkpOrderId: 'MKP-20261120-CCCCCC', pStatus: 'PD' },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderConsole('/admin/payments');
    await screen.findByRole('list', { name: 'Payments needing attention' }, FIRST_LOAD);
    await user.click(within(card(/^Refund failed/)).getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry the refund' });
    expect(dialog).toHaveTextContent('refund ₹500.00 to the buyer of MKP-20261120-CCCCCC');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/staff/refunds/31/retry',
    ]);
  });

  it.each([
    ['fulfilment', false],
    ['catalog', false],
    ['finance', true],
    ['owner', true],
  ] as const)('is open to a %s member: %s', async (role, open) => {
    const requests = queue(role);
    renderConsole('/admin/payments');
    if (open)
      expect(
        await screen.findByRole('heading', { name: 'Payments needing attention' }, FIRST_LOAD),
      ).toBeVisible();
    else {
      expect(
        await screen.findByRole('heading', { name: 'Not available to your role' }, FIRST_LOAD),
      ).toBeVisible();
      expect(requests.some((r) => r.path === '/api/staff/payments/attention')).toBe(false);
    }
  });
});

function buttons(scope: HTMLElement): string[] {
  return within(scope)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}
