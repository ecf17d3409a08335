/**
 * The server's refusals that end a customer's conversation for good (docs/decisions
 * 0104-live-chat.md): the guest expired or was closed after 30 idle days
 * (401 CHAT_GUEST_INVALID), or its conversation was closed (409 CHAT_CLOSED).
 * Trying again cannot help; only a new guest can chat. Any other refusal (a
 * 429 REQUEST_LIMIT, a network error) is worth a retry as it is.
 */
const CONVERSATION_OVER: readonly string[] = ['CHAT_GUEST_INVALID', 'CHAT_CLOSED'];

export function conversationOver(message: string | null): boolean {
  return message !== null && CONVERSATION_OVER.includes(message);
}
