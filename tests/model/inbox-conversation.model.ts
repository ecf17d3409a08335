/**
 * One conversation open in the inbox as test models: the member's (more
 * than a page; its opening may fail) and the guest's (a short one), each
 * opened, paged back, caught up after a drop (one page or several), marked read (again when the
 * customer writes meanwhile), with the customer typing and reading, the
 * socket's news of other conversations, the row changing, and a reply the
 * agent sent stored; and where the agent reads (scrolling away from the
 * bottom and back).
 */
import { CHAT_PAGE_SIZE, type ChatMessage } from '../../src/contract/chat.ts';
import { inboxConversationMachine } from '../../machines/inbox-conversation/inbox-conversation.machine.ts';
import type { HistoryAnswer, InboxConversationContext, OpenAnswer, ReadAnswer } from '../../machines/inbox-conversation/inbox-conversation.types.ts';
import { agentsCopy, customerText, GUEST, MEMBER, page, PANELS, storedReply, T0 } from './agent-inbox.fixtures.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type InboxConversation = typeof inboxConversationMachine;
type Snapshot = Parameters<FlowModel<InboxConversation>['events']>[0];

const FAILED = { ok: false, message: 'INTERNAL_SERVER_ERROR' } as const;
const none = () => [] as never[];

const opened = (id: string, messages: ChatMessage[]): OpenAnswer => ({ ok: true, data: { panel: PANELS[id]!, messages } });
const open = (snapshot: Snapshot, region: string, state: string) => snapshot.matches({ open: { [region]: state } });

/** The minute after the newest message held (at least an hour after T0). */
const nextMinute = (context: InboxConversationContext) =>
  Math.max(60, Math.round((Math.max(0, ...context.messages.map((message) => Date.parse(message.createdAt))) - T0) / 60_000) + 1);

/** When the customer's newest message held was written (minutes after T0). */
const newestCustomerMinute = (context: InboxConversationContext) =>
  Math.max(0, ...context.messages.filter((message) => message.sender === 'customer').map((message) => Math.round((Date.parse(message.createdAt) - T0) / 60_000)));

/**
 * The conversation's events, each where it matters: gestures and socket
 * news while nothing is in flight, a customer's message also while a read
 * is marked (the read is marked again) and while they type.
 */
const events = {
  'conversation.retry': (snapshot) => (quiet(snapshot) ? [{ type: 'conversation.retry' }] : []),
  'history.older': (snapshot) => (quiet(snapshot) ? [{ type: 'history.older' }] : []),
  'history.catchUp': (snapshot) => (quiet(snapshot) && !snapshot.matches('opening') ? [{ type: 'history.catchUp' }] : []),
  'history.scrolled': none,
  'socket.message': (snapshot) => {
    const { context } = snapshot;
    if (context.panel === null || !idle(snapshot, 'history') || (context.memberTyping && !idle(snapshot, 'read'))) return [];
    const minute = nextMinute(context);
    // The customer writes (the agents' copy), and someone in another conversation.
    return [
      { type: 'socket.message', message: agentsCopy(customerText(context.id, minute)) },
      { type: 'socket.message', message: agentsCopy(customerText(context.id === '1' ? '2' : '1', minute)) },
    ];
  },
  'socket.typing': (snapshot) => {
    if (!idle(snapshot, 'history') || !idle(snapshot, 'read')) return [];
    const typing = snapshot.context.memberTyping;
    return [
      { type: 'socket.typing', room: MEMBER.room, typing: !typing, sender: 'customer' },
      ...(typing ? [{ type: 'socket.typing' as const, room: MEMBER.room, typing: true, sender: 'customer' as const }] : []),
      ...(typing ? [] : [{ type: 'socket.typing' as const, room: GUEST.room, typing: true, sender: 'customer' as const }]),
    ];
  },
  'socket.read': (snapshot) =>
    quiet(snapshot) && snapshot.context.customerReadAt === null
      ? [{ type: 'socket.read', room: MEMBER.room, sender: 'customer', readAt: '2026-03-02T10:05:00.000Z' }]
      : [],
  // The member's row changes (the agent's colleague ended it), and the guest's.
  'socket.inbox': (snapshot) =>
    quiet(snapshot) && !snapshot.context.panel?.conversation.closed
      ? [
          { type: 'socket.inbox', conversation: { ...MEMBER, closed: true } },
          { type: 'socket.inbox', conversation: { ...GUEST, lastMessage: 'Hi again' } },
        ]
      : [],
  // The outbox stored a reply the agent sent here.
  'reply.stored': (snapshot) =>
    quiet(snapshot) && !snapshot.context.messages.some((message) => message.sender === 'agent') ? [{ type: 'reply.stored', message: storedReply(snapshot.context.id, 'reply-0001') }] : [],
  'read.mark': none,
  'member.typing': none,
} satisfies EventFixtures<InboxConversation>;

/** A region of the open conversation is idle (or the conversation is not open). */
function idle(snapshot: Snapshot, region: 'history' | 'read'): boolean {
  return !snapshot.matches('open') || open(snapshot, region, 'idle');
}

/** Nothing in flight and the customer not typing. */
function quiet(snapshot: Snapshot): boolean {
  return idle(snapshot, 'history') && idle(snapshot, 'read') && !snapshot.context.memberTyping;
}

/** Where the agent reads: scrolling up far (61 px from the bottom, just past the widget's 60), a little (60), and down, still far or back at the bottom. */
const viewEvents = {
  ...Object.fromEntries(Object.keys(events).map((type) => [type, none])),
  'history.scrolled': (snapshot) =>
    snapshot.matches('open') && quiet(snapshot)
      ? [
          { type: 'history.scrolled', distanceFromBottom: 61, towardsTop: true },
          { type: 'history.scrolled', distanceFromBottom: 60, towardsTop: true },
          { type: 'history.scrolled', distanceFromBottom: 400, towardsTop: false },
          { type: 'history.scrolled', distanceFromBottom: 0, towardsTop: false },
        ]
      : [],
} as EventFixtures<InboxConversation>;

const count = (n: number) => (n === 0 ? null : n <= CHAT_PAGE_SIZE ? 'a page' : 'more than a page');

const abstraction = ({ context }: Snapshot) => ({
  messages: count(context.messages.length),
  'history end': context.historyEnd,
  error: context.conversationError ?? context.historyError,
  'read again': context.readAgain,
  closed: context.panel?.conversation.closed ?? false,
  reply: context.messages.some((message) => message.sender === 'agent'),
});

export const inboxConversationModels: FlowModel<InboxConversation>[] = [
  {
    name: "the member's conversation",
    machine: inboxConversationMachine,
    input: { id: '1' },
    events: offerAll(events),
    replies: {
      // More than a page; it may fail to open.
      openConversation: [opened('1', page('1', 50, CHAT_PAGE_SIZE)), { ok: false, message: 'NO_DATA' }],
      loadOlder: ({ context }) => {
        const oldest = Math.round((Date.parse(context.messages[0]!.createdAt) - T0) / 60_000);
        return [{ ok: true, data: page('1', oldest - 1, CHAT_PAGE_SIZE) }, { ok: true, data: page('1', oldest - 1, 4) }, FAILED] satisfies HistoryAnswer[];
      },
      // After a drop: a short page; a full page of what was missed (read on from there); one reaching back to what is held; a failure.
      catchUp: ({ context }) => [
        { ok: true, data: page('1', 70, 2) },
        { ok: true, data: page('1', nextMinute(context) + CHAT_PAGE_SIZE, CHAT_PAGE_SIZE) },
        { ok: true, data: page('1', newestCustomerMinute(context) + CHAT_PAGE_SIZE - 1, CHAT_PAGE_SIZE) },
        FAILED,
      ] satisfies HistoryAnswer[],
      markRead: [{ ok: true, data: { message: 'SUCCESS' } }, FAILED] satisfies ReadAnswer[],
    },
    abstraction,
  },
  {
    name: "the guest's conversation",
    machine: inboxConversationMachine,
    input: { id: '2' },
    events: offerAll(events),
    replies: {
      openConversation: [opened('2', page('2', 50, 3))],
      loadOlder: none,
      catchUp: [{ ok: true, data: page('2', 70, 2) }] satisfies HistoryAnswer[],
      markRead: [{ ok: true, data: { message: 'SUCCESS' } }] satisfies ReadAnswer[],
    },
    abstraction,
  },
  {
    name: 'where the agent reads',
    machine: inboxConversationMachine,
    input: { id: '1' },
    events: offerAll(viewEvents),
    replies: {
      openConversation: [opened('1', page('1', 50, 3))],
      loadOlder: none,
      catchUp: none,
      markRead: [{ ok: true, data: { message: 'SUCCESS' } }] satisfies ReadAnswer[],
    },
    abstraction: () => ({}),
  },
];
