import { randomBytes } from 'node:crypto';

const ID_BYTES = 12;
/**
 * Random bytes drawn for 256 ids at a time, as Node's randomUUID keeps its own: one call into
 * OpenSSL per id cost ~0.4 CPU-seconds of a 10,000-product import's apply (decision 084).
 */
const POOL_BYTES = ID_BYTES * 256;
let pool = Buffer.alloc(0);
let used = 0;

/** A new 24-hex id, the shape of the spec's `$oid`. */
export function newObjectId(): string {
  if (used === pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += ID_BYTES;
  return pool.toString('hex', used - ID_BYTES, used);
}
