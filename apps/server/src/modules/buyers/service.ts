/**
 * The buyers desk (issue 19): the store's buyer accounts for its staff. This module owns no
 * table: it composes the users module's accounts and sessions, the orders module's orders of a
 * buyer and the staff module's audit log. Disabling and enabling are the users module's
 * (users/account-status.ts); here they are the owner's action, audited in the same transaction,
 * and idempotent: a repeat answers the account as it is and writes nothing, no audit entry either.
 */
import {
  BUYER_ORDERS_SHOWN,
  BUYER_SESSIONS_SHOWN,
  type BuyerDeskList,
  type BuyerDeskQuery,
  type BuyerDetail,
  type BuyerProfile,
  type BuyerStatusResponse,
} from '@storefront/shared/buyer-desk';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../lib/errors.js';
import { latestOrdersOf, orderCountsOf } from '../orders/buyer-orders.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';
import { accountById, searchAccounts } from '../users/account-directory.js';
import {
  disableAccount,
  enableAccount,
  type AccountChange,
  type AccountRow,
} from '../users/account-status.js';
import { listSessions } from '../users/sessions.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toProfile(account: AccountRow): BuyerProfile {
  return {
    id: account.id,
    email: account.email,
    contactName: account.fullName,
    companyName: account.companyName,
    gstin: account.gstNumber,
    phoneNumber: account.phoneNumber,
    businessType: account.businessType,
    businessStreet: account.businessStreet,
    businessCity: account.businessCity,
    businessState: account.businessState,
    pincode: account.pincode,
    businessCountry: account.businessCountry,
    verified: account.emailVerifiedAt !== null,
    verifiedAt: iso(account.emailVerifiedAt),
    disabled: account.disabledAt !== null,
    disabledAt: iso(account.disabledAt),
    createdAt: account.createdAt.toISOString(),
  };
}

export async function listBuyers(db: Db, query: BuyerDeskQuery): Promise<BuyerDeskList> {
  const { accounts, next } = await searchAccounts(db, query);
  const counts = await orderCountsOf(
    db,
    accounts.map((a) => a.id),
  );
  return {
    items: accounts.map((account) => ({
      id: account.id,
      email: account.email,
      companyName: account.companyName,
      gstin: account.gstNumber,
      contactName: account.fullName,
      verified: account.emailVerifiedAt !== null,
      disabled: account.disabledAt !== null,
      createdAt: account.createdAt.toISOString(),
      orderCount: counts.get(account.id) ?? 0,
    })),
    next,
  };
}

const buyerNotFound = () => notFound('buyer_not_found', 'No buyer account with this id');

export async function buyerDetail(db: Db, id: string, now: Date): Promise<BuyerDetail> {
  const account = await accountById(db, id);
  if (!account) throw buyerNotFound();
  const [counts, orders, sessions] = [
    await orderCountsOf(db, [id]),
    await latestOrdersOf(db, id, BUYER_ORDERS_SHOWN),
    await listSessions(db, id, now, BUYER_SESSIONS_SHOWN),
  ];
  return {
    buyer: toProfile(account),
    orderCount: counts.get(id) ?? 0,
    orders,
    sessions: sessions.map((s) => ({
      id: s.id,
      startedAt: s.startedAt.toISOString(),
      lastUsedAt: iso(s.lastUsedAt),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: iso(s.revokedAt),
      state: s.state,
    })),
  };
}

const answer = (change: AccountChange): BuyerStatusResponse => ({
  buyer: toProfile(change.account),
  changed: change.changed,
  sessionsRevoked: change.sessionsRevoked,
});

/** POST /api/staff/buyers/:id/disable (owner): the account cannot sign in, its sessions end. */
export async function disableBuyer(
  db: Db,
  who: StaffActor,
  id: string,
  reason: string,
  now: Date,
): Promise<BuyerStatusResponse> {
  return db.transaction(async (tx) => {
    const change = await disableAccount(tx, id, now);
    if (change.changed)
      await recordAudit(tx, who, {
        action: 'buyer.disable',
        targetType: 'buyer',
        targetId: id,
        before: { email: change.account.email, disabled: false },
        after: {
          email: change.account.email,
          disabled: true,
          reason,
          sessionsRevoked: change.sessionsRevoked,
        },
      });
    return answer(change);
  });
}

/** POST /api/staff/buyers/:id/enable (owner): the account may sign in again. */
export async function enableBuyer(
  db: Db,
  who: StaffActor,
  id: string,
  now: Date,
): Promise<BuyerStatusResponse> {
  return db.transaction(async (tx) => {
    const change = await enableAccount(tx, id, now);
    if (change.changed)
      await recordAudit(tx, who, {
        action: 'buyer.enable',
        targetType: 'buyer',
        targetId: id,
        before: {
          email: change.account.email,
          disabled: true,
          disabledAt: iso(change.before.disabledAt),
        },
        after: { email: change.account.email, disabled: false },
      });
    return answer(change);
  });
}
