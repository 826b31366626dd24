import { ERROR_STATUS, type ErrorKind } from '@storefront/shared/errors';

/** The one error type of the server: a kind (→ HTTP status) and a stable code. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    /** Field messages, as a validation error carries them (the form shows each by its field). */
    readonly fields?: Record<string, string>,
    /** Rules a document breaks, each by its path (a product the catalog refuses, decision 050). */
    readonly issues?: readonly { path: string; code: string; message: string }[],
  ) {
    super(detail);
    this.status = ERROR_STATUS[kind];
  }

  /** Fastify's convention, so that any error handler (e.g. search's Algolia format) keeps the status. */
  get statusCode(): number {
    return this.status;
  }
}

export const notFound = (code: string, detail: string) => new AppError('not_found', code, detail);
export const invalid = (code: string, detail: string) => new AppError('invalid_data', code, detail);
export const conflict = (code: string, detail: string) => new AppError('conflict', code, detail);
