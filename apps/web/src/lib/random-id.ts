/**
 * 128 random bits in hex (32 characters): a scan's Idempotency-Key, a device scan's id.
 * `crypto.getRandomValues`, unlike `crypto.randomUUID`, works on a page served over plain http
 * (a phone on the home network).
 */
export function newRandomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
