/**
 * The random part of the idempotency keys of one opening of a money modal
 * (machines/money-action adds the action's number). 128 random
 * bits as hex. crypto.getRandomValues rather than crypto.randomUUID: the
 * latter exists only in secure contexts, and a phone trying the app over the
 * LAN by plain http is not one.
 */
export function newKeyPrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
