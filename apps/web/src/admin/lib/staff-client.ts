/**
 * The console's one fetch: same-origin JSON calls under /api/staff, carried by the HttpOnly
 * session cookie (decision 043), never a bearer token. Each answer is parsed with its shared
 * contract's schema, so a drifted answer fails here, loudly, rather than deep in a page. A
 * non-OK answer becomes the web app's ApiError with the server's `{detail, code}`; a 401 of a
 * signed-in call (the session ended: idle, expired, signed out elsewhere, member disabled)
 * also tells the console frame, which returns to the sign-in page.
 */
import type { z } from 'zod';
import { apiUrl, type QueryValues } from '@storefront/shared/catalog-calls';
import { ErrorBody } from '@storefront/shared/errors';
import { ApiError } from '../../lib/api/api-client';

export interface StaffRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData (a file upload) is sent as multipart/form-data. */
  body?: unknown;
  query?: QueryValues;
  /** Extra request headers, such as a refund's Idempotency-Key. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The code of the guard's 401 (no session, or one that ended). */
const SESSION_ENDED = 'staff_unauthorized';

const sessionEndedListeners = new Set<() => void>();

/** Calls `listener` whenever a call is refused for want of a session; answers the unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === SESSION_ENDED;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A refused call as the web app's ApiError, with the server's `{detail, code, fields}`; a 401 of
 * an ended session also tells the console frame.
 */
export function failureOf(response: Response, text: string, parsed = parseJson(text)): ApiError {
  const error = ErrorBody.safeParse(parsed);
  const statusLine = `${response.status} ${response.statusText}`.trim();
  const failure = new ApiError(
    error.success ? error.data.detail : `Request failed: ${statusLine}`,
    {
      status: response.status,
      statusText: response.statusText,
      ...(error.success ? error.data : {}),
      bodyText: text,
      body: parsed,
    },
  );
  if (isSessionEnded(failure)) sessionEndedListeners.forEach((listener) => listener());
  return failure;
}

/** A call answered with `schema`'s shape; `null` for an answer without a body (204). */
export async function staffRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options?: StaffRequestOptions,
): Promise<z.output<Schema>>;
export async function staffRequest(
  path: string,
  schema: null,
  options?: StaffRequestOptions,
): Promise<null>;
export async function staffRequest(
  path: string,
  schema: z.ZodType | null,
  { method = 'GET', body, query, headers, signal }: StaffRequestOptions = {},
): Promise<unknown> {
  const form = body instanceof FormData;
  const response = await fetch(apiUrl(path, query), {
    method,
    signal,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      // A form's content type (with its boundary) is the browser's to write.
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = parseJson(text);
  if (!response.ok) throw failureOf(response, text, parsed);
  return schema === null ? null : schema.parse(parsed);
}
