/**
 * The chat's connection as test models, for a member and for a guest: the
 * config and the guest id are read, refused or unanswered; the socket
 * connects, fails to (socket.io retrying, or the server refusing the
 * handshake), joins or is refused, drops and comes back, is told the session
 * ended, or breaks; messages, typing, read marks and presence arrive; the
 * 5 s check runs while the socket is not connected; the customer retries and
 * types; the history tells that the server ended the conversation. Socket
 * events are offered only while a socket exists.
 */
import type { ChatMessage } from '../../src/contract/chat.ts';
import { chatConnectionMachine } from '../../machines/chat-connection/chat-connection.machine.ts';
import type { ConfigAnswer, GuestAnswer } from '../../machines/chat-connection/chat-connection.types.ts';
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
  'socket.connected': (snapshot) => (live(snapshot) ? [{ type: 'socket.connected' }] : []),
  'socket.disconnected': (snapshot) => (live(snapshot) ? [{ type: 'socket.disconnected', reason: 'transport close' }] : []),
  'socket.connectError': (snapshot) =>
    live(snapshot)
      ? [
          // socket.io goes on retrying (the server is down) …
          { type: 'socket.connectError', message: 'websocket error', retrying: true },
          // … or the server refused the handshake (a revoked token, a forged guest token).
          { type: 'socket.connectError', message: 'invalid-token', retrying: false },
        ]
      : [],
  'socket.joined': (snapshot) => (live(snapshot) ? [{ type: 'socket.joined' }] : []),
  'socket.joinRefused': (snapshot) => (live(snapshot) ? [{ type: 'socket.joinRefused', message: 'CHAT_GUEST_INVALID' }] : []),
  'socket.refused': (snapshot) => (live(snapshot) ? [{ type: 'socket.refused', message: 'invalid-token' }] : []),
  'socket.message': (snapshot) => (live(snapshot) ? [{ type: 'socket.message', message: AGENT_MESSAGE }] : []),
  'socket.typing': (snapshot) => (live(snapshot) ? [{ type: 'socket.typing', typing: true, sender: 'agent', room: 'wallet-1001' }] : []),
  'socket.read': (snapshot) => (live(snapshot) ? [{ type: 'socket.read', sender: 'agent', readAt: '2026-11-26T03:00:01.000Z', room: 'wallet-1001' }] : []),
  'socket.presence': (snapshot) => (live(snapshot) ? [{ type: 'socket.presence', agents: 2 }] : []),
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
  // A callback actor never ends; it can only break.
  socket: [],
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
