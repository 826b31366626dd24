/**
 * Threat: one buyer reads or changes another buyer's cart, orders, payments or account (G3,
 * reliability-and-security.md; ASVS 5.0 8.2.2, 8.4.1; docs/security.md).
 *
 * Every operation of the OpenAPI document is classified below by how it is allowed to touch a
 * buyer's data; an operation the table does not name (a new route) fails the first test, so no
 * route escapes the sweep. Buyer A's token is then sent to every documented path with every verb,
 * each path parameter set to each of buyer B's ids (product ids of B's cart, B's order ids and
 * order numbers, B's payment transaction, B's user id), each body aimed at B (B's cart line keys,
 * B's email, B's password, B's Idempotency-Key, a callback naming B's payment):
 *
 * - `buyer-id` operations (B's order by id) answer A no 2xx, `staff` ones 403;
 * - `own` operations may answer 2xx, on A's own data only (A's cart holds one line after an add);
 * - nothing answered to A carries a private value of B's that A did not send;
 * - B's rows (account, sessions, account links, cart, orders, order lines, status history,
 *   payments, idempotency keys) have the same digest before and after;
 * - without a token, every `own`, `buyer-id` and `staff` operation answers 401 (or 400 to an
 *   id that is not even well-formed).
 *
 * The scoping is SQL written once through Drizzle, the same text on PGlite and PostgreSQL, and the
 * PostgreSQL-only code (search) reads the public catalog, so this runs once, on PGlite.
 */
import { sql, type SQL } from 'drizzle-orm';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOrder, shipOrder, transitionOrderStatus } from '../modules/orders/service.js';
import { createTokenService } from '../modules/users/access-tokens.js';
import { createUser, loginTokens, signupPayload } from '../modules/users/test-support.js';
import { buildTestApp, type TestApp } from './app.js';
import { insertFixtures } from './catalog-fixtures.js';
import { photo } from './image-fixtures.js';
import { multipartForm } from './multipart.js';
import { documentedOperations, type Operation } from './openapi-operations.js';
import type { AddressBook } from '@storefront/shared/address-book';

/** How an operation may touch a buyer's data. */
type Access =
  /** Catalog, search, images, health: no buyer's data at all. */
  | 'public'
  /** Sign-up, verification, login, session rotation and logout: by credential, never by id. */
  | 'account'
  /** The signed-in buyer's own data, chosen by the token (cart lines are keyed by product id). */
  | 'own'
  /** A buyer's order or payment named by id: another buyer's id answers no 2xx. */
  | 'buyer-id'
  /** The gateway's signed callback: an unsigned one changes nothing. */
  | 'gateway'
  /** The staff console's routes: a buyer's token answers 403. */
  | 'staff'
  /** Staff sign-in and setup: by password and code or a setup link, never by a buyer's token. */
  | 'staff-entry';

const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/health/live': 'public',
  'GET /api/store': 'public',
  'GET /api/products/categories': 'public',
  'GET /api/products/collections': 'public',
  'GET /api/products': 'public',
  'GET /api/products/product/{id}': 'public',
  'GET /api/products/recommend/{id}': 'public',
  'GET /api/products/{id}/availability': 'public',
  'POST /api/products/multiple-products': 'public',
  'GET /images/products/{file}': 'public',
  'GET /images/uploads/{file}': 'public',
  'GET /api/cart/': 'own',
  'POST /api/cart/items/{productId}': 'own',
  'PATCH /api/cart/items/{productId}': 'own',
  'DELETE /api/cart/items/{productId}': 'own',
  'POST /api/cart/quick-order/check': 'own',
  'POST /api/cart/quick-order': 'own',
  'POST /api/cart/quick-order/csv': 'own',
  'GET /api/cart/quick-order/template.csv': 'public',
  'POST /api/orders/': 'own',
  'GET /api/orders/': 'own',
  'GET /api/orders/order/{id}': 'buyer-id',
  'POST /api/quotes/': 'own',
  'GET /api/quotes/': 'own',
  'GET /api/quotes/{id}': 'buyer-id',
  'POST /api/quotes/{id}/messages': 'buyer-id',
  'POST /api/quotes/{id}/accept': 'buyer-id',
  'POST /api/quotes/{id}/withdraw': 'buyer-id',
  'POST /api/quotes/{id}/decline': 'buyer-id',
  'POST /api/orders/{id}/cancel': 'buyer-id',
  'POST /api/orders/{id}/reorder': 'buyer-id',
  'PUT /api/orders/{id}/shipping': 'buyer-id',
  'GET /api/user/address-book': 'own',
  'POST /api/user/addresses': 'own',
  'PUT /api/user/addresses/{id}': 'buyer-id',
  'DELETE /api/user/addresses/{id}': 'buyer-id',
  'POST /api/user/addresses/{id}/default': 'buyer-id',
  'POST /api/user/billing-entities': 'own',
  'PUT /api/user/billing-entities/{id}': 'buyer-id',
  'DELETE /api/user/billing-entities/{id}': 'buyer-id',
  'POST /api/user/billing-entities/{id}/default': 'buyer-id',
  'GET /api/orders/{id}/tax-documents/{documentId}.pdf': 'buyer-id',
  'POST /api/orders/{id}/returns': 'buyer-id',
  'GET /api/orders/{id}/returns': 'buyer-id',
  'POST /api/returns/{returnId}/photos': 'buyer-id',
  'GET /api/returns/{returnId}/photos/{photoId}': 'buyer-id',
  'POST /api/user/signup': 'account',
  'GET /api/user/verify-email/{token}': 'account',
  'POST /api/user/resend-verification': 'account',
  'POST /api/user/forgot-password': 'account',
  'POST /api/user/reset-password': 'account',
  'POST /api/user/login': 'account',
  'POST /api/refresh': 'account',
  'POST /api/user/logout': 'account',
  'POST /api/user/change-password': 'own',
  'POST /api/user/change-email': 'own',
  'POST /api/user/change-email/confirm': 'account',
  'GET /api/user/me': 'own',
  'PATCH /api/user/me': 'own',
  'POST /api/search/1/indexes/{index}/queries': 'public',
  'POST /api/search/1/indexes/{index}/query': 'public',
  'GET /api/search/1/indexes/{index}': 'public',
  'POST /api/search/1/indexes/{index}/facets/{facet}/query': 'public',
  'GET /api/search/config': 'public',
  'GET /api/payments/pay/{orderId}': 'buyer-id',
  'POST /api/payments/status/{orderId}': 'buyer-id',
  'POST /api/payments/callback/{provider}': 'gateway',
  'POST /api/staff/login': 'staff-entry',
  'POST /api/staff/setup/start': 'staff-entry',
  'POST /api/staff/setup/complete': 'staff-entry',
  'POST /api/staff/logout': 'staff',
  'GET /api/staff/session': 'staff',
  'GET /api/staff/settings': 'staff',
  'PUT /api/staff/settings': 'staff',
  'GET /api/staff/tax-rates': 'staff',
  'PUT /api/staff/tax-rates/{hsnPrefix}': 'staff',
  'DELETE /api/staff/tax-rates/{hsnPrefix}': 'staff',
  'GET /api/staff/members': 'staff',
  'POST /api/staff/invitations': 'staff',
  'DELETE /api/staff/invitations/{id}': 'staff',
  'PATCH /api/staff/members/{id}': 'staff',
  'GET /api/staff/audit': 'staff',
  'GET /api/staff/orders': 'staff',
  'GET /api/staff/orders/export.csv': 'staff',
  'GET /api/staff/tax-documents': 'staff',
  'GET /api/staff/returns/gstr1': 'staff',
  'GET /api/staff/tax-documents/{id}/e-invoice.json': 'staff',
  'PUT /api/staff/tax-documents/{id}/e-invoice': 'staff',
  'GET /api/staff/orders/{mkpOrderId}': 'staff',
  'GET /api/staff/quotes': 'staff',
  'GET /api/staff/quotes/{id}': 'staff',
  'POST /api/staff/quotes/{id}/answer': 'staff',
  'POST /api/staff/quotes/{id}/decline': 'staff',
  'POST /api/staff/quotes/{id}/messages': 'staff',
  'GET /api/staff/orders/{mkpOrderId}/tax-documents/{documentId}.pdf': 'staff',
  'POST /api/staff/orders/{mkpOrderId}/ship': 'staff',
  'POST /api/staff/orders/{mkpOrderId}/deliver': 'staff',
  'POST /api/staff/orders/{mkpOrderId}/cancel': 'staff',
  'POST /api/staff/orders/{mkpOrderId}/refunds': 'staff',
  'POST /api/staff/refunds/{refundId}/retry': 'staff',
  'POST /api/staff/refunds/{refundId}/resolve': 'staff',
  'GET /api/staff/payments/attention': 'staff',
  'POST /api/staff/payments/{paymentId}/refund': 'staff',
  'POST /api/staff/payments/{paymentId}/resolve': 'staff',
  'GET /api/staff/return-requests': 'staff',
  'GET /api/staff/return-requests/{returnId}': 'staff',
  'GET /api/staff/return-requests/{returnId}/photos/{photoId}': 'staff',
  'POST /api/staff/return-requests/{returnId}/accept': 'staff',
  'POST /api/staff/return-requests/{returnId}/refuse': 'staff',
  'POST /api/staff/return-requests/{returnId}/receive': 'staff',
  'POST /api/staff/return-requests/{returnId}/refund': 'staff',
  'GET /api/staff/buyers': 'staff',
  'GET /api/staff/buyers/{id}': 'staff',
  'POST /api/staff/buyers/{id}/disable': 'staff',
  'POST /api/staff/buyers/{id}/enable': 'staff',
  'GET /api/staff/dashboard': 'staff',
  'POST /api/staff/catalog/images': 'staff',
  'POST /api/staff/catalog/imports': 'staff',
  'GET /api/staff/catalog/imports': 'staff',
  'GET /api/staff/catalog/imports/{id}': 'staff',
  'GET /api/staff/catalog/imports/{id}/issues': 'staff',
  'POST /api/staff/catalog/imports/{id}/apply': 'staff',
  'GET /api/staff/catalog/import-template.csv': 'staff',
  'GET /api/staff/catalog/export.csv': 'staff',
  'GET /api/staff/catalog/products': 'staff',
  'POST /api/staff/catalog/products': 'staff',
  'GET /api/staff/catalog/products/{id}': 'staff',
  'PUT /api/staff/catalog/products/{id}': 'staff',
  'POST /api/staff/catalog/products/{id}/status': 'staff',
  'POST /api/staff/catalog/products/{id}/stock': 'staff',
  'POST /api/staff/catalog/products/move': 'staff',
  'GET /api/staff/catalog/taxonomy': 'staff',
  'POST /api/staff/catalog/categories': 'staff',
  'PATCH /api/staff/catalog/categories/{id}': 'staff',
  'DELETE /api/staff/catalog/categories/{id}': 'staff',
  'POST /api/staff/catalog/categories/order': 'staff',
  'POST /api/staff/catalog/categories/{id}/subcategories': 'staff',
  'POST /api/staff/catalog/categories/{id}/subcategories/order': 'staff',
  'PATCH /api/staff/catalog/subcategories/{id}': 'staff',
  'DELETE /api/staff/catalog/subcategories/{id}': 'staff',
  'POST /api/staff/catalog/collections': 'staff',
  'PATCH /api/staff/catalog/collections/{id}': 'staff',
  'DELETE /api/staff/catalog/collections/{id}': 'staff',
  'POST /api/staff/catalog/collections/order': 'staff',
  'GET /api/staff/catalog/collections/{id}/products': 'staff',
  'PUT /api/staff/catalog/collections/{id}/products': 'staff',
};
const SIGNED_IN: ReadonlySet<Access> = new Set(['own', 'buyer-id', 'staff']);
/** Who ships B's order in the setup: the machine's operator (cli/commands.ts). */
const OPERATOR = { staffId: null, actor: 'operator', ip: null, userAgent: 'test' };

const VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const B_KEY = 'b-private-checkout-key';
const B_INVOICE = 'BINV/2627/09999';
const B_RETURN_STORY = 'Bhavna-private: the lid arrived shattered in transit';
const B_QUOTE_NOTE = 'Bhavna-private quote note for Diwali stock';
/** B's saved address and billing entity (decision 066): bodies A sends too, aimed at B's ids. */
const B_SAVED_ADDRESS = {
  label: 'Bhavna-private depot',
  recipientName: 'Bhavna Kulkarni-Private',
  address1: '3 Hidden Wharf',
  city: 'Nagpur',
  state: 'Maharashtra',
  postalCode: '440001',
  country: 'in',
  phone: '9123456780',
};
const B_BILLING_ENTITY = {
  gstin: `29AABCB5678K1Z${gstinCheckCharacter('29AABCB5678K1Z')}`,
  legalName: 'Bhavna-private Traders Karnataka',
  address1: '5 Quiet Street',
  city: 'Mysuru',
  state: 'Karnataka',
  postalCode: '570001',
};
const A_PASSWORD = 'Quartz&Ferry-58';
const B_PASSWORD = 'Tamarind#Ledger-31';
const B_ORDER_BODY = {
  recipientName: 'Bhavna Kulkarni-Private',
  shippingAddress1: '7 Secret Lane',
  shippingCity: 'Nagpur',
  shippingState: 'Maharashtra',
  shippingPostalCode: '440001',
  shippingCountry: 'in',
  shippingPhoneNumber: '9123456780',
};
/** B's cart, as line keys: several sources and both variants of the product with options. */
const B_LINES = (ids: Record<'tiered' | 'shirt' | 'cheap', string>) => [
  { productId: ids.tiered, body: { source: 'Ex-china', variantIndex: null } },
  { productId: ids.tiered, body: { source: 'Ex-india custom', variantIndex: null } },
  { productId: ids.shirt, body: { source: 'Ex-china', variantIndex: 0 } },
  { productId: ids.shirt, body: { source: 'doorstep delivery', variantIndex: 1 } },
  { productId: ids.cheap, body: { source: 'doorstep delivery', variantIndex: null } },
];
/** Values a path parameter of this name takes besides B's ids, so public routes find something. */
const PARAM_EXTRAS: Record<string, string> = {
  provider: 'sandbox',
  index: 'product_index',
  facet: 'brand',
};

interface Buyer {
  id: string;
  email: string;
  headers: { authorization: string };
  refresh: string;
}

let t: TestApp;
let a: Buyer;
let b: Buyer;
let operations: Operation[];
let lines: ReturnType<typeof B_LINES>;
/** B's ids that a path parameter can name. */
let bIds: string[];
/** Values of B's that no answer to A may contain. */
let bPrivate: string[];
let bTransaction: string;
/** B's return request and its photo (numeric ids). */
let bReturn: string;
let bPhoto: string;

/**
 * A buyer with a real password and session. The bearer token carries no session id, so that
 * A's own logout or session rotation during the sweep does not sign A out of the rest of it.
 */
async function buyer(password: string): Promise<Buyer> {
  const user = await createUser(t.database.db, { password });
  const { refresh_token } = await loginTokens(t.app, user.email, password);
  const token = await createTokenService(t.config.jwtSecret).signAccessToken(user.id);
  return {
    id: user.id,
    email: user.email,
    headers: { authorization: `Bearer ${token}` },
    refresh: refresh_token,
  };
}

function inject(
  who: Buyer | undefined,
  method: string,
  url: string,
  body?: unknown,
  key = `${B_KEY}-0`,
) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...who?.headers,
      'idempotency-key': key,
      ...(who ? { 'refresh-token': who.refresh } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

beforeAll(async () => {
  t = await buildTestApp({ products: 10 });
  const ids = await insertFixtures(t);
  [a, b] = [await buyer(A_PASSWORD), await buyer(B_PASSWORD)];
  operations = await documentedOperations(t.app);
  lines = B_LINES(ids);

  // B: three orders (unpaid with a payment attempt, paid, shipped), then a cart of five lines.
  const orders: { id: string; mkpOrderId: string }[] = [];
  for (let i = 0; i < 3; i++) {
    for (const line of lines.slice(0, 2 + i)) {
      const added = await inject(b, 'POST', `/api/cart/items/${line.productId}`, {
        quantity: 2,
        ...line.body,
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const created = await inject(b, 'POST', '/api/orders/', B_ORDER_BODY, `${B_KEY}-${i}`);
    expect(created.statusCode, created.body).toBe(201);
    const { payload } = created.json() as {
      payload: { _id: { $oid: string }; mkpOrderId: string };
    };
    orders.push({ id: payload._id.$oid, mkpOrderId: payload.mkpOrderId });
  }
  const [unpaid, paid, shipped] = orders as [
    (typeof orders)[0],
    (typeof orders)[0],
    (typeof orders)[0],
  ];
  expect((await inject(b, 'GET', `/api/payments/pay/${unpaid.id}`)).statusCode).toBe(200);
  for (const order of [paid, shipped])
    await t.database.db.transaction((tx) =>
      transitionOrderStatus(tx, order.id, ['UP'], 'PD', 'payment_callback'),
    );
  await shipOrder(
    t.database.db,
    OPERATOR,
    shipped.mkpOrderId,
    { carrier: 'BlueDart', trackingNumber: 'BD1' },
    'https://shop.example',
  );
  // B's shipped order is delivered, and B asks to return a unit of it, with a photo (decision
  // 061): the request's and the photo's ids join B's ids below.
  await deliverOrder(t.database.db, OPERATOR, shipped.mkpOrderId, 'https://shop.example');
  const asked = await inject(b, 'POST', `/api/orders/${shipped.id}/returns`, {
    lines: [{ position: 0, quantity: 1 }],
    reason: 'damaged',
    description: B_RETURN_STORY,
  });
  expect(asked.statusCode, asked.body).toBe(201);
  bReturn = String((asked.json() as { id: number }).id);
  const form = multipartForm([
    { name: 'file', filename: 'lid.jpg', contentType: 'image/jpeg', data: await photo(16, 12) },
  ]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/returns/${bReturn}/photos`,
    payload: form.payload,
    headers: { ...b.headers, ...form.headers },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  bPhoto = String((uploaded.json() as { id: number }).id);
  for (const line of lines) {
    const added = await inject(b, 'POST', `/api/cart/items/${line.productId}`, {
      quantity: 3,
      ...line.body,
    });
    expect(added.statusCode, added.body).toBe(200);
  }

  // B's paid order's tax invoice (decision 056): its number is B's, and no answer to A has it.
  await t.database.db.execute(sql`
    INSERT INTO tax_documents (kind, number, financial_year, sequence, order_id, issue_date,
        recipient_gstin, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, document)
    VALUES ('invoice', ${B_INVOICE}, '2026-27', 9999, ${paid.id}, '2026-11-26', NULL, 100, 9, 9,
        0, 118, ${JSON.stringify({ number: B_INVOICE, recipient: B_ORDER_BODY.recipientName })}::jsonb)`);
  const attempts = await t.database.db.execute(
    sql`SELECT merchant_transaction_id FROM payments p JOIN orders o ON o.id = p.order_id
         WHERE o.user_id = ${b.id}`,
  );
  const transactions = (attempts.rows as { merchant_transaction_id: string }[]).map(
    (r) => r.merchant_transaction_id,
  );
  expect(transactions).toHaveLength(1);
  bTransaction = transactions[0]!;
  // B's quote (decision 060), priced: A can neither read, write on, accept, withdraw nor
  // decline it (decision 073; the sweep's body names its version).
  const quoteAsked = await inject(b, 'POST', '/api/quotes/', {
    note: B_QUOTE_NOTE,
    lines: [{ productId: lines[0]!.productId, source: 'Ex-china', quantity: 250 }],
  });
  expect(quoteAsked.statusCode, quoteAsked.body).toBe(201);
  const quoteId = (quoteAsked.json() as { payload: { id: string } }).payload.id;
  await t.database.db.execute(sql`
    INSERT INTO quote_versions (quote_id, version, unit_prices_paise, expires_at)
    VALUES (${quoteId}, 1, '[7000]', now() + interval '7 days')`);
  await t.database.db.execute(
    sql`UPDATE quotes SET status = 'answered', current_version = 1 WHERE id = ${quoteId}`,
  );
  // B's address book: an address and a billing entity, whose ids A tries on every route.
  const savedAddress = await inject(b, 'POST', '/api/user/addresses', B_SAVED_ADDRESS);
  expect(savedAddress.statusCode, savedAddress.body).toBe(201);
  const savedEntity = await inject(b, 'POST', '/api/user/billing-entities', B_BILLING_ENTITY);
  expect(savedEntity.statusCode, savedEntity.body).toBe(201);
  const bBook = (savedEntity.json() as { payload: AddressBook }).payload;
  bIds = [
    bBook.addresses[0]!.id,
    bBook.billingEntities[0]!.id,
    quoteId,
    ...new Set(lines.map((l) => l.productId)),
    ...orders.flatMap((o) => [o.id, o.mkpOrderId]),
    bTransaction,
    b.id,
    bReturn,
    bPhoto,
  ];
  bPrivate = [
    quoteId,
    B_QUOTE_NOTE,
    ...orders.flatMap((o) => [o.id, o.mkpOrderId]),
    bTransaction,
    b.id,
    b.email,
    b.refresh,
    b.headers.authorization.slice('Bearer '.length),
    B_ORDER_BODY.recipientName,
    B_ORDER_BODY.shippingAddress1,
    B_KEY,
    B_INVOICE,
    B_RETURN_STORY,
    B_SAVED_ADDRESS.address1,
    B_BILLING_ENTITY.legalName,
    B_BILLING_ENTITY.gstin,
  ];
});
afterAll(() => t.close());

/** A digest of every row of B's in the tables that hold a buyer's account, cart, orders and payments. */
async function checksumOfB(): Promise<string> {
  // Anyone may ask for a reset link for B's email (decision 058): it is mailed to B, so the
  // reset links the sweep's forgot-password call adds are left out; B's other links count.
  const orderIds = sql`SELECT id FROM orders WHERE user_id = ${b.id}`;
  const quoteIds = sql`SELECT id FROM quotes WHERE user_id = ${b.id}`;
  const rows = (table: string, where: SQL, order: string) =>
    sql`(SELECT string_agg(to_jsonb(x)::text, ',' ORDER BY ${sql.raw(order)}) FROM ${sql.raw(table)} x WHERE ${where})`;
  const result = await t.database.db.execute(sql`
    SELECT md5(concat_ws('|',
      ${rows('users', sql`x.id = ${b.id}`, 'x.id')},
      ${rows('refresh_tokens', sql`x.user_id = ${b.id}`, 'x.id')},
      ${rows('account_tokens', sql`x.user_id = ${b.id} AND x.purpose <> 'reset_password'`, 'x.id')},
      ${rows('cart_lines', sql`x.user_id = ${b.id}`, 'x.id')},
      ${rows('orders', sql`x.user_id = ${b.id}`, 'x.id')},
      ${rows('order_lines', sql`x.order_id IN (${orderIds})`, 'x.order_id, x.position')},
      ${rows('order_status_history', sql`x.order_id IN (${orderIds})`, 'x.id')},
      ${rows('payments', sql`x.order_id IN (${orderIds})`, 'x.id')},
      ${rows('refunds', sql`x.order_id IN (${orderIds})`, 'x.id')},
      ${rows('tax_documents', sql`x.order_id IN (${orderIds})`, 'x.id')},
      ${rows('return_requests', sql`x.user_id = ${b.id}`, 'x.id')},
      ${rows('return_photos', sql`x.return_id IN (SELECT id FROM return_requests WHERE user_id = ${b.id})`, 'x.id')},
      ${rows('idempotency_keys', sql`x.user_id = ${b.id}`, 'x.key')},
      ${rows('quotes', sql`x.user_id = ${b.id}`, 'x.id')},
      ${rows('quote_lines', sql`x.quote_id IN (${quoteIds})`, 'x.quote_id, x.position')},
      ${rows('quote_versions', sql`x.quote_id IN (${quoteIds})`, 'x.quote_id, x.version')},
      ${rows('quote_messages', sql`x.quote_id IN (${quoteIds})`, 'x.id')},
      ${rows('shipping_addresses', sql`x.user_id = ${b.id}`, 'x.id')},
      ${rows('billing_entities', sql`x.user_id = ${b.id}`, 'x.id')})) AS digest,
      (SELECT count(*)::int FROM cart_lines WHERE user_id = ${b.id}) AS cart_lines,
      (SELECT count(*)::int FROM order_lines WHERE order_id IN (${orderIds})) AS order_lines,
      (SELECT count(*)::int FROM refresh_tokens WHERE user_id = ${b.id}) AS sessions`);
  const row = result.rows[0] as {
    digest: string;
    cart_lines: number;
    order_lines: number;
    sessions: number;
  };
  // The digest covers real rows: B has a session, five cart lines and 2 + 3 + 4 order lines.
  expect([row.sessions, row.cart_lines, row.order_lines]).toEqual([1, 5, 9]);
  return row.digest;
}

/** Plausible values for every body field of the API, each aimed at B where it can be. */
function bodyValues(): Record<string, unknown> {
  return {
    ...signupPayload({ email: b.email, password: 'Monsoon^Kettle-77' }),
    ...B_ORDER_BODY,
    // B's email with A's password; B's password as A's "current" one.
    email: b.email,
    password: A_PASSWORD,
    current_password: B_PASSWORD,
    // A's account moved to B's address (refused: B's password is not A's, and B's is taken).
    new_email: b.email,
    new_password: 'Monsoon^Kettle-77',
    quantity: 1,
    // The version of B's priced quote, and a reason: A's decline of it reaches the ownership check.
    version: 1,
    reason: 'Forged',
    source: 'Ex-china',
    variantIndex: null,
    // Quick order rows naming the products of B's cart: they may only reach A's cart.
    rows: [
      { sku: 'TST-TIER', quantity: 1 },
      { sku: 'TST-SHIRT-V1', quantity: 1 },
    ],
    product_ids: bIds,
    carrier: 'Forged',
    trackingNumber: 'X1',
    requests: [{ indexName: 'product_index', query: B_ORDER_BODY.recipientName }],
    query: B_ORDER_BODY.recipientName,
    // An unsigned sandbox callback that would mark B's payment paid.
    eventId: 'forged-event',
    transactionId: bTransaction,
    state: 'COMPLETED',
    amount: 1,
  };
}

/** The bodies a request carries: B's cart line keys on cart items, else plausible fields. */
function bodiesFor(op: Operation | undefined, path: string, verb: string, id: string): unknown[] {
  if (verb === 'GET') return [undefined];
  if (path === '/api/cart/items/{productId}') {
    const keys = lines.filter((l) => l.productId === id).map((l) => l.body);
    return (keys.length ? keys : [{ source: 'Ex-china', variantIndex: null }]).map((key) =>
      verb === 'DELETE' ? key : { quantity: 1, ...key },
    );
  }
  // The address book's and the order's ship-to bodies are valid, so they reach the ownership check.
  if (path.startsWith('/api/user/addresses')) return [B_SAVED_ADDRESS];
  if (path.startsWith('/api/user/billing-entities')) return [B_BILLING_ENTITY];
  if (path === '/api/orders/{id}/shipping') return [B_ORDER_BODY];
  const values = bodyValues();
  const names = op ? Object.keys(op.bodyProperties) : Object.keys(B_ORDER_BODY);
  if (!names.length && path !== '/api/payments/callback/{provider}') return [undefined];
  const fields = names.length ? names : ['eventId', 'transactionId', 'state', 'amount'];
  return [Object.fromEntries(fields.map((name) => [name, values[name] ?? 'x']))];
}

/** The URLs of a path: each parameter set to each of B's ids, and once to its own extra value. */
function urlsFor(path: string, params: string[]): { url: string; id: string }[] {
  if (!params.length) return [{ url: path, id: '' }];
  const fill = (value: (name: string) => string) =>
    params.reduce((url, name) => url.replace(`{${name}}`, encodeURIComponent(value(name))), path);
  return [
    ...bIds.map((id) => ({ url: fill(() => id), id })),
    ...(params.some((name) => name in PARAM_EXTRAS)
      ? [{ url: fill((name) => PARAM_EXTRAS[name] ?? bIds[0]!), id: '' }]
      : []),
  ];
}

/**
 * A's cart and address book back to empty, so that no call finds a line of A's own, nor an entry
 * A saved from a body aimed at B.
 */
async function emptyCartOfA() {
  await t.database.db.execute(sql`DELETE FROM cart_lines WHERE user_id = ${a.id}`);
  await t.database.db.execute(sql`DELETE FROM shipping_addresses WHERE user_id = ${a.id}`);
  await t.database.db.execute(sql`DELETE FROM billing_entities WHERE user_id = ${a.id}`);
}

const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

describe("buyer A's token on buyer B's ids (G3)", () => {
  it('classifies every documented operation, so a new route cannot escape the sweep', () => {
    const documented = operations.map(key);
    expect(documented.filter((op) => !(op in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((op) => !documented.includes(op))).toEqual([]);
    // The document says which operations need a token, and the table agrees with it.
    const doc = operations.map((op) => [key(op), op.schemes.length > 0] as const);
    expect(doc.filter(([op, secured]) => SIGNED_IN.has(ACCESS[op]!) !== secured)).toEqual([]);
  });

  it('answers no 2xx on B’s resources, leaks nothing of B’s, and leaves B’s rows unchanged', async () => {
    const before = await checksumOfB();
    const failures: string[] = [];
    const seen = new Set<string>();
    let requests = 0;

    const paths = [...new Set(operations.map((op) => op.path))];
    for (const path of paths) {
      const params = operations.find((op) => op.path === path)!.params;
      for (const { url, id } of urlsFor(path, params)) {
        for (const verb of VERBS) {
          const op = operations.find((o) => o.path === path && o.method === verb);
          const access = op ? ACCESS[key(op)] : undefined;
          for (const body of bodiesFor(op, path, verb, id)) {
            const response = await inject(a, verb, url, body);
            requests++;
            if (op) seen.add(key(op));
            const sent = `${url} ${JSON.stringify(body) ?? ''}`;
            const label = `${verb} ${sent} → ${response.statusCode} ${response.body.slice(0, 160)}`;
            const ok = response.statusCode >= 200 && response.statusCode < 300;
            if (response.statusCode >= 500) failures.push(`5xx: ${label}`);
            // A verb the document does not list for the path acts on nothing.
            if (
              ok &&
              (access === undefined ||
                access === 'buyer-id' ||
                access === 'gateway' ||
                access === 'staff-entry')
            )
              failures.push(`2xx: ${label}`);
            if (access === 'staff' && response.statusCode !== 403)
              failures.push(`not 403: ${label}`);
            const leaked = bPrivate.filter(
              (value) => response.body.includes(value) && !sent.includes(value),
            );
            if (leaked.length) failures.push(`leaks ${leaked.join(', ')}: ${label}`);
            // Adding to "a" cart adds to A's, which held nothing: its own lines, none of B's.
            if (access === 'own' && verb === 'POST' && path.startsWith('/api/cart/items') && ok)
              expect(response.json().lineCount, label).toBe(1);
            if (access === 'own' && path === '/api/cart/quick-order' && ok)
              expect(response.json().lineCount, label).toBe(2);
            await emptyCartOfA();
          }
        }
      }
    }

    expect(failures).toEqual([]);
    expect([...seen].sort()).toEqual(operations.map(key).sort());
    expect(requests).toBeGreaterThanOrEqual(800);
    expect(await checksumOfB()).toBe(before);
    // A ends as it began: no orders, and B's Idempotency-Key not A's.
    const ofA = await t.database.db.execute(
      sql`SELECT (SELECT count(*)::int FROM orders WHERE user_id = ${a.id}) AS orders,
                 (SELECT count(*)::int FROM idempotency_keys WHERE user_id = ${a.id}) AS keys`,
    );
    expect(ofA.rows[0]).toEqual({ orders: 0, keys: 0 });
  }, 300_000);

  it('answers 401 without a token on every operation that needs one (400 to a malformed id)', async () => {
    const refused: string[] = [];
    for (const op of operations.filter((o) => SIGNED_IN.has(ACCESS[key(o)]!))) {
      for (const { url, id } of urlsFor(op.path, op.params)) {
        const [body] = bodiesFor(op, op.path, op.method, id);
        const response = await inject(undefined, op.method, url, body);
        // The payment routes validate the id before authenticating: a malformed one is a 400.
        const malformed = response.statusCode === 400 && response.json().code === 'invalid_data';
        if (response.statusCode !== 401 && !(malformed && !/^[0-9a-f]{24}$/.test(id)))
          refused.push(`${op.method} ${url} → ${response.statusCode} ${response.body}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
