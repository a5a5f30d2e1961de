/**
 * A new Idempotency-Key (a random UUID): one per form submission, reused only when that same
 * submission is sent again (docs/client.md, "One request per intent").
 */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); a LAN address over http is not.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
