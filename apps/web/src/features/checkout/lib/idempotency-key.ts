/**
 * A fresh Idempotency-Key for a checkout attempt (docs/api-cart-orders.md): 128 random bits as
 * hex. getRandomValues, unlike randomUUID, also works on a page served over plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
