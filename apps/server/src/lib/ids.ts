import { randomBytes } from 'node:crypto';

/** A new 24-hex id, the shape of the spec's `$oid`. */
export function newObjectId(): string {
  return randomBytes(12).toString('hex');
}
