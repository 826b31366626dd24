/**
 * Every staff route refuses whoever is not staff of its roles (issue 19), swept over the OpenAPI
 * document as the tenant-isolation test sweeps the buyer routes: with no session 401, with a
 * buyer's token 403, with a member of a role the route does not admit 403, each before the
 * request's body is even read. A staff route this test does not know fails it, so each new one
 * is given its roles here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@storefront/shared/staff';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { documentedOperations, type Operation } from '../../test/openapi-operations.js';
import { createStaff, signIn } from '../../test/staff.js';

/** Who may call each staff operation: open to anyone (sign-in, setup), any member, or roles. */
const POLICY: Record<string, 'open' | 'member' | StaffRole[]> = {
  'POST /api/staff/login': 'open',
  'POST /api/staff/setup/start': 'open',
  'POST /api/staff/setup/complete': 'open',
  'POST /api/staff/logout': 'member',
  'GET /api/staff/session': 'member',
  'GET /api/staff/members': ['owner'],
  'POST /api/staff/invitations': ['owner'],
  'DELETE /api/staff/invitations/{id}': ['owner'],
  'PATCH /api/staff/members/{id}': ['owner'],
  'GET /api/staff/audit': ['owner'],
  'GET /api/staff/orders': ['fulfilment', 'finance'],
  'GET /api/staff/orders/export.csv': ['fulfilment', 'finance'],
  'GET /api/staff/orders/{mkpOrderId}': ['fulfilment', 'finance'],
  'GET /api/staff/orders/{mkpOrderId}/tax-documents/{documentId}.pdf': ['fulfilment', 'finance'],
  'POST /api/staff/orders/{mkpOrderId}/ship': ['fulfilment'],
  'POST /api/staff/orders/{mkpOrderId}/deliver': ['fulfilment'],
  'POST /api/staff/orders/{mkpOrderId}/cancel': ['fulfilment'],
  'POST /api/staff/orders/{mkpOrderId}/refunds': ['finance'],
  'POST /api/staff/refunds/{refundId}/retry': ['finance'],
  'POST /api/staff/refunds/{refundId}/resolve': ['finance'],
  'GET /api/staff/payments/attention': ['finance'],
  // The quote desk (decision 060): prices and buyers' requests, the owner and finance.
  'GET /api/staff/quotes': ['finance'],
  'GET /api/staff/quotes/{id}': ['finance'],
  'POST /api/staff/quotes/{id}/answer': ['finance'],
  'POST /api/staff/quotes/{id}/decline': ['finance'],
  'POST /api/staff/quotes/{id}/messages': ['finance'],
  // Return requests (decision 061): those who run the order desk; the refund's retry, finance.
  'GET /api/staff/return-requests': ['fulfilment', 'finance'],
  'GET /api/staff/return-requests/{returnId}': ['fulfilment', 'finance'],
  'GET /api/staff/return-requests/{returnId}/photos/{photoId}': ['fulfilment', 'finance'],
  'POST /api/staff/return-requests/{returnId}/accept': ['fulfilment', 'finance'],
  'POST /api/staff/return-requests/{returnId}/refuse': ['fulfilment', 'finance'],
  'POST /api/staff/return-requests/{returnId}/receive': ['fulfilment', 'finance'],
  'POST /api/staff/return-requests/{returnId}/refund': ['finance'],
  'POST /api/staff/payments/{paymentId}/refund': ['finance'],
  'POST /api/staff/payments/{paymentId}/resolve': ['finance'],
  'GET /api/staff/buyers': ['fulfilment', 'finance'],
  'GET /api/staff/buyers/{id}': ['fulfilment', 'finance'],
  'POST /api/staff/buyers/{id}/disable': ['owner'],
  'POST /api/staff/buyers/{id}/enable': ['owner'],
  'GET /api/staff/dashboard': 'member',
  'GET /api/staff/settings': ['finance'],
  'PUT /api/staff/settings': ['owner'],
  'GET /api/staff/tax-rates': ['catalog', 'finance'],
  'PUT /api/staff/tax-rates/{hsnPrefix}': ['catalog'],
  'DELETE /api/staff/tax-rates/{hsnPrefix}': ['catalog'],
  'POST /api/staff/catalog/images': ['catalog'],
  'POST /api/staff/catalog/imports': ['catalog'],
  'GET /api/staff/catalog/imports': ['catalog'],
  'GET /api/staff/catalog/imports/{id}': ['catalog'],
  'GET /api/staff/catalog/imports/{id}/issues': ['catalog'],
  'POST /api/staff/catalog/imports/{id}/apply': ['catalog'],
  'GET /api/staff/catalog/import-template.csv': ['catalog'],
  'GET /api/staff/catalog/export.csv': ['catalog'],
  'GET /api/staff/catalog/products': ['catalog'],
  'POST /api/staff/catalog/products': ['catalog'],
  'GET /api/staff/catalog/products/{id}': ['catalog'],
  'PUT /api/staff/catalog/products/{id}': ['catalog'],
  'POST /api/staff/catalog/products/{id}/status': ['catalog'],
  'POST /api/staff/catalog/products/{id}/stock': ['catalog'],
  'POST /api/staff/catalog/products/move': ['catalog'],
  'GET /api/staff/catalog/taxonomy': ['catalog'],
  'POST /api/staff/catalog/categories': ['catalog'],
  'PATCH /api/staff/catalog/categories/{id}': ['catalog'],
  'DELETE /api/staff/catalog/categories/{id}': ['catalog'],
  'POST /api/staff/catalog/categories/order': ['catalog'],
  'POST /api/staff/catalog/categories/{id}/subcategories': ['catalog'],
  'POST /api/staff/catalog/categories/{id}/subcategories/order': ['catalog'],
  'PATCH /api/staff/catalog/subcategories/{id}': ['catalog'],
  'DELETE /api/staff/catalog/subcategories/{id}': ['catalog'],
  'POST /api/staff/catalog/collections': ['catalog'],
  'PATCH /api/staff/catalog/collections/{id}': ['catalog'],
  'DELETE /api/staff/catalog/collections/{id}': ['catalog'],
  'POST /api/staff/catalog/collections/order': ['catalog'],
  'GET /api/staff/catalog/collections/{id}/products': ['catalog'],
  'PUT /api/staff/catalog/collections/{id}/products': ['catalog'],
  'GET /api/staff/tax-documents': ['finance'],
  'GET /api/staff/returns/gstr1': ['finance'],
  'GET /api/staff/tax-documents/{id}/e-invoice.json': ['finance'],
  'PUT /api/staff/tax-documents/{id}/e-invoice': ['finance'],
};

const ROLES: StaffRole[] = ['fulfilment', 'finance', 'catalog'];

let t: TestApp;
let buyer: TestBuyer;
let staffOperations: Operation[];
const cookies = new Map<StaffRole, string>();

beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimitScale: 10 } });
  buyer = await createBuyer(t);
  staffOperations = (await documentedOperations(t.app)).filter((op) =>
    op.path.startsWith('/api/staff/'),
  );
  for (const role of ROLES) cookies.set(role, (await signIn(t, await createStaff(t, role))).cookie);
});
afterAll(async () => t.close());

const key = (op: Operation) => `${op.method} ${op.path}`;
const send = (op: Operation, headers: Record<string, string>) =>
  t.app.inject({
    method: op.method as 'GET',
    url: op.path
      .replace('{id}', '0123456789abcdef01234567')
      .replace('{mkpOrderId}', 'MKP-20260101-AAAAAA')
      .replace('{refundId}', '1')
      .replace('{paymentId}', '1')
      .replace('{documentId}', '1')
      .replace('{hsnPrefix}', '3401'),
    headers,
    payload: op.hasBody ? {} : undefined,
  });

describe('the staff routes', () => {
  it('are all known to this test', () => {
    expect(staffOperations.length).toBeGreaterThan(0);
    expect(staffOperations.map(key).sort()).toEqual(Object.keys(POLICY).sort());
  });

  it('answer 401 with no session and 403 to a buyer, on every guarded route', async () => {
    for (const op of staffOperations.filter((o) => POLICY[key(o)] !== 'open')) {
      const anonymous = await send(op, {});
      expect(anonymous.statusCode, `${key(op)} anonymous`).toBe(401);
      const asBuyer = await send(op, buyer.headers);
      expect(asBuyer.statusCode, `${key(op)} as a buyer`).toBe(403);
      expect(asBuyer.json().code).toBe('staff_only');
    }
  });

  it('answer 403 to a member whose role the route does not admit', async () => {
    for (const op of staffOperations) {
      const policy = POLICY[key(op)]!;
      if (policy === 'open' || policy === 'member') continue;
      for (const role of ROLES.filter((r) => !policy.includes(r))) {
        const response = await send(op, { cookie: cookies.get(role)! });
        expect(response.statusCode, `${key(op)} as ${role}`).toBe(403);
        expect(response.json().code).toBe('role_forbidden');
      }
    }
  });
});
