import { ApiError } from '../../../lib/api-client';

/** The server's detail for a toast's description (spec §8 "with server detail"), if any. */
export function errorDetail(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.detail;
  return error instanceof Error && error.message ? error.message : undefined;
}
