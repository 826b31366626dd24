/**
 * What to tell a person about a failed call: the server's `detail` when it sent one, else the
 * error's message. An ApiError's message follows the spec's wording for developers and logs
 * ('400 Bad Request {"detail":…}', spec §8), which is not for a toast.
 */
import { ApiError } from './api-client';

export function describeError(error: unknown): string | undefined {
  if (error instanceof ApiError && error.detail) return error.detail;
  return error instanceof Error && error.message ? error.message : undefined;
}
