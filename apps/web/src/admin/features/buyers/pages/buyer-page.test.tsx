import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BuyerDetail, BuyerDeskList } from '@storefront/shared/buyer-desk';
import type { StaffRole } from '@storefront/shared/staff';
import { fakeApi } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const ID = '65a0000000000000000000b1';

const detail: BuyerDetail = {
  buyer: {
    id: ID,
    email: 'asha@acme.example',
    contactName: 'Asha Mehta',
    companyName: 'Acme Traders',
    gstin: '27AABCM1234F1ZX',
    phoneNumber: '9876543210',
    businessType: 'Retailer',
    businessStreet: '1 MG Road',
    businessCity: 'Pune',
    businessState: 'Maharashtra',
    pincode: '411001',
    businessCountry: 'India',
    verified: true,
    verifiedAt: '2026-11-01T10:00:00.000Z',
    disabled: false,
    disabledAt: null,
    createdAt: '2026-11-01T09:00:00.000Z',
  },
  orderCount: 1,
  orders: [
    {
      mkpOrderId: 'MKP-20261120-AAAAAA',
      createdAt: '2026-11-20T06:30:00.000Z',
      status: 'PD',
      statusLabel: 'Paid',
      totalPaise: 3000_00,
    },
  ],
  sessions: [
    {
      id: 's1',
      startedAt: '2026-11-20T06:00:00.000Z',
      lastUsedAt: null,
      expiresAt: '2026-12-20T06:00:00.000Z',
      revokedAt: null,
      state: 'active',
    },
  ],
};

function buyers(role: StaffRole) {
  return fakeApi((request) => {
    if (request.path === '/api/staff/session') return { body: sessionOf(role) };
    if (request.path === `/api/staff/buyers/${ID}`) return { body: detail };
    if (request.path === `/api/staff/buyers/${ID}/disable`)
      return {
        body: {
          buyer: { ...detail.buyer, disabled: true },
          changed: true,
          sessionsRevoked: 1,
        },
      };
    if (request.path.startsWith('/api/staff/buyers')) {
      const list: BuyerDeskList = {
        items: [
          {
            id: ID,
            email: detail.buyer.email,
            companyName: 'Acme Traders',
            gstin: detail.buyer.gstin,
            contactName: 'Asha Mehta',
            verified: true,
            disabled: false,
            createdAt: detail.buyer.createdAt,
            orderCount: 1,
          },
        ],
        next: 'page-2',
      };
      return { body: list };
    }
    return undefined;
  });
}

describe('the buyers desk', () => {
  it('pages the list with the server’s keyset (after = the previous page’s next)', async () => {
    const requests = buyers('finance');
    const user = userEvent.setup();
    renderConsole('/admin/buyers?q=acme');
    await screen.findByRole('link', { name: 'Acme Traders' }, FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain('/api/staff/buyers?q=acme&after=page-2'),
    );
  });

  it.each([
    ['owner', true],
    ['fulfilment', false],
    ['finance', false],
  ] as const)('offers Disable buyer to a %s member: %s', async (role, offered) => {
    buyers(role);
    renderConsole(`/admin/buyers/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Acme Traders' }, FIRST_LOAD)).toBeVisible();
    expect(!!screen.queryByRole('button', { name: 'Disable buyer' })).toBe(offered);
  });

  it('keeps a catalog member out', async () => {
    buyers('catalog');
    renderConsole(`/admin/buyers/${ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }, FIRST_LOAD),
    ).toBeVisible();
  });

  it('disables with the reason the audit log keeps, and says how many sessions ended', async () => {
    const requests = buyers('owner');
    const user = userEvent.setup();
    renderConsole(`/admin/buyers/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Disable buyer' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Disable buyer' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(within(dialog).getByRole('textbox')).toHaveAccessibleDescription(
      /Say why the account is disabled/,
    );
    await user.type(within(dialog).getByRole('textbox'), 'Chargeback fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('1 session ended.')).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith('/disable'))?.body).toEqual({
      reason: 'Chargeback fraud',
    });
  });
});
