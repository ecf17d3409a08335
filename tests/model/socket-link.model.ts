/**
 * The chat's socket link as test models: the agent inbox's (a refusal a
 * retry may cure is tried again 5 s later) and the widget's (every refused
 * handshake ends it), each with its socket connecting, failing a handshake
 * (socket.io retrying; refused for good; too many sockets; a server error),
 * dropping (socket.io retrying, or given up), refused while connected (a
 * revoked session; a join), breaking, and passing on what the rooms say;
 * the parent joins rooms and types through it.
 */
import type { ChatMessage, InboxConversation } from '../../src/contract/chat.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';
import { socketLinkMachine } from '../../machines/socket-link/socket-link.machine.ts';
import type { SocketLinkInput } from '../../machines/socket-link/socket-link.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type SocketLink = typeof socketLinkMachine;

export const ROOM = 'chat-10';

const MESSAGE: ChatMessage = {
  _id: '77',
  sender: 'customer',
  message: { message_type: 'text', payload: { text: 'Hello' }, deliver: { id: 'deliver-0077', status: 'succeed' } },
  userId: '10',
  guestId: null,
  username: null,
  name: null,
  deviceToken: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  session_id: 's1',
};

const ROW: InboxConversation = {
  id: '1',
  room: ROOM,
  kind: 'member',
  userId: '10',
  guestId: null,
  name: 'Somchai',
  phone: '0812345678',
  lastMessageAt: MESSAGE.createdAt,
  lastMessage: 'Hello',
  lastMedia: null,
  unread: 1,
  closed: false,
};

/** A member's news: a deposit credited (docs/decisions/0141-wallet-news.md). */
export const WALLET_NEWS: WalletChanged = {
  currency: 'BAHT',
  wallet: { amount: 600 },
  slots: [],
  changes: [{ kind: 'deposit', amount: 500, direction: 'in' }],
  at: '2026-03-02T10:02:00.000Z',
};

type Snapshot = Parameters<FlowModel<SocketLink>['events']>[0];
const up = (snapshot: Snapshot) => snapshot.matches({ live: 'up' });
const down = (snapshot: Snapshot) => snapshot.matches({ live: 'down' });
const live = (snapshot: Snapshot) => snapshot.matches('live');

/** The refusals a handshake may meet: a token no good here, too many sockets, a server error a retry may cure. */
export const HANDSHAKE_REFUSALS = ['invalid-token', 'UNAUTHORIZED', 'REQUEST_LIMIT', 'SERVER_ERROR'];

const events = {
  'socket.connected': (snapshot) => (down(snapshot) ? [{ type: 'socket.connected' }] : []),
  'socket.disconnected': (snapshot) =>
    up(snapshot)
      ? [
          { type: 'socket.disconnected', retrying: true },
          { type: 'socket.disconnected', retrying: false },
        ]
      : [],
  'socket.connectError': (snapshot) =>
    down(snapshot)
      ? [
          { type: 'socket.connectError', message: 'websocket error', retrying: true },
          ...HANDSHAKE_REFUSALS.map((message) => ({ type: 'socket.connectError' as const, message, retrying: false })),
        ]
      : [],
  'socket.refused': (snapshot) =>
    up(snapshot)
      ? [
          { type: 'socket.refused', message: 'invalid-token' },
          { type: 'socket.refused', message: 'UNAUTHORIZED' },
        ]
      : [],
  'socket.message': (snapshot) => (up(snapshot) ? [{ type: 'socket.message', message: MESSAGE }] : []),
  'socket.typing': (snapshot) => (up(snapshot) ? [{ type: 'socket.typing', room: ROOM, typing: true, sender: 'customer' }] : []),
  'socket.read': (snapshot) => (up(snapshot) ? [{ type: 'socket.read', room: ROOM, sender: 'customer', readAt: '2026-03-02T10:01:00.000Z' }] : []),
  'socket.presence': (snapshot) => (up(snapshot) ? [{ type: 'socket.presence', agents: 2 }] : []),
  'socket.ended': (snapshot) => (up(snapshot) ? [{ type: 'socket.ended', room: ROOM, sessionId: 'session-2' }] : []),
  'socket.inbox': (snapshot) => (up(snapshot) ? [{ type: 'socket.inbox', conversation: ROW, postback: { title: 'Deposit', payload: 'DEPOSIT' } }] : []),
  'socket.wallet': (snapshot) => (up(snapshot) ? [{ type: 'socket.wallet', news: WALLET_NEWS }] : []),
  'socket.joined': (snapshot) => (up(snapshot) ? [{ type: 'socket.joined', room: ROOM }] : []),
  'socket.joinRefused': (snapshot) => (up(snapshot) ? [{ type: 'socket.joinRefused', room: ROOM, message: 'UNAUTHORIZED' }] : []),
  'link.join': (snapshot) => (live(snapshot) ? [{ type: 'link.join', room: ROOM }] : []),
  'link.typing': (snapshot) => (live(snapshot) ? [{ type: 'link.typing', room: ROOM, typing: true }] : []),
} satisfies EventFixtures<SocketLink>;

function flow(name: string, input: SocketLinkInput): FlowModel<SocketLink> {
  return {
    name,
    machine: socketLinkMachine,
    input,
    events: offerAll(events),
    // A callback actor never ends; it can only break.
    replies: { socket: [] },
    abstraction: () => ({}),
  };
}

export const socketLinkModels: FlowModel<SocketLink>[] = [
  flow("the inbox's link", { guestToken: null, everyRefusalEnds: false }),
  flow("a guest's link", { guestToken: 'g0123.1790000000.sig', everyRefusalEnds: true }),
];
