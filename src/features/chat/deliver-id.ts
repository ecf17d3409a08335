/**
 * A new deliver id (spec 3 deliver.id, 8-64 of A-Z a-z 0-9 _ -): the
 * message's own id, the same on every resend, so the server stores it once.
 * 128 random bits as hex from crypto.getRandomValues: crypto.randomUUID
 * exists only in secure contexts, and the widget also runs on a plain-http
 * LAN origin. Only chat code imports this, so it stays in the chat's lazy
 * chunk.
 */
export function newDeliverId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
