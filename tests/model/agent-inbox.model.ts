/**
 * The agent inbox, the parent, as test models. Its children have their own
 * models (inbox-list, inbox-conversation, inbox-composer, inbox-outbox,
 * canned-replies, socket-link); here they are fakes, and what they report
 * is offered as events: the conversation opened, was read, a background
 * read failed; the composer types and queues; the outbox stored a reply or
 * ended a conversation. Two flows: the socket (connects, drops, ends
 * refused for good or failed, is tried again) and the conversations (the
 * agent opens one, another, goes back to the list, types, sends, ends it;
 * the socket's news comes and goes meanwhile). What the inbox passes on to
 * its children is tests/unit/agent-inbox.test.ts's (with the real ones).
 */
import { agentInboxMachine } from '../../machines/agent-inbox/agent-inbox.machine.ts';
import type { AgentInboxContext } from '../../machines/agent-inbox/agent-inbox.types.ts';
import type { SocketLinkOutput } from '../../machines/socket-link/socket-link.types.ts';
import { agentsCopy, customerText, GUEST, MEMBER, storedReply } from './agent-inbox.fixtures.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type AgentInbox = typeof agentInboxMachine;
type Snapshot = Parameters<FlowModel<AgentInbox>['events']>[0];

export const ORIGIN = 'https://wallet.example';
export const INPUT = { canEditCanned: null, origin: ORIGIN };

const none = () => [] as never[];
const live = (snapshot: Snapshot) => snapshot.matches({ socket: 'live' });
const open = (snapshot: Snapshot) => snapshot.matches({ conversation: { selected: 'open' } });

/** The socket link's reports, with nothing else going on: it connects and drops; a refused join it passes on changes nothing. */
const socketEvents = {
  'link.up': (snapshot) => (live(snapshot) && snapshot.context.online !== true ? [{ type: 'link.up' }] : []),
  'link.down': (snapshot) => (live(snapshot) && snapshot.context.online !== false ? [{ type: 'link.down' }] : []),
  'socket.refused': (snapshot) => (live(snapshot) && snapshot.context.online === true ? [{ type: 'socket.refused', message: 'UNAUTHORIZED' }] : []),
  'socket.retry': (snapshot) => (snapshot.matches({ socket: 'failed' }) ? [{ type: 'socket.retry' }] : []),
  'socket.presence': (snapshot) => (live(snapshot) && snapshot.context.agentsOnline === null ? [{ type: 'socket.presence', agents: 2 }] : []),
} satisfies Partial<EventFixtures<AgentInbox>>;

/**
 * The conversations: the member's opens (the conversation reports it), the
 * guest's is chosen instead or the agent goes back to the list; typing,
 * sending and ending in the open one; the socket drops and comes back; its
 * news, and the outbox's, of this conversation and of another.
 */
const conversationEvents = {
  // The member's; then the guest's instead, or the one open again (nothing happens).
  'conversation.select': ({ context }) =>
    context.selectedId === null
      ? [{ type: 'conversation.select', id: '1' }]
      : [
          { type: 'conversation.select', id: context.selectedId === '1' ? '2' : '1' },
          ...(context.open === null && !context.typing ? [{ type: 'conversation.select' as const, id: context.selectedId }] : []),
        ],
  'conversation.close': ({ context }) => (context.selectedId === null ? [] : [{ type: 'conversation.close' }]),
  'conversation.opened': (snapshot) =>
    snapshot.matches({ conversation: { selected: 'opening' } })
      ? [{ type: 'conversation.opened', room: (snapshot.context.selectedId === '1' ? MEMBER : GUEST).room, userId: snapshot.context.selectedId === '1' ? MEMBER.userId : null, guestId: snapshot.context.selectedId === '1' ? null : GUEST.guestId }]
      : [],
  'agent.typing': (snapshot) => (open(snapshot) ? [{ type: 'agent.typing', typing: !snapshot.context.typing }] : []),
  'link.up': (snapshot) => (live(snapshot) && snapshot.context.online !== true ? [{ type: 'link.up' }] : []),
  'link.down': (snapshot) => (live(snapshot) && snapshot.context.online === true ? [{ type: 'link.down' }] : []),
  'socket.message': ({ context }) => (context.ended.length > 0 ? [{ type: 'socket.message', message: agentsCopy(customerText(context.ended[0]!, 90)) }] : []),
  'conversation.ended': (snapshot) => (open(snapshot) && !snapshot.context.ended.includes(snapshot.context.selectedId!) ? [{ type: 'conversation.ended', conversationId: snapshot.context.selectedId! }] : []),
  'reply.sent': (snapshot) =>
    snapshot.context.selectedId === null
      ? []
      : [
          { type: 'reply.sent', conversationId: snapshot.context.selectedId, message: storedReply(snapshot.context.selectedId, 'reply-0001') },
          { type: 'reply.sent', conversationId: snapshot.context.selectedId === '1' ? '2' : '1', message: storedReply('2', 'reply-0002') },
        ],
} satisfies Partial<EventFixtures<AgentInbox>>;

/**
 * What the inbox only passes on, or only logs: offered once, with nothing
 * else going on (the unit test sees where each goes).
 */
const passedOn = {
  'outbox.queue': (snapshot) =>
    open(snapshot) ? [{ type: 'outbox.queue', request: { kind: 'end', id: 'end-0001', conversationId: snapshot.context.selectedId! } }] : [],
  'conversation.read': (snapshot) => (open(snapshot) ? [{ type: 'conversation.read', id: snapshot.context.selectedId! }] : []),
  'read.failed': (snapshot) => (open(snapshot) ? [{ type: 'read.failed', message: 'INTERNAL_SERVER_ERROR' }] : []),
  'socket.inbox': (snapshot) => (open(snapshot) ? [{ type: 'socket.inbox', conversation: MEMBER }] : []),
  'socket.typing': (snapshot) => (open(snapshot) ? [{ type: 'socket.typing', room: MEMBER.room, typing: true, sender: 'customer' }] : []),
  'socket.read': (snapshot) => (open(snapshot) ? [{ type: 'socket.read', room: MEMBER.room, sender: 'customer', readAt: '2026-03-02T10:05:00.000Z' }] : []),
  'socket.joined': (snapshot) => (open(snapshot) ? [{ type: 'socket.joined', room: MEMBER.room }] : []),
  'socket.joinRefused': (snapshot) => (open(snapshot) ? [{ type: 'socket.joinRefused', room: MEMBER.room, message: 'UNAUTHORIZED' }] : []),
} satisfies Partial<EventFixtures<AgentInbox>>;

const allNone: EventFixtures<AgentInbox> = {
  'conversation.select': none,
  'conversation.close': none,
  'socket.retry': none,
  'link.up': none,
  'link.down': none,
  'socket.message': none,
  'socket.typing': none,
  'socket.read': none,
  'socket.presence': none,
  'socket.ended': none,
  'socket.inbox': none,
  // A member's news never reaches an agent's socket.
  'socket.wallet': none,
  'socket.joined': none,
  'socket.joinRefused': none,
  'socket.refused': none,
  'conversation.opened': none,
  'conversation.read': none,
  'read.failed': none,
  'agent.typing': none,
  'outbox.queue': none,
  'reply.sent': none,
  'conversation.ended': none,
};

/** The children never end here (their own models end them), but the socket link in its flow. */
const children = { list: [], canned: [], outbox: [], conversation: [], composer: [] };

export const agentInboxModels: FlowModel<AgentInbox>[] = [
  {
    name: 'the socket',
    machine: agentInboxMachine,
    input: INPUT,
    events: offerAll<AgentInbox>({ ...allNone, ...socketEvents }),
    replies: {
      ...children,
      // Refused for good (the session ends), or failed (too many tabs, a broken socket).
      socketLink: [
        { outcome: 'refused', message: 'invalid-token' },
        { outcome: 'refused', message: 'UNAUTHORIZED' },
        { outcome: 'failed', message: 'REQUEST_LIMIT' },
      ] satisfies SocketLinkOutput[],
    },
    abstraction: ({ context }) => ({
      online: context.online === null ? null : context.online ? 'online' : 'offline',
      failure: context.socketFailure,
      agents: context.agentsOnline !== null,
    }),
  },
  {
    name: 'the conversations',
    machine: agentInboxMachine,
    input: INPUT,
    // While a conversation is open and nothing else goes on, what is only passed on comes too.
    events: (snapshot) => {
      const quiet = open(snapshot) && snapshot.context.online === true && !snapshot.context.typing && snapshot.context.ended.length === 0;
      return offerAll<AgentInbox>({ ...allNone, ...conversationEvents, ...(quiet ? passedOn : {}) })(snapshot);
    },
    replies: { ...children, socketLink: [] },
    abstraction: ({ context }: { context: AgentInboxContext }) => ({
      online: context.online === null ? null : context.online ? 'online' : 'offline',
      selected: context.selectedId,
      open: context.open?.room ?? null,
      typing: context.typing,
      ended: context.ended.join(',') || null,
      rooms: context.rooms.length,
    }),
  },
];
