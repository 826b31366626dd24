/**
 * Issue 17: every route refuses the parameters it does not declare, except the Algolia-protocol
 * search route, which (like Algolia) accepts and ignores them. Each documented operation is sent
 * a request valid in every other way, with an unknown query parameter and, where it takes a
 * body, an unknown body field: 400 naming the parameter, and the database unchanged.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_SOURCES } from '@storefront/shared/pricing';
import { GOOD_PASSWORD, signupPayload } from '../modules/users/test-support.js';
import { DEMO_STORE } from '../seed/seed.js';
import type { TestApp } from './app.js';
import {
  BUYER_GSTIN,
  createSignedInBuyer,
  SESSION_ENDINGS,
  shippingAddress,
  type TestBuyer,
} from './buyers.js';
import { productDocument } from './catalog-fixtures.js';
import { photo } from './image-fixtures.js';
import { operationsTestApp, type Operation } from './openapi-operations.js';
import { multipartForm, type FormPart } from './multipart.js';

let t: TestApp;
let buyer: TestBuyer;
let staff: { cookie: string };
let operations: Operation[];
let productId: string;

beforeAll(async () => {
  ({ t, buyer, staff, operations, productId } = await operationsTestApp());
  JPEG = await photo(1, 1, '#ffffff');
});
afterAll(() => t.close());

interface ValidRequest {
  url: string;
  payload?: Record<string, unknown>;
  /** A multipart/form-data body instead of JSON (the photo upload). */
  form?: FormPart[];
  /** A text body (the quick order's CSV), its content type in `headers`: it has no fields. */
  text?: string;
  headers?: Record<string, string>;
}

const ANY_ID = 'ffffffffffffffffffffffff';
/** The smallest valid JPEG at hand: 1 × 1, white. */
let JPEG: Buffer;
const staffHeaders = () => ({ cookie: staff.cookie });
const SOURCE = SHIPPING_SOURCES[0];
/** A product document the catalog desk's schemas accept (decision 047), as a draft. */
const DOCUMENT = productDocument(
  'STRICT-1',
  { category: 'office-supplies', subcategory: 'staplers' },
  { status: 'draft' },
);
/** A saved shipping address and billing entity the address book accepts (decision 066). */
const SAVED_ADDRESS = {
  recipientName: 'Asha Mehta',
  address1: '4 Anna Salai',
  city: 'Chennai',
  state: 'Tamil Nadu',
  postalCode: '600002',
  country: 'in',
  phone: '9840012345',
};
const BILLING_ENTITY = {
  gstin: BUYER_GSTIN,
  legalName: 'Test Traders Pvt Ltd',
  address1: '1 Test Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
};
const ALGOLIA = { 'x-algolia-agent': 'Algolia for JavaScript (5.0.0)' };

/** A request each documented operation takes as valid (whatever its handler then answers). */
const VALID: Record<string, () => ValidRequest> = {
  'GET /api/health': () => ({ url: '/api/health' }),
  'GET /api/health/ready': () => ({ url: '/api/health/ready' }),
  'GET /api/health/live': () => ({ url: '/api/health/live' }),
  'GET /api/products/categories': () => ({ url: '/api/products/categories' }),
  'GET /api/products/collections': () => ({ url: '/api/products/collections' }),
  'GET /api/products': () => ({ url: '/api/products?query=baby&limit=5&page=1' }),
  'GET /api/products/product/{id}': () => ({ url: `/api/products/product/${productId}` }),
  'GET /api/products/recommend/{id}': () => ({ url: `/api/products/recommend/${productId}` }),
  'GET /api/products/{id}/availability': () => ({ url: `/api/products/${productId}/availability` }),
  'POST /api/products/multiple-products': () => ({
    url: '/api/products/multiple-products',
    payload: { product_ids: [productId] },
  }),
  'GET /images/products/{file}': () => ({ url: '/images/products/NOPE-1.png?w=160' }),
  'GET /images/uploads/{file}': () => ({
    url: `/images/uploads/${'0'.repeat(32)}.jpg?w=160`,
  }),
  'GET /api/cart/': () => ({ url: '/api/cart/', headers: buyer.headers }),
  'POST /api/cart/items/{productId}': () => ({
    url: `/api/cart/items/${productId}`,
    payload: { quantity: 1, source: SOURCE },
    headers: buyer.headers,
  }),
  'PATCH /api/cart/items/{productId}': () => ({
    url: `/api/cart/items/${productId}`,
    payload: { quantity: 2, source: SOURCE },
    headers: buyer.headers,
  }),
  'DELETE /api/cart/items/{productId}': () => ({
    url: `/api/cart/items/${productId}`,
    payload: { source: SOURCE },
    headers: buyer.headers,
  }),
  'POST /api/cart/quick-order/check': () => ({
    url: '/api/cart/quick-order/check',
    payload: { rows: [{ sku: 'STRICT-NONE', quantity: 1 }] },
    headers: buyer.headers,
  }),
  'POST /api/cart/quick-order': () => ({
    url: '/api/cart/quick-order',
    payload: { rows: [{ sku: 'STRICT-NONE', quantity: 1 }] },
    headers: buyer.headers,
  }),
  'POST /api/cart/quick-order/csv': () => ({
    url: '/api/cart/quick-order/csv',
    text: 'SKU,Quantity\nSTRICT-NONE,1\n',
    headers: { ...buyer.headers, 'content-type': 'text/csv' },
  }),
  'GET /api/cart/quick-order/template.csv': () => ({ url: '/api/cart/quick-order/template.csv' }),
  'POST /api/orders/{id}/reorder': () => ({
    url: `/api/orders/${ANY_ID}/reorder`,
    headers: buyer.headers,
  }),
  'POST /api/orders/': () => ({
    url: '/api/orders/',
    payload: shippingAddress('Asha Mehta'),
    headers: buyer.headers,
  }),
  'GET /api/orders/': () => ({ url: '/api/orders/', headers: buyer.headers }),
  'POST /api/quotes/': () => ({
    url: '/api/quotes/',
    payload: { note: 'Bulk', lines: [{ productId, source: 'Ex-china', quantity: 250 }] },
    headers: buyer.headers,
  }),
  'GET /api/quotes/': () => ({ url: '/api/quotes/', headers: buyer.headers }),
  'GET /api/quotes/{id}': () => ({ url: `/api/quotes/${ANY_ID}`, headers: buyer.headers }),
  'POST /api/quotes/{id}/messages': () => ({
    url: `/api/quotes/${ANY_ID}/messages`,
    payload: { body: 'Hello' },
    headers: buyer.headers,
  }),
  'POST /api/quotes/{id}/accept': () => ({
    url: `/api/quotes/${ANY_ID}/accept`,
    payload: { version: 1, order: shippingAddress('Asha Mehta') },
    headers: buyer.headers,
  }),
  'POST /api/quotes/{id}/withdraw': () => ({
    url: `/api/quotes/${ANY_ID}/withdraw`,
    payload: { reason: 'Bought locally' },
    headers: buyer.headers,
  }),
  'POST /api/quotes/{id}/decline': () => ({
    url: `/api/quotes/${ANY_ID}/decline`,
    payload: { version: 1, reason: 'Too dear' },
    headers: buyer.headers,
  }),
  'GET /api/staff/quotes': () => ({
    url: '/api/staff/quotes?status=open',
    headers: staffHeaders(),
  }),
  'GET /api/staff/quotes/{id}': () => ({
    url: `/api/staff/quotes/${ANY_ID}`,
    headers: staffHeaders(),
  }),
  'POST /api/staff/quotes/{id}/answer': () => ({
    url: `/api/staff/quotes/${ANY_ID}/answer`,
    payload: { unitPricesPaise: [7_000], expiresAt: '2030-01-01T00:00:00Z' },
    headers: staffHeaders(),
  }),
  'POST /api/staff/quotes/{id}/decline': () => ({
    url: `/api/staff/quotes/${ANY_ID}/decline`,
    payload: { reason: 'Out of stock' },
    headers: staffHeaders(),
  }),
  'POST /api/staff/quotes/{id}/messages': () => ({
    url: `/api/staff/quotes/${ANY_ID}/messages`,
    payload: { body: 'Hello' },
    headers: staffHeaders(),
  }),
  'GET /api/orders/order/{id}': () => ({
    url: `/api/orders/order/${ANY_ID}`,
    headers: buyer.headers,
  }),
  'GET /api/orders/{id}/tax-documents/{documentId}.pdf': () => ({
    url: `/api/orders/${ANY_ID}/tax-documents/1.pdf`,
    headers: buyer.headers,
  }),
  'POST /api/orders/{id}/cancel': () => ({
    url: `/api/orders/${ANY_ID}/cancel`,
    payload: { reason: 'Ordered twice' },
    headers: buyer.headers,
  }),
  'PUT /api/orders/{id}/shipping': () => ({
    url: `/api/orders/${ANY_ID}/shipping`,
    payload: { ...shippingAddress('Asha Mehta') },
    headers: buyer.headers,
  }),
  'GET /api/user/address-book': () => ({ url: '/api/user/address-book', headers: buyer.headers }),
  'POST /api/user/addresses': () => ({
    url: '/api/user/addresses',
    payload: { ...SAVED_ADDRESS },
    headers: buyer.headers,
  }),
  'PUT /api/user/addresses/{id}': () => ({
    url: `/api/user/addresses/${ANY_ID}`,
    payload: { ...SAVED_ADDRESS },
    headers: buyer.headers,
  }),
  'DELETE /api/user/addresses/{id}': () => ({
    url: `/api/user/addresses/${ANY_ID}`,
    headers: buyer.headers,
  }),
  'POST /api/user/addresses/{id}/default': () => ({
    url: `/api/user/addresses/${ANY_ID}/default`,
    headers: buyer.headers,
  }),
  'POST /api/user/billing-entities': () => ({
    url: '/api/user/billing-entities',
    payload: { ...BILLING_ENTITY },
    headers: buyer.headers,
  }),
  'PUT /api/user/billing-entities/{id}': () => ({
    url: `/api/user/billing-entities/${ANY_ID}`,
    payload: { ...BILLING_ENTITY },
    headers: buyer.headers,
  }),
  'DELETE /api/user/billing-entities/{id}': () => ({
    url: `/api/user/billing-entities/${ANY_ID}`,
    headers: buyer.headers,
  }),
  'POST /api/user/billing-entities/{id}/default': () => ({
    url: `/api/user/billing-entities/${ANY_ID}/default`,
    headers: buyer.headers,
  }),
  'POST /api/user/signup': () => ({ url: '/api/user/signup', payload: { ...signupPayload() } }),
  'GET /api/user/verify-email/{token}': () => ({ url: '/api/user/verify-email/abc' }),
  'POST /api/user/resend-verification': () => ({
    url: '/api/user/resend-verification',
    payload: { email: 'someone@example.in' },
  }),
  'POST /api/user/forgot-password': () => ({
    url: '/api/user/forgot-password',
    payload: { email: 'someone@example.in' },
  }),
  'POST /api/user/reset-password': () => ({
    url: '/api/user/reset-password',
    payload: { token: 'abc', new_password: GOOD_PASSWORD },
  }),
  'POST /api/user/login': () => ({
    url: '/api/user/login',
    payload: { email: 'someone@example.in', password: GOOD_PASSWORD },
  }),
  'POST /api/refresh': () => ({ url: '/api/refresh', headers: { 'refresh-token': 'x' } }),
  'POST /api/user/logout': () => ({ url: '/api/user/logout' }),
  'POST /api/user/change-password': () => ({
    url: '/api/user/change-password',
    payload: { current_password: GOOD_PASSWORD, new_password: 'Quill&Harbour-77' },
    headers: buyer.headers,
  }),
  'POST /api/user/change-email': () => ({
    url: '/api/user/change-email',
    payload: { new_email: 'someone.new@example.in', current_password: GOOD_PASSWORD },
    headers: buyer.headers,
  }),
  'POST /api/user/change-email/confirm': () => ({
    url: '/api/user/change-email/confirm',
    payload: { token: 'abc' },
  }),
  'GET /api/user/me': () => ({ url: '/api/user/me', headers: buyer.headers }),
  'PATCH /api/user/me': () => ({
    url: '/api/user/me',
    payload: { phone_number: '9822012345' },
    headers: buyer.headers,
  }),
  'GET /api/search/config': () => ({ url: '/api/search/config' }),
  'GET /api/payments/pay/{orderId}': () => ({
    url: `/api/payments/pay/${ANY_ID}`,
    headers: buyer.headers,
  }),
  'POST /api/payments/status/{orderId}': () => ({
    url: `/api/payments/status/${ANY_ID}`,
    headers: buyer.headers,
  }),
  'POST /api/payments/callback/{provider}': () => ({ url: '/api/payments/callback/sandbox' }),
  // The Algolia protocol (product decision #10): what its clients send, query string included.
  'POST /api/staff/login': () => ({
    url: '/api/staff/login',
    payload: { email: 'someone@example.in', password: GOOD_PASSWORD, code: '123456' },
  }),
  'POST /api/staff/setup/start': () => ({
    url: '/api/staff/setup/start',
    payload: { token: 'x'.repeat(43) },
  }),
  'POST /api/staff/setup/complete': () => ({
    url: '/api/staff/setup/complete',
    payload: {
      token: 'x'.repeat(43),
      fullName: 'Asha Mehta',
      password: GOOD_PASSWORD,
      code: '123456',
    },
  }),
  'POST /api/staff/logout': () => ({ url: '/api/staff/logout', headers: staffHeaders() }),
  'GET /api/staff/session': () => ({ url: '/api/staff/session', headers: staffHeaders() }),
  'GET /api/staff/members': () => ({ url: '/api/staff/members', headers: staffHeaders() }),
  'POST /api/staff/invitations': () => ({
    url: '/api/staff/invitations',
    payload: { email: 'packer@example.in', role: 'fulfilment' },
    headers: staffHeaders(),
  }),
  'DELETE /api/staff/invitations/{id}': () => ({
    url: `/api/staff/invitations/${ANY_ID}`,
    headers: staffHeaders(),
  }),
  'PATCH /api/staff/members/{id}': () => ({
    url: `/api/staff/members/${ANY_ID}`,
    payload: { role: 'catalog' },
    headers: staffHeaders(),
  }),
  'GET /api/staff/audit': () => ({ url: '/api/staff/audit?limit=5', headers: staffHeaders() }),
  'GET /api/staff/orders': () => ({ url: '/api/staff/orders?status=PD', headers: staffHeaders() }),
  'GET /api/staff/orders/export.csv': () => ({
    url: '/api/staff/orders/export.csv?status=PD',
    headers: staffHeaders(),
  }),
  'GET /api/staff/tax-documents': () => ({
    url: '/api/staff/tax-documents?month=2027-04',
    headers: staffHeaders(),
  }),
  'GET /api/staff/returns/gstr1': () => ({
    url: '/api/staff/returns/gstr1?month=2027-04&format=json',
    headers: staffHeaders(),
  }),
  'GET /api/staff/tax-documents/{id}/e-invoice.json': () => ({
    url: '/api/staff/tax-documents/1/e-invoice.json',
    headers: staffHeaders(),
  }),
  'PUT /api/staff/tax-documents/{id}/e-invoice': () => ({
    url: '/api/staff/tax-documents/1/e-invoice',
    payload: {
      irn: 'a'.repeat(64),
      ackNumber: '112710073901234',
      ackDate: '2027-04-01 18:20:00',
      signedQr: 'eyJhbGciOiJIUzI1NiJ9.eyJkYXRhIjoie30ifQ.c2lnbmF0dXJl',
    },
    headers: staffHeaders(),
  }),
  'GET /api/staff/orders/{mkpOrderId}': () => ({
    url: '/api/staff/orders/MKP-20260101-AAAAAA',
    headers: staffHeaders(),
  }),
  'GET /api/staff/orders/{mkpOrderId}/tax-documents/{documentId}.pdf': () => ({
    url: '/api/staff/orders/MKP-20260101-AAAAAA/tax-documents/1.pdf',
    headers: staffHeaders(),
  }),
  'POST /api/staff/orders/{mkpOrderId}/ship': () => ({
    url: '/api/staff/orders/MKP-20260101-AAAAAA/ship',
    payload: { carrier: 'Blue Dart', trackingNumber: 'BD123456' },
    headers: staffHeaders(),
  }),
  'POST /api/staff/orders/{mkpOrderId}/deliver': () => ({
    url: '/api/staff/orders/MKP-20260101-AAAAAA/deliver',
    headers: staffHeaders(),
  }),
  'POST /api/staff/orders/{mkpOrderId}/cancel': () => ({
    url: '/api/staff/orders/MKP-20260101-AAAAAA/cancel',
    payload: { reason: 'Out of stock' },
    headers: staffHeaders(),
  }),
  'POST /api/staff/orders/{mkpOrderId}/refunds': () => ({
    url: '/api/staff/orders/MKP-20260101-AAAAAA/refunds',
    payload: { reason: 'Damaged', amountPaise: 10_000 },
    headers: { ...staffHeaders(), 'idempotency-key': 'strict-input-refund' },
  }),
  // Return requests (decision 061): the buyer's, then the desk's.
  'POST /api/orders/{id}/returns': () => ({
    url: `/api/orders/${ANY_ID}/returns`,
    payload: {
      lines: [{ position: 0, quantity: 1 }],
      reason: 'damaged',
      description: 'The lid arrived broken',
    },
    headers: buyer.headers,
  }),
  'GET /api/orders/{id}/returns': () => ({
    url: `/api/orders/${ANY_ID}/returns`,
    headers: buyer.headers,
  }),
  'POST /api/returns/{returnId}/photos': () => ({
    url: '/api/returns/999999/photos',
    form: [{ name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: JPEG }],
    headers: buyer.headers,
  }),
  'GET /api/returns/{returnId}/photos/{photoId}': () => ({
    url: '/api/returns/999999/photos/1',
    headers: buyer.headers,
  }),
  'GET /api/staff/return-requests': () => ({
    url: '/api/staff/return-requests?status=requested',
    headers: staffHeaders(),
  }),
  'GET /api/staff/return-requests/{returnId}': () => ({
    url: '/api/staff/return-requests/999999',
    headers: staffHeaders(),
  }),
  'GET /api/staff/return-requests/{returnId}/photos/{photoId}': () => ({
    url: '/api/staff/return-requests/999999/photos/1',
    headers: staffHeaders(),
  }),
  'POST /api/staff/return-requests/{returnId}/accept': () => ({
    url: '/api/staff/return-requests/999999/accept',
    payload: { note: 'Send it back' },
    headers: staffHeaders(),
  }),
  'POST /api/staff/return-requests/{returnId}/refuse': () => ({
    url: '/api/staff/return-requests/999999/refuse',
    payload: { note: 'Outside the policy' },
    headers: staffHeaders(),
  }),
  'POST /api/staff/return-requests/{returnId}/receive': () => ({
    url: '/api/staff/return-requests/999999/receive',
    headers: staffHeaders(),
  }),
  'POST /api/staff/return-requests/{returnId}/refund': () => ({
    url: '/api/staff/return-requests/999999/refund',
    headers: staffHeaders(),
  }),
  'POST /api/staff/refunds/{refundId}/retry': () => ({
    url: '/api/staff/refunds/999999/retry',
    headers: staffHeaders(),
  }),
  'POST /api/staff/refunds/{refundId}/resolve': () => ({
    url: '/api/staff/refunds/999999/resolve',
    payload: { note: 'Paid back by bank transfer' },
    headers: staffHeaders(),
  }),
  'GET /api/staff/payments/attention': () => ({
    url: '/api/staff/payments/attention',
    headers: staffHeaders(),
  }),
  'POST /api/staff/payments/{paymentId}/refund': () => ({
    url: '/api/staff/payments/999999/refund',
    payload: { reason: 'Paid twice' },
    headers: { ...staffHeaders(), 'idempotency-key': 'strict-input-payment' },
  }),
  'POST /api/staff/payments/{paymentId}/resolve': () => ({
    url: '/api/staff/payments/999999/resolve',
    payload: { note: 'Checked at the gateway' },
    headers: staffHeaders(),
  }),
  'GET /api/staff/buyers': () => ({ url: '/api/staff/buyers?q=traders', headers: staffHeaders() }),
  'GET /api/staff/buyers/{id}': () => ({
    url: `/api/staff/buyers/${buyer.id}`,
    headers: staffHeaders(),
  }),
  'POST /api/staff/buyers/{id}/disable': () => ({
    url: `/api/staff/buyers/${buyer.id}/disable`,
    payload: { reason: 'Chargeback fraud' },
    headers: staffHeaders(),
  }),
  'POST /api/staff/buyers/{id}/enable': () => ({
    url: `/api/staff/buyers/${buyer.id}/enable`,
    headers: staffHeaders(),
  }),
  'GET /api/staff/dashboard': () => ({ url: '/api/staff/dashboard', headers: staffHeaders() }),
  'GET /api/store': () => ({ url: '/api/store' }),
  'GET /api/staff/settings': () => ({ url: '/api/staff/settings', headers: staffHeaders() }),
  'PUT /api/staff/settings': () => ({
    url: '/api/staff/settings',
    payload: { ...DEMO_STORE },
    headers: staffHeaders(),
  }),
  'GET /api/staff/tax-rates': () => ({ url: '/api/staff/tax-rates', headers: staffHeaders() }),
  'PUT /api/staff/tax-rates/{hsnPrefix}': () => ({
    url: '/api/staff/tax-rates/2202',
    payload: { rateBp: 4000, description: 'Aerated drinks' },
    headers: staffHeaders(),
  }),
  'DELETE /api/staff/tax-rates/{hsnPrefix}': () => ({
    url: '/api/staff/tax-rates/3401',
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/images': () => ({
    url: '/api/staff/catalog/images',
    form: [{ name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: JPEG }],
    headers: staffHeaders(),
  }),
  // The upload is multipart (no JSON body to add a field to); its query string is checked.
  'POST /api/staff/catalog/imports': () => ({
    url: '/api/staff/catalog/imports',
    headers: staffHeaders(),
  }),
  'GET /api/staff/catalog/imports': () => ({
    url: '/api/staff/catalog/imports',
    headers: staffHeaders(),
  }),
  'GET /api/staff/catalog/imports/{id}': () => ({
    url: `/api/staff/catalog/imports/${ANY_ID}`,
    headers: staffHeaders(),
  }),
  'GET /api/staff/catalog/imports/{id}/issues': () => ({
    url: `/api/staff/catalog/imports/${ANY_ID}/issues?after=0`,
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/imports/{id}/apply': () => ({
    url: `/api/staff/catalog/imports/${ANY_ID}/apply`,
    headers: staffHeaders(),
  }),
  'GET /api/staff/catalog/import-template.csv': () => ({
    url: '/api/staff/catalog/import-template.csv?layout=product',
    headers: staffHeaders(),
  }),
  'GET /api/staff/catalog/export.csv': () => ({
    url: '/api/staff/catalog/export.csv?status=active',
    headers: staffHeaders(),
  }),
  'GET /api/staff/catalog/products': () => ({
    url: '/api/staff/catalog/products?status=active&attention=true',
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/products': () => ({
    url: '/api/staff/catalog/products',
    payload: { product: DOCUMENT },
    headers: staffHeaders(),
  }),
  'GET /api/staff/catalog/products/{id}': () => ({
    url: `/api/staff/catalog/products/${productId}`,
    headers: staffHeaders(),
  }),
  'PUT /api/staff/catalog/products/{id}': () => ({
    url: `/api/staff/catalog/products/${productId}`,
    payload: { version: '1', product: DOCUMENT },
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/products/{id}/status': () => ({
    url: `/api/staff/catalog/products/${productId}/status`,
    payload: { version: '1', status: 'archived' },
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/products/{id}/stock': () => ({
    url: `/api/staff/catalog/products/${productId}/stock`,
    payload: { rows: [{ variant: null, expected: null, onHand: 5 }] },
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/products/move': () => ({
    url: '/api/staff/catalog/products/move',
    payload: { productIds: [productId], category: 'beauty', subcategory: 'makeup' },
    headers: staffHeaders(),
  }),
  'GET /api/staff/catalog/taxonomy': () => ({
    url: '/api/staff/catalog/taxonomy',
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/categories': () => ({
    url: '/api/staff/catalog/categories',
    payload: { name: 'Seasonal Goods' },
    headers: staffHeaders(),
  }),
  'PATCH /api/staff/catalog/categories/{id}': () => ({
    url: `/api/staff/catalog/categories/${ANY_ID}`,
    payload: { name: 'Renamed' },
    headers: staffHeaders(),
  }),
  'DELETE /api/staff/catalog/categories/{id}': () => ({
    url: `/api/staff/catalog/categories/${ANY_ID}`,
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/categories/order': () => ({
    url: '/api/staff/catalog/categories/order',
    payload: { ids: [ANY_ID] },
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/categories/{id}/subcategories': () => ({
    url: `/api/staff/catalog/categories/${ANY_ID}/subcategories`,
    payload: { name: 'Gift Hampers' },
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/categories/{id}/subcategories/order': () => ({
    url: `/api/staff/catalog/categories/${ANY_ID}/subcategories/order`,
    payload: { ids: [ANY_ID] },
    headers: staffHeaders(),
  }),
  'PATCH /api/staff/catalog/subcategories/{id}': () => ({
    url: `/api/staff/catalog/subcategories/${ANY_ID}`,
    payload: { name: 'Renamed' },
    headers: staffHeaders(),
  }),
  'DELETE /api/staff/catalog/subcategories/{id}': () => ({
    url: `/api/staff/catalog/subcategories/${ANY_ID}`,
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/collections': () => ({
    url: '/api/staff/catalog/collections',
    payload: { title: 'Festive Offers', subtitle: 'For the season' },
    headers: staffHeaders(),
  }),
  'PATCH /api/staff/catalog/collections/{id}': () => ({
    url: `/api/staff/catalog/collections/${ANY_ID}`,
    payload: { title: 'Renamed' },
    headers: staffHeaders(),
  }),
  'DELETE /api/staff/catalog/collections/{id}': () => ({
    url: `/api/staff/catalog/collections/${ANY_ID}`,
    headers: staffHeaders(),
  }),
  'POST /api/staff/catalog/collections/order': () => ({
    url: '/api/staff/catalog/collections/order',
    payload: { ids: [ANY_ID] },
    headers: staffHeaders(),
  }),
  'GET /api/staff/catalog/collections/{id}/products': () => ({
    url: `/api/staff/catalog/collections/${ANY_ID}/products`,
    headers: staffHeaders(),
  }),
  'PUT /api/staff/catalog/collections/{id}/products': () => ({
    url: `/api/staff/catalog/collections/${ANY_ID}/products`,
    payload: { productIds: [productId] },
    headers: staffHeaders(),
  }),
  'POST /api/search/1/indexes/{index}/queries': () => ({
    url: `/api/search/1/indexes/*/queries?${new URLSearchParams(ALGOLIA)}`,
    payload: { requests: [{ indexName: 'product_index', params: 'query=bag&hitsPerPage=2' }] },
  }),
  'POST /api/search/1/indexes/{index}/query': () => ({
    url: `/api/search/1/indexes/product_index/query?${new URLSearchParams(ALGOLIA)}`,
    payload: { query: 'bag', hitsPerPage: 2 },
  }),
  'GET /api/search/1/indexes/{index}': () => ({
    url: `/api/search/1/indexes/product_index?${new URLSearchParams({ ...ALGOLIA, query: 'bag' })}`,
  }),
  'POST /api/search/1/indexes/{index}/facets/{facet}/query': () => ({
    url: `/api/search/1/indexes/product_index/facets/category/query?${new URLSearchParams(ALGOLIA)}`,
    payload: { facetQuery: 'b' },
  }),
};

const isAlgolia = (op: Operation) => op.path.startsWith('/api/search/1/');
const label = (op: Operation) => `${op.method} ${op.path}`;
const withParam = (url: string, param: string) => `${url}${url.includes('?') ? '&' : '?'}${param}`;

/**
 * The error's message: `{detail, code: 'invalid_data'}`, or under /api/search Algolia's
 * `{message, status}` (the search module's error format), whose message ends with ours.
 */
function errorOf(op: Operation, body: unknown): string | undefined {
  const error = body as { detail?: string; code?: string; message?: string };
  if (op.path.startsWith('/api/search/')) return error.message?.split(': ').slice(-2).join(': ');
  return error.code === 'invalid_data' ? error.detail : undefined;
}

/** A digest of every row of every table: equal before and after means nothing was written. */
async function databaseDigest(): Promise<string> {
  const tables = await t.database.db.execute(
    sql`SELECT table_name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digests: string[] = [];
  for (const { table_name: name } of tables.rows as { table_name: string }[]) {
    const result = await t.database.db.execute(
      sql.raw(
        `SELECT md5(coalesce(string_agg(md5(r::text), ',' ORDER BY md5(r::text)), '')) AS d FROM "${name}" r`,
      ),
    );
    digests.push(`${name}:${(result.rows[0] as { d: string }).d}`);
  }
  return digests.join(' ');
}

function send(op: Operation, request: ValidRequest) {
  const form = request.form && multipartForm(request.form);
  return t.app.inject({
    method: op.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...form?.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    ...(form ? { payload: form.payload } : {}),
    ...(request.text === undefined ? {} : { payload: request.text }),
  });
}

describe('unknown parameters on every documented operation', () => {
  it('every documented operation has a valid request in this file', () => {
    const missing = operations.map(label).filter((name) => !(name in VALID));
    expect(missing, 'add a valid request for each to VALID').toEqual([]);
  });

  it('an unknown query parameter is refused with 400 naming it, and nothing changes', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => !isAlgolia(o) && label(o) in VALID)) {
      const request = VALID[label(op)]!();
      const before = await databaseDigest();
      const response = await send(op, { ...request, url: withParam(request.url, 'junk=1') });
      if (
        response.statusCode !== 400 ||
        errorOf(op, response.json()) !== 'Unknown query parameter: junk'
      )
        failures.push(`${label(op)} → ${response.statusCode} ${response.body.slice(0, 160)}`);
      if ((await databaseDigest()) !== before) failures.push(`${label(op)} changed the database`);
    }
    expect(failures).toEqual([]);
  });

  it('an unknown body field is refused with 400 naming it, and nothing changes', async () => {
    const failures: string[] = [];
    const withBody = operations.filter((o) => {
      const request = label(o) in VALID ? VALID[label(o)]!() : undefined;
      return !isAlgolia(o) && (request?.payload !== undefined || request?.form !== undefined);
    });
    expect(withBody.map(label)).toContain('POST /api/user/signup');
    for (const op of withBody) {
      const request = VALID[label(op)]!();
      const before = await databaseDigest();
      // The mass-assignment probe: `role`, or where role is a real field (staff), `isAdmin`.
      const probe = 'role' in op.bodyProperties ? 'isAdmin' : 'role';
      const response = await send(
        op,
        request.form
          ? { ...request, form: [...request.form, { name: probe, data: 'admin' }] }
          : { ...request, payload: { ...request.payload, [probe]: 'admin' } },
      );
      if (response.statusCode !== 400 || errorOf(op, response.json()) !== `Unknown field: ${probe}`)
        failures.push(`${label(op)} → ${response.statusCode} ${response.body.slice(0, 160)}`);
      if ((await databaseDigest()) !== before) failures.push(`${label(op)} changed the database`);
    }
    expect(failures).toEqual([]);
  });

  it('the Algolia-protocol search route accepts and ignores what it does not implement', async () => {
    const failures: string[] = [];
    for (const op of operations.filter(isAlgolia)) {
      const request = VALID[label(op)]!();
      const plain = await send(op, request);
      const extra = await send(op, {
        url: withParam(request.url, 'x-algolia-application-id=storefront&clickAnalytics=true'),
        ...(request.payload ? { payload: { ...request.payload, analyticsTags: ['web'] } } : {}),
      });
      if (plain.statusCode !== 200 || extra.statusCode !== 200)
        failures.push(
          `${label(op)} → ${plain.statusCode}, with extras ${extra.statusCode} ${extra.body.slice(0, 160)}`,
        );
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Every operation a buyer's token opens, sent its valid request by a buyer whose sessions have
 * ended: the answer is the one `authenticate` gives, and nothing is written. The sweep finds a
 * route that leaves the session to its own statement (decision 092's `checksSession`) and then
 * forgets to check it, whichever route that is.
 */
describe('an ended session on every operation a buyer token opens', () => {
  it.each(SESSION_ENDINGS)(
    '$name: refused as authenticate refuses, and nothing written',
    async (ending) => {
      const signedIn = buyer;
      const ended = await createSignedInBuyer(t);
      // A line in the cart, so that an unchecked order would be placed rather than refused as empty.
      const add = operations.find((op) => label(op) === 'POST /api/cart/items/{productId}')!;
      const added = await send(add, { ...VALID[label(add)]!(), headers: ended.headers });
      expect(added.statusCode, added.body).toBe(200);
      await t.database.db.execute(ending.end(ended.id));
      buyer = ended;
      try {
        const swept: string[] = [];
        const failures: string[] = [];
        const before = await databaseDigest();
        for (const op of operations.filter((o) => label(o) in VALID)) {
          const request = VALID[label(op)]!();
          if (request.headers?.authorization !== ended.headers.authorization) continue;
          swept.push(label(op));
          const response = await send(op, request);
          if (
            response.statusCode !== ending.status ||
            response.body !== JSON.stringify(ending.answer) ||
            response.headers['cache-control'] !== 'no-store'
          )
            failures.push(`${label(op)} → ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
        expect(failures).toEqual([]);
        expect(await databaseDigest()).toBe(before);
        // Every operation the document says takes a buyer's token was swept, so a VALID entry
        // that forgot the buyer's header cannot drop its route from the sweep.
        const bearer = operations.filter((op) => op.schemes.includes('bearer')).map(label);
        expect(swept.sort()).toEqual(bearer.sort());
        expect(swept).toEqual(
          expect.arrayContaining(['POST /api/cart/items/{productId}', 'POST /api/orders/']),
        );
      } finally {
        buyer = signedIn;
      }
    },
  );
});

describe('what stays open', () => {
  it.each([
    '/?utm_source=newsletter&utm_campaign=diwali',
    '/categories/baby?page=2&fbclid=abc',
    '/search?q=bag&page=1&gclid=xyz',
    '/products/ffffffffffffffffffffffff?qty=2&source=x',
  ])('a page, %s, keeps accepting any query string', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).not.toBe(400);
  });

  it('headers are not parameters: a browser’s own headers never refuse a request', async () => {
    const response = await t.app.inject({
      url: '/api/products/categories',
      headers: { 'x-requested-with': 'XMLHttpRequest', dnt: '1' },
    });
    expect(response.statusCode).toBe(200);
  });
});
