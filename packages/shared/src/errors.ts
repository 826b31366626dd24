import { z } from 'zod';

/** Every API error answers this body with a 4xx (or, for a server fault, a bare 500). */
export const ErrorBody = z.object({
  detail: z.string(),
  code: z.string(),
  /** Field messages for invalid input, keyed by the field's path. */
  fields: z.record(z.string(), z.string()).optional(),
  /** The rules a document breaks, each by its path (a product the catalog refuses). */
  issues: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export type ErrorKind =
  | 'invalid_data'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  /** A body or a file over its size limit. */
  | 'too_large'
  | 'rate_limited'
  /** An upstream service (a payment gateway) failed; not the caller's fault. */
  | 'bad_gateway'
  /** This server cannot take work now (it is shutting down); another replica can. */
  | 'unavailable';

export const ERROR_STATUS: Readonly<Record<ErrorKind, number>> = {
  invalid_data: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_large: 413,
  rate_limited: 429,
  bad_gateway: 502,
  unavailable: 503,
};
