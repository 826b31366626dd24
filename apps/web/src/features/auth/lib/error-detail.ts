import { ApiError } from '../../../lib/api/api-client';

/**
 * The server's detail for a toast's description (spec §8 "with server detail"), if it sent
 * one; callers fall back to the spec's own text ('Login failed', the registration default).
 */
export function errorDetail(error: unknown): string | undefined {
  return error instanceof ApiError && error.detail ? error.detail : undefined;
}

/** Spec §8: "Registration failed" with the detail, or this default. */
export const REGISTRATION_FAILED_DEFAULT =
  'An error occurred during registration. Please try again.';
