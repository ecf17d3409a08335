/**
 * The chat's connection as test models, for a member and for a guest: the
 * config and the guest id are read, refused or unanswered; the socket link
 * (machines/socket-link, its own model) connects, drops and comes back,
 * ends refused or failed, or breaks; the room is joined or refused (an
 * unanswered join is asked again after 5 s); messages, typing, read marks
 * and presence arrive; the customer retries and types; the history tells
 * that the server ended the conversation. The link's events are offered
 * only while it lives.
 */
import type { ChatMessage } from '../../src/contract/chat.ts';
import { chatConnectionMachine } from '../../machines/chat-connection/chat-connection.machine.ts';
import type { ConfigAnswer, GuestAnswer } from '../../machines/chat-connection/chat-connection.types.ts';
import type { SocketLinkOutput } from '../../machines/socket-link/socket-link.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type ChatConnection = typeof chatConnectionMachine;

export const PREFIX = 'wallet';
export const MEMBER_ID = '1001';
export const GUEST = { guestId: 'g-7d1c2b', guestToken: 'g-7d1c2b.1767000000.sig' };

export const AGENT_MESSAGE: ChatMessage = {
  _id: '77',
  sender: 'agent',
  message: { message_type: 'text', payload: { text: 'How can I help?' }, deliver: { id: 'agent-0001', status: 'succeed' } },
  userId: MEMBER_ID,
  guestId: null,
  username: null,
  name: 'Support',
  deviceToken: null,
  createdAt: '2026-11-26T03:00:00.000Z',
  session_id: '5',
};

const live = (snapshot: { matches: (state: 'live') => boolean }) => snapshot.matches('live');

const events = {
  'chat.retry': () => [{ type: 'chat.retry' }],
  'chat.typing': () => [{ type: 'chat.typing', typing: true }],
  // A send refused with 409 (the history's conversation.ended): only while in the room's lifetime.
  'chat.ended': (snapshot) => (live(snapshot) ? [{ type: 'chat.ended', message: 'CHAT_CLOSED' }] : []),
  // The link (machines/socket-link, its own model) says the socket connected or is down.
  'link.up': (snapshot) => (live(snapshot) ? [{ type: 'link.up' }] : []),
  'link.down': (snapshot) => (live(snapshot) ? [{ type: 'link.down' }] : []),
  'socket.joined': (snapshot) => (live(snapshot) ? [{ type: 'socket.joined', room: `${PREFIX}-${MEMBER_ID}` }] : []),
  'socket.joinRefused': (snapshot) => (live(snapshot) ? [{ type: 'socket.joinRefused', room: `${PREFIX}-${MEMBER_ID}`, message: 'CHAT_GUEST_INVALID' }] : []),
  // A refusal the link passes on: a join refused, a guest the server closed.
  'socket.refused': (snapshot) => (live(snapshot) ? [{ type: 'socket.refused', message: 'UNAUTHORIZED' }] : []),
  'socket.message': (snapshot) => (live(snapshot) ? [{ type: 'socket.message', message: AGENT_MESSAGE }] : []),
  'socket.typing': (snapshot) => (live(snapshot) ? [{ type: 'socket.typing', typing: true, sender: 'agent', room: 'wallet-1001' }] : []),
  'socket.read': (snapshot) => (live(snapshot) ? [{ type: 'socket.read', sender: 'agent', readAt: '2026-11-26T03:00:01.000Z', room: 'wallet-1001' }] : []),
  'socket.presence': (snapshot) => (live(snapshot) ? [{ type: 'socket.presence', agents: 2 }] : []),
  'socket.ended': (snapshot) => (live(snapshot) ? [{ type: 'socket.ended', room: 'wallet-1001', sessionId: 'session-2' }] : []),
  // Agents only: a customer's link never hears it, and it changes nothing here.
  'socket.inbox': () => [],
  // A member's own news: the chat's connection does not listen for it (machines/member-news does).
  'socket.wallet': () => [],
} satisfies EventFixtures<ChatConnection>;

const replies = {
  loadConfig: [
    { ok: true, data: { PREFIX } },
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
  ] satisfies ConfigAnswer[],
  ensureGuest: [
    { ok: true, data: GUEST },
    { ok: false, message: 'REQUEST_LIMIT' },
  ] satisfies GuestAnswer[],
  // The link ends refused for good (a revoked session's token) or failed (too many sockets; a refused handshake).
  socketLink: [
    { outcome: 'refused', message: 'invalid-token' },
    { outcome: 'failed', message: 'REQUEST_LIMIT' },
    { outcome: 'failed', message: 'CHAT_GUEST_INVALID' },
  ] satisfies SocketLinkOutput[],
};

export const chatConnectionModels: FlowModel<ChatConnection>[] = [
  { name: 'member', userId: MEMBER_ID },
  { name: 'guest', userId: null },
].map(({ name, userId }) => ({
  name: `chat connection (${name})`,
  machine: chatConnectionMachine,
  input: { userId },
  events: offerAll(events),
  replies,
  abstraction: ({ context }) => ({ failure: context.failure, joined: context.joined }),
}));
