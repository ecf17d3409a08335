/**
 * A new deliver id (spec 3 deliver.id, 8-64 of A-Z a-z 0-9 _ -): the
 * message's own id, the same on every resend, so the server stores it once.
 * 128 random bits as hex from crypto.getRandomValues: crypto.randomUUID
 * exists only in secure contexts, and the widget also runs on a plain-http
 * LAN origin. The widget and the agent inbox both name what they send
 * with it; only their lazy chunks import it.
 * In chat-shared: it has no texts, so it is in neither the widget's nor the
 * inbox's catalogue (lingui.config.ts) and both may import it.
 */
export function newDeliverId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
