/**
 * The rooms of the chat's sockets and who may join which (docs/decisions/
 * 0105-chat-realtime.md: joining is authorised). Conversation rooms are `{PREFIX}-{userId or guestId}`
 * (contract chatRoom); a member joins only their own, a guest only the one
 * of the id the server signed for it, an agent any conversation. The
 * server's own rooms (the agents, each login session) have a colon, which
 * no conversation room has, so no join can name them.
 */
import { chatRoom } from '../../contract/chat.ts';
import type { SocketIdentity } from './socket-identity.ts';

/** Every agent's socket: toAgents, presence. */
export const AGENTS_ROOM = 'internal:agents';

/** Each socket of a login session, to end them all at once wherever they are connected. */
export function sessionRoom(kind: 'member' | 'operator', sessionId: number): string {
  return `session:${kind}:${sessionId}`;
}

/** Each socket of a member, over all their sessions: what their own money did. */
export function memberRoom(userId: number): string {
  return `member:${userId}`;
}

/** A member's id (users.id) or a guest's (`g` and 32 hex digits, chat/guest-token.ts). */
const CONVERSATION_ID = /^(\d{1,18}|g[0-9a-f]{32})$/;

export function isConversationRoom(prefix: string, room: string): boolean {
  return room.startsWith(`${prefix}-`) && CONVERSATION_ID.test(room.slice(prefix.length + 1));
}

/** The one room a customer may join; null for an agent (any conversation). */
export function ownRoom(prefix: string, who: SocketIdentity): string | null {
  if (who.kind === 'member') return chatRoom(prefix, String(who.userId));
  if (who.kind === 'guest') return chatRoom(prefix, who.guestId);
  return null;
}

export function mayJoin(prefix: string, who: SocketIdentity, room: unknown): room is string {
  if (typeof room !== 'string') return false;
  return who.kind === 'agent' ? isConversationRoom(prefix, room) : room === ownRoom(prefix, who);
}
