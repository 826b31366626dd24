/**
 * Threat: malformed input that a parser reads differently from the next one, or that reaches
 * the database or the handler as something else than was sent (G1, reliability-and-security.md;
 * ASVS 5.0 1.2, 2.2.1, 16.5.3; docs/security.md "Malformed input"). The controls are
 * lib/input-guard.ts (UTF-8, duplicate names, depth, NUL), the route schemas (numbers) and
 * Fastify's bodyLimit (app.ts, 256 KB).
 *
 * Every operation of the OpenAPI document gets, as a signed-in buyer (a signed-in owner on
 * staff routes) whose request would otherwise succeed (a cart to order from, the
 * real password and refresh token): invalid UTF-8 bytes in the JSON body and the query string,
 * a lone surrogate, numbers JSON cannot carry faithfully (1e309, 2^64, -0, 1e-400), 10,000 levels
 * of nesting, a member named twice, wrong content types and bodies just over the limit. Every
 * answer is a 4xx `{detail, code}` (413 for the oversized), never a 5xx, and no table changes.
 * Over a real socket, a huge Content-Length, an endless chunked body and a body cut off midway
 * are answered or dropped without the server reading past the limit or falling over.
 *
 * The Algolia-protocol search routes read their own bodies as Algolia does (any content type,
 * the last of a duplicated member, undecodable bytes as U+FFFD): for them every answer is a non-5xx
 * and every 4xx is Algolia's `{message, status}`; what they refuse comes from the same guard.
 */
import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../modules/users/access-tokens.js';
import {
  createUser,
  GOOD_PASSWORD,
  loginTokens,
  signupPayload,
} from '../modules/users/test-support.js';
import { buildTestApp, type TestApp } from './app.js';
import { createStaff, signIn } from './staff.js';
import { shippingAddress } from './buyers.js';
import { DEMO_STORE } from '../seed/seed.js';
import { FIXTURES, insertProducts } from './catalog-fixtures.js';
import { documentedOperations, type Operation } from './openapi-operations.js';

const BODY_LIMIT = 256 * 1024;
/**
 * What the server may read of an endless 8 MB body: the limit, then what Node's HTTP server
 * drains while it closes the connection after the 413 (up to ~2.3 MB seen on loopback).
 */
const READ_PAST_LIMIT_MAX = 4 * 1024 * 1024;

let t: TestApp;
let operations: Operation[];
let productId: string;
let buyer: { email: string; authorization: string; refresh: string };
let deskBuyerId: string;
let staffCookie: string;
let address = 0;

/** A fresh client address per request, so per-address rate limits never answer instead. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const isSearch = (op: Operation) => op.path.startsWith('/api/search/');
const isCallback = (op: Operation) => op.path.startsWith('/api/payments/callback/');

/** Path values that name real things: the buyer's product, the sandbox. */
function urlOf(op: Operation, query = ''): string {
  const values: Record<string, string> = {
    // The buyers desk's `id` names a real buyer (not the one signed in, whose tokens a disable
    // would end): an owner's disable of them would succeed.
    id: op.path.startsWith('/api/staff/buyers/')
      ? deskBuyerId
      : op.path.startsWith('/api/staff/tax-documents/')
        ? '1'
        : productId,
    productId,
    orderId: productId,
    mkpOrderId: 'MKP-20260101-AAAAAA',
    file: 'missing.png',
    token: 'x'.repeat(43),
    index: 'product_index',
    facet: 'brand',
    provider: 'sandbox',
    refundId: '999999',
    paymentId: '999999',
  };
  return (
    op.params.reduce((url, name) => url.replace(`{${name}}`, values[name] ?? name), op.path) + query
  );
}

/** A body each operation would accept: every request below breaks it in one way only. */
function validBody(op: Operation): Record<string, unknown> {
  const values: Record<string, unknown> = {
    // The store's settings (issue 21); the fields they share with others take the others' values.
    ...DEMO_STORE,
    ...signupPayload(),
    email: buyer.email,
    password: GOOD_PASSWORD,
    current_password: GOOD_PASSWORD,
    new_password: 'Monsoon^Kettle-77',
    // The email change's (decision 067).
    new_email: 'meera.new@example.com',
    quantity: 1,
    source: 'Ex-china',
    variantIndex: null,
    product_ids: [productId],
    ...shippingAddress('Meera Iyer'),
    requests: [{ indexName: 'product_index', query: 'mug' }],
    carrier: 'BlueDart',
    trackingNumber: 'BD1',
    code: '123456',
    fullName: 'Meera Iyer',
    role: 'catalog',
    token: 'x'.repeat(43),
    reason: 'Damaged in transit',
    // A return request's (decision 061).
    lines: [{ position: 0, quantity: 1 }],
    note: 'Settled by bank transfer',
    amountPaise: 10_000,
    // Quotes (decision 060).
    body: 'Can you deliver by the 5th?',
    unitPricesPaise: [7_000],
    expiresAt: '2030-01-01T00:00:00Z',
    // The catalog desk's (decision 050): a product document its schemas accept.
    product: {
      code: 'MALFORMED-1',
      sellerSku: null,
      name: 'Malformed Input Stapler',
      brand: 'Acme',
      category: 'office-supplies',
      subcategory: 'staplers',
      features: [],
      descriptionHtml: '<p>Staples</p>',
      hsn: '8472',
      gstRateBp: null,
      weightGrams: 100,
      location: 'Mumbai',
      mrpPaise: 20_000,
      spPaise: 15_000,
      tiers: [],
      options: [],
      variants: [],
      images: ['products/MALFORMED-1-1'],
      status: 'draft',
      stock: null,
      minOrderQuantity: 1,
      orderMultiple: 1,
    },
    version: '1',
    status: 'archived',
    rows: [{ variant: null, expected: null, onHand: 5 }],
    productIds: [productId],
    ids: [productId],
    name: 'Seasonal Goods',
    title: 'Festive Offers',
    subtitle: 'For the season',
    category: 'office-supplies',
    subcategory: 'staplers',
    // An e-invoice registration (decision 055).
    irn: 'a'.repeat(64),
    ackNumber: '112710073901234',
    ackDate: '2027-04-01 18:20:00',
    signedQr: 'eyJhbGciOiJIUzI1NiJ9.eyJkYXRhIjoie30ifQ.c2lnbmF0dXJl',
    replace: false,
    rateBp: 500,
    description: 'Soap',
    // A saved address (decision 066); its other fields are the store's address's.
    label: 'Bhiwandi depot',
    recipientName: 'Meera Iyer',
    state: 'Maharashtra',
    country: 'in',
  };
  if (op.path === '/api/user/signup') return signupPayload();
  // An order's `source` is the spec's constant 1, a cart line's a shipping source.
  if (op.path === '/api/orders/') Object.assign(values, { currency: 'INR', source: 1 });
  // A quote's version is a number (decision 073's decline, 060's accept); a product's a string.
  if (op.path.startsWith('/api/quotes/')) Object.assign(values, { version: 1 });
  // Quick order rows (decision 065) naming a product the catalog has.
  if (op.path.startsWith('/api/cart/quick-order'))
    Object.assign(values, { rows: [{ sku: FIXTURES.cheap.code, quantity: 1 }] });
  return Object.fromEntries(Object.keys(op.bodyProperties).map((name) => [name, values[name]]));
}

interface Sent {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

/** Who sends the request: a signed-in owner, or the buyer. */
function credentialsFor(op: Operation): Record<string, string> {
  if (op.path.startsWith('/api/staff/')) return { cookie: staffCookie };
  return { authorization: buyer.authorization };
}

function send(op: Operation, { url, payload, contentType }: Sent) {
  return t.app.inject({
    method: op.method as 'GET',
    url,
    remoteAddress: nextAddress(),
    headers: {
      ...credentialsFor(op),
      'refresh-token': buyer.refresh,
      'idempotency-key': `malformed-${address}`,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Every table a request could write, as one digest. */
async function digest(): Promise<string> {
  const tables = [
    'users',
    'refresh_tokens',
    'account_tokens',
    'email_outbox',
    'cart_lines',
    'orders',
    'order_lines',
    'order_status_history',
    'idempotency_keys',
    'payments',
    'payment_events',
    'sandbox_gateway_transactions',
    'products',
    'stock_levels',
    'staff',
    'staff_sessions',
    'staff_invitations',
    'staff_recovery_codes',
    'staff_audit_log',
  ];
  const parts = tables.map(
    (table) =>
      sql`(SELECT coalesce(string_agg(to_jsonb(x)::text, ',' ORDER BY to_jsonb(x)::text), '') FROM ${sql.raw(table)} x)`,
  );
  const result = await t.database.db.execute(
    sql`SELECT md5(concat_ws('|', ${sql.join(parts, sql`, `)})) AS digest`,
  );
  return (result.rows[0] as { digest: string }).digest;
}

beforeAll(async () => {
  t = await buildTestApp({ products: 5 });
  [productId] = (await insertProducts(t, [FIXTURES.cheap])) as [string];
  operations = await documentedOperations(t.app);
  const user = await createUser(t.database.db);
  const session = await loginTokens(t.app, user.email, user.password);
  // A token without a session id: a request that slipped through and logged out would not
  // sign the buyer out of the rest of the run.
  const token = await createTokenService(t.config.jwtSecret).signAccessToken(user.id);
  buyer = { email: user.email, authorization: `Bearer ${token}`, refresh: session.refresh_token };
  deskBuyerId = (await createUser(t.database.db)).id;
  staffCookie = (await signIn(t, await createStaff(t, 'owner'))).cookie;
  const headers = { authorization: buyer.authorization };
  const line = { quantity: 1, source: 'Ex-china' };
  const add = () =>
    t.app.inject({ method: 'POST', url: `/api/cart/items/${productId}`, headers, payload: line });
  expect((await add()).statusCode).toBe(200);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers,
    payload: validBody(
      operations.find((op) => op.path === '/api/orders/' && op.method === 'POST')!,
    ),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  // A cart to order from again, so that a request to place an order would succeed if let through.
  expect((await add()).statusCode).toBe(200);
});
afterAll(() => t.close());

/** One way of breaking a request: what it sends to an operation, and what must come back. */
interface Case {
  name: string;
  /** The requests for one operation (none when the case does not apply to it). */
  requests(op: Operation): Sent[];
  status?: number;
  /** The error code, where the refusal is this suite's own control. */
  code?: string;
}

const json = 'application/json';
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
/** The valid body with its first text field's value broken by `bad` (raw bytes). */
function withBadText(op: Operation, bad: number[] | string): Sent[] {
  const body = validBody(op);
  const field = Object.entries(body).find(([, v]) => typeof v === 'string')?.[0] ?? 'x';
  const text = JSON.stringify({ ...body, [field]: '\u0001' });
  const [before, after] = text.split('\\u0001') as [string, string];
  return [{ url: urlOf(op), payload: bytes(before, 'ok', bad, after), contentType: json }];
}

const INVALID_UTF8: [string, number[]][] = [
  ['a byte that is never UTF-8', [0xff]],
  ['a lead byte without its continuation', [0xc3, 0x28]],
  ['an overlong encoding of /', [0xc0, 0xaf]],
  ['an encoded UTF-16 surrogate', [0xed, 0xa0, 0x80]],
  ['a sequence cut short', [0xe2, 0x82]],
];
const NUMBERS = ['1e309', '-1e309', '18446744073709551616', '-0', '1e-400'];
const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const CASES: Case[] = [
  ...INVALID_UTF8.map(([name, sequence]): Case => ({
    name: `JSON body holding ${name}`,
    requests: (op) => (op.method === 'GET' ? [] : withBadText(op, sequence)),
    code: 'invalid_encoding',
  })),
  ...INVALID_UTF8.map(([name, sequence]): Case => ({
    name: `query string holding ${name}`,
    requests: (op) => [
      {
        url: urlOf(
          op,
          `?${op.query[0]?.name ?? 'query'}=${sequence.map((b) => `%${b.toString(16).toUpperCase()}`).join('')}`,
        ),
      },
    ],
    code: 'invalid_encoding',
  })),
  {
    name: 'JSON body holding a lone surrogate escape',
    requests: (op) => (op.method === 'GET' ? [] : withBadText(op, '\\ud800')),
    code: 'invalid_encoding',
  },
  {
    name: 'numbers JSON cannot carry faithfully, in each field and each query parameter',
    requests: (op) =>
      NUMBERS.flatMap((number) => [
        ...(op.method === 'GET'
          ? []
          : Object.keys(validBody(op)).map((field) => ({
              url: urlOf(op),
              payload: JSON.stringify({ ...validBody(op), [field]: 0 }).replace(
                `"${field}":0`,
                `"${field}":${number}`,
              ),
              contentType: json,
            }))),
        ...op.query
          .filter(({ type }) => type === 'integer' || type === 'number')
          .map(({ name }) => ({ url: urlOf(op, `?${name}=${number}`) })),
        ...(op.params.length
          ? [{ url: op.path.replace(/\{[^}]+\}/g, encodeURIComponent(number)) }]
          : []),
      ]),
  },
  ...(['array', 'object'] as const).map((kind): Case => ({
    name: `JSON body nested 10,000 levels deep (${kind}s)`,
    requests: (op) =>
      op.method === 'GET'
        ? []
        : [{ url: urlOf(op), payload: nested(10_000, kind), contentType: json }],
    code: 'invalid_json',
  })),
  {
    name: 'JSON body nested 33 levels deep inside a valid one',
    requests: (op) =>
      op.method === 'GET' || !Object.keys(validBody(op)).length
        ? []
        : [
            {
              url: urlOf(op),
              payload: JSON.stringify({ ...validBody(op), extra: 0 }).replace(
                '"extra":0',
                `"extra":${nested(32, 'array')}`,
              ),
              contentType: json,
            },
          ],
    code: 'invalid_json',
  },
  {
    name: 'JSON body naming a member twice',
    requests: (op) => {
      if (op.method === 'GET') return [];
      const body = validBody(op);
      const [first] = Object.keys(body);
      const text = JSON.stringify(body);
      return [
        {
          url: urlOf(op),
          // The same value twice: only the duplicate itself is wrong.
          payload: first
            ? `${text.slice(0, -1)},${JSON.stringify(first)}:${JSON.stringify(body[first])}}`
            : '{"a":1,"a":1}',
          contentType: json,
        },
        // The same name spelled with an escape.
        { url: urlOf(op), payload: '{"a":1,"\\u0061":1}', contentType: json },
      ];
    },
    code: 'invalid_json',
  },
  {
    name: 'the wrong content type for a JSON body',
    // A route whose body is text (the quick order's CSV) takes text/plain by design.
    requests: (op) =>
      !op.hasBody || isCallback(op) || op.bodyTypes.includes('text/plain')
        ? []
        : [
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json-patch+json',
          ].map((contentType) => ({
            url: urlOf(op),
            payload: JSON.stringify(validBody(op)),
            contentType,
          })),
  },
  {
    name: 'JSON that is not an object, or empty',
    requests: (op) =>
      !op.hasBody || isCallback(op)
        ? []
        : ['null', '[]', '"text"', '1', '', '{"broken": '].map((payload) => ({
            url: urlOf(op),
            payload,
            contentType: json,
          })),
  },
  {
    name: 'a body one byte over the 256 KB limit',
    requests: (op) =>
      op.method === 'GET'
        ? []
        : [
            {
              url: urlOf(op),
              payload: `{"pad":"${'x'.repeat(BODY_LIMIT - 9)}"}`,
              contentType: json,
            },
          ],
    status: 413,
  },
];

function problem(op: Operation, sent: Sent, c: Case, response: Awaited<ReturnType<typeof send>>) {
  const status = response.statusCode;
  const label = `${op.method} ${sent.url.slice(0, 80)} ${String(sent.payload ?? '').slice(0, 80)} → ${status} ${response.body.slice(0, 160)}`;
  if (status >= 500) return `5xx: ${label}`;
  if (!String(response.headers['content-type']).startsWith('application/json'))
    return `not JSON: ${label}`;
  const body = response.json() as Record<string, unknown>;
  if (isSearch(op)) {
    if (status >= 400 && !(typeof body.message === 'string' && body.status === status))
      return `shape: ${label}`;
    return undefined;
  }
  if (status < 400 || status >= 500) return `not refused: ${label}`;
  if (typeof body.detail !== 'string' || typeof body.code !== 'string') return `shape: ${label}`;
  if (c.status && status !== c.status) return `status: ${label}`;
  if (c.code && !isCallback(op) && body.code !== c.code) return `code: ${label}`;
  return undefined;
}

describe('malformed input on every documented operation (G1)', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: a 4xx {detail, code}, and nothing changes',
    async (_name, c) => {
      const before = await digest();
      const failures: string[] = [];
      let requests = 0;
      for (const op of operations) {
        for (const sent of c.requests(op)) {
          const response = await send(op, sent);
          requests++;
          const found = problem(op, sent, c, response);
          if (found) failures.push(found);
        }
      }
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(0);
      expect(await digest()).toBe(before);
    },
  );

  it('lets a body of exactly 256 KB through to validation', async () => {
    const login = operations.find((op) => op.path === '/api/user/login')!;
    const base = `{"email":"${buyer.email}","password":"wrong","pad":""}`;
    const padded = base.replace('"pad":""', `"pad":"${'x'.repeat(BODY_LIMIT - base.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(BODY_LIMIT);
    const response = await send(login, { url: urlOf(login), payload: padded, contentType: json });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_data' });
  });

  it('each case would have changed something: the valid bodies succeed', async () => {
    // The buyer's order from the cart, the owner's invitation, the owner's disable of a buyer:
    // all refused above, all accepted here.
    for (const [path, status] of [
      ['/api/orders/', 201],
      ['/api/staff/invitations', 201],
      ['/api/staff/buyers/{id}/disable', 200],
    ] as const) {
      const op = operations.find((o) => o.path === path && o.method === 'POST')!;
      const response = await send(op, {
        url: urlOf(op),
        payload: JSON.stringify(validBody(op)),
        contentType: json,
      });
      expect(response.statusCode, `${path} ${response.body}`).toBe(status);
    }
  });
});

/** Raw HTTP/1.1 over a socket: what inject() cannot send (a lying length, a chunked stream). */
async function raw(
  port: number,
  head: string,
  write: (socket: Socket) => void,
): Promise<{ response: string; clientPort: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let clientPort = 0;
    socket.on('connect', () => {
      clientPort = socket.localPort ?? 0;
      socket.write(head);
      write(socket);
    });
    socket.on('data', (chunk) => {
      response += chunk.toString('latin1');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server closing on a body it refused is the expected end of a stream.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      reject(error);
    });
    socket.on('close', () => resolve({ response, clientPort }));
    socket.setTimeout(15_000, () =>
      socket.destroy(new Error(`no answer to ${head.split('\r\n')[0]}`)),
    );
  });
}

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
const bodyOf = (response: string) => response.slice(response.indexOf('\r\n\r\n') + 4);

describe('bodies that lie about their size, over a real socket', () => {
  let port: number;
  /**
   * The bytes the server read from each connection, by the client's port, once it closed. What
   * the client managed to write says little: the kernel's socket buffers take megabytes of it
   * (tcp_rmem's ceiling is 32 MB on some machines) without the server reading any.
   */
  const serverRead = new Map<number, number>();
  beforeAll(async () => {
    t.app.server.on('connection', (socket: Socket) => {
      const client = socket.remotePort ?? 0;
      socket.on('close', () => serverRead.set(client, socket.bytesRead));
    });
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = Number(new URL(url).port);
  });
  const readByServer = async (clientPort: number) => {
    await expect.poll(() => serverRead.has(clientPort)).toBe(true);
    return serverRead.get(clientPort)!;
  };

  const headFor = (op: Operation, headers: string) =>
    `${op.method} ${urlOf(op)} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(credentialsFor(op))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}Content-Type: application/json\r\nConnection: close\r\n${headers}\r\n`;

  it('answers a huge Content-Length 413 before reading the body, on every operation', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.method !== 'GET')) {
      const { response } = await raw(port, headFor(op, 'Content-Length: 10000000000\r\n'), (s) =>
        s.write('{"a":1}'),
      );
      if (statusOf(response) !== 413)
        failures.push(`${op.method} ${op.path}: ${response.slice(0, 200)}`);
      else if (!isSearch(op) && !/"code":"[a-z_]+"/.test(bodyOf(response)))
        failures.push(`shape: ${op.method} ${op.path}: ${bodyOf(response)}`);
    }
    expect(failures).toEqual([]);
  });

  it('stops an endless chunked body at the limit with a 413, on every operation', async () => {
    const failures: string[] = [];
    const chunk = `4000\r\n${' '.repeat(0x4000)}\r\n`;
    for (const op of operations.filter((o) => o.method !== 'GET')) {
      const { response, clientPort } = await raw(
        port,
        headFor(op, 'Transfer-Encoding: chunked\r\n'),
        (socket) => {
          // 16 KB chunks for as long as the server reads them, up to 8 MB.
          let sent = 0;
          const more = () => {
            while (sent < 512 && !socket.destroyed) {
              sent++;
              if (!socket.write(chunk)) return void socket.once('drain', more);
            }
          };
          socket.write('8\r\n{"pad":"\r\n');
          more();
        },
      );
      if (statusOf(response) !== 413)
        failures.push(`${op.method} ${op.path}: ${response.slice(0, 200)}`);
      // The server stopped reading near the limit, not at the end of 8 MB.
      const read = await readByServer(clientPort);
      if (read > READ_PAST_LIMIT_MAX) failures.push(`read on: ${op.method} ${op.path} ${read}`);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    [
      'a chunk whose size is not hexadecimal',
      'Transfer-Encoding: chunked\r\n',
      'zz\r\n{}\r\n0\r\n\r\n',
      400,
      'bad_request',
    ],
    [
      'both Content-Length and chunked',
      'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n',
      '2\r\n{}\r\n0\r\n\r\n',
      400,
      'bad_request',
    ],
    [
      'headers over 16 KB',
      `X-Pad: ${'x'.repeat(17_000)}\r\nContent-Length: 2\r\n`,
      '{}',
      431,
      'headers_too_large',
    ],
  ] as const)(
    'answers %s, which the HTTP parser refuses, in the one error shape with the security headers',
    async (_name, headers, body, status, code) => {
      const op = operations.find((o) => o.path === '/api/user/login')!;
      const { response } = await raw(port, headFor(op, headers), (socket) => socket.write(body));
      expect(statusOf(response)).toBe(status);
      expect(JSON.parse(bodyOf(response))).toEqual({ detail: expect.any(String), code });
      expect(response).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
      expect(response).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/i);
    },
  );

  it('survives bodies cut off midway, and changes nothing', async () => {
    const before = await digest();
    for (const op of operations.filter((o) => o.method !== 'GET')) {
      const body = JSON.stringify(validBody(op));
      // Content-Length promises the whole body; the client sends half and hangs up.
      await raw(port, headFor(op, `Content-Length: ${Buffer.byteLength(body)}\r\n`), (socket) => {
        socket.write(body.slice(0, Math.floor(body.length / 2)));
        setTimeout(() => socket.destroy(), 20);
      });
      // A chunked body whose stream ends without its last chunk.
      await raw(port, headFor(op, 'Transfer-Encoding: chunked\r\n'), (socket) => {
        socket.write(`${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n`);
        setTimeout(() => socket.destroy(), 20);
      });
    }
    const health = await raw(
      port,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      () => {},
    );
    expect(statusOf(health.response)).toBe(200);
    expect(await digest()).toBe(before);
  });
});
