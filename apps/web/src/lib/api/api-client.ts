/**
 * The one fetch wrapper of the web app: same-origin JSON calls under /api. A non-OK answer
 * becomes an ApiError carrying the server's `{detail, code}` body (ARCHITECTURE.md "One error
 * model") and the body as it came; the message follows the spec's wording ('Failed to fetch
 * product: 404 Not Found', spec §8) when the caller names what it was fetching. The
 * authenticated client (auth-client.ts) gives the spec's 'status statusText body' message to a
 * request it could not recover. Show people `describeError` (error-message.ts): the server's
 * detail where there is one.
 */
import { apiUrl, type QueryValues } from '@storefront/shared/catalog-calls';
import type { ErrorBody } from '@storefront/shared/errors';

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The server's stable error code, or 'http_error' when the body was not the error shape. */
  readonly code: string;
  /** The server's human-readable detail, when it sent one. */
  readonly detail: string | undefined;
  readonly fields: Record<string, string> | undefined;
  /** The response body as text ('' when there was none). */
  readonly bodyText: string;
  /** The response body parsed as JSON, or undefined when it was not JSON. */
  readonly body: unknown;

  constructor(
    message: string,
    init: {
      status: number;
      statusText: string;
      code?: string;
      detail?: string;
      fields?: Record<string, string>;
      bodyText?: string;
      body?: unknown;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code ?? 'http_error';
    this.detail = init.detail;
    this.fields = init.fields;
    this.bodyText = init.bodyText ?? '';
    this.body = init.body;
  }

  /** The same error with another message (the fields a caller reads stay as they are). */
  withMessage(message: string): ApiError {
    return new ApiError(message, this);
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).detail === 'string' &&
    typeof (value as ErrorBody).code === 'string'
  );
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /**
   * Sent as JSON when present (spec §7 "any method with JSON body when data is supplied"); a
   * FormData (a photo upload) is sent as multipart/form-data.
   */
  body?: unknown;
  query?: QueryValues;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Names the failing fetch: the error message becomes '{errorPrefix}: {status} {statusText}'. */
  errorPrefix?: string;
  /** 'blob': the answer is a file (a tax document's PDF), read as a Blob, not JSON. */
  as?: 'json' | 'blob';
  /** A text body sent as it is (a CSV file), with its media type; instead of `body`. */
  text?: { content: string | Blob; type: string };
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, headers, errorPrefix, as = 'json', text } = options;
  const url = apiUrl(path, query);
  const form = body instanceof FormData;
  const response = await fetch(url, {
    method,
    signal,
    headers: {
      accept: as === 'blob' ? '*/*' : 'application/json',
      // A form's content type (with its boundary) is the browser's to write.
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      ...(text ? { 'content-type': text.type } : {}),
      ...headers,
    },
    body: text ? text.content : body === undefined ? undefined : form ? body : JSON.stringify(body),
  });

  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(bodyText);
    } catch {
      parsed = undefined;
    }
    const errorBody = isErrorBody(parsed) ? parsed : undefined;
    const statusLine = `${response.status} ${response.statusText}`.trim();
    const message = errorPrefix
      ? `${errorPrefix}: ${statusLine}`
      : (errorBody?.detail ?? `Request failed: ${statusLine}`);
    throw new ApiError(message, {
      status: response.status,
      statusText: response.statusText,
      code: errorBody?.code,
      detail: errorBody?.detail,
      fields: errorBody?.fields,
      bodyText,
      body: parsed,
    });
  }
  return (as === 'blob' ? await response.blob() : await response.json()) as T;
}
