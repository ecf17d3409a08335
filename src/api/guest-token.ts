/**
 * A chat guest's credentials (spec 3 `guest-id`; docs/decisions 0104-0106):
 * the guest id the server issued and its signed guest token, side by side
 * in localStorage so that a visitor who reopens the chat (or reloads) keeps
 * their conversation. The API client sends the token on the chat calls of a
 * visitor with no member token (GUEST_TOKEN_HEADER); the chat widget stores
 * what POST /api/chat/guest answered. Only chat code and the client's chat
 * calls load this file (the client imports it on demand), so the contract's
 * chat schemas stay out of the /login bundle.
 */
import { GUEST_ID_KEY, GUEST_TOKEN_HEADER, GUEST_TOKEN_KEY } from '../contract/chat.ts';

interface GuestCredentials {
  guestId: string;
  guestToken: string;
}

/** The stored guest, or null (never opened the chat, storage blocked, or half of it missing). */
export function readGuestCredentials(): GuestCredentials | null {
  try {
    const guestId = localStorage.getItem(GUEST_ID_KEY);
    const guestToken = localStorage.getItem(GUEST_TOKEN_KEY);
    return guestId && guestToken ? { guestId, guestToken } : null;
  } catch {
    return null;
  }
}

/** Keep what the server issued (or renewed); with storage blocked the chat lasts as long as the page. */
export function storeGuestCredentials({ guestId, guestToken }: GuestCredentials): void {
  try {
    localStorage.setItem(GUEST_ID_KEY, guestId);
    localStorage.setItem(GUEST_TOKEN_KEY, guestToken);
  } catch {
    // storage blocked: the widget keeps them in memory
  }
}

/** Forget a guest the server no longer accepts (expired, or the conversation closed after 30 idle days). */
export function clearGuestCredentials(): void {
  try {
    localStorage.removeItem(GUEST_ID_KEY);
    localStorage.removeItem(GUEST_TOKEN_KEY);
  } catch {
    // nothing stored
  }
}

/**
 * The guest header for a chat call, when there is no member token: a bearer
 * token wins on the server anyway, and a member is never a guest.
 */
export function guestHeaders(memberToken: string | null, guestToken = readGuestCredentials()?.guestToken): Record<string, string> {
  return !memberToken && guestToken ? { [GUEST_TOKEN_HEADER]: guestToken } : {};
}
