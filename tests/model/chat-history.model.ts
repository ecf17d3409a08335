/**
 * The chat history as test models, one flow per concern so that each stays
 * small: paging and the auto-scroll rule (the first page full, short, empty
 * or refused; older pages to the start; messages new and repeated; the view
 * scrolled up by the customer and back, grown below, sent to the newest),
 * the read mark (the panel opened and closed while agent messages arrive),
 * the connection coming and going (catching up on pages that meet what is
 * held, or not), sending (an item spawned offline and online, its echo
 * before or after its end, sent, removed, refused by the client rule, ended
 * with the conversation, or broken), and support typing (started, started
 * again, stopped, answered, or forgotten after a while).
 */
import type { ChatMessage, ChatSender } from '../../src/contract/chat.ts';
import { chatHistoryMachine } from '../../machines/chat-history/chat-history.machine.ts';
import type { ChatHistoryContext, ChatHistoryInput, PageAnswer } from '../../machines/chat-history/chat-history.types.ts';
import type { ChatMediaOutput } from '../../machines/chat-media/chat-media.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type ChatHistory = typeof chatHistoryMachine;
type Snapshot = Parameters<FlowModel<ChatHistory>['abstraction']>[0];

export const MEMBER_ID = '1001';
export const GUEST_ID = 'g-7d1c2b';

/** Minute `n` of a day: messages are ordered by it. */
const at = (n: number) => new Date(Date.UTC(2026, 10, 20, 3, 0) + n * 60_000).toISOString();

/** Message number `n` of the conversation: odd ones the agent's, even ones the customer's. */
export function message(n: number, options: { sender?: ChatSender; session?: string; deliverId?: string } = {}): ChatMessage {
  const sender = options.sender ?? (n % 2 === 1 ? 'agent' : 'customer');
  return {
    _id: String(n),
    sender,
    message: { message_type: 'text', payload: { text: `message ${n}` }, deliver: { id: options.deliverId ?? `deliver-${n}`, status: 'succeed' } },
    userId: MEMBER_ID,
    guestId: null,
    username: null,
    name: sender === 'agent' ? 'Support' : null,
    deviceToken: null,
    createdAt: at(n),
    session_id: options.session ?? '5',
  };
}

/** The conversation on the server: 25 messages; a page is 10 of them, newest first, from `skip`. */
const CONVERSATION = Array.from({ length: 25 }, (_, index) => message(index + 1));
export const page = (skip: number) => [...CONVERSATION].reverse().slice(skip, skip + 10);
/** A conversation of three messages: the first page is short. */
const SHORT_PAGE = page(22);

/** The item a send names: a new deliver id per message held, so a new send is a new message. */
const deliverIdFor = (context: ChatHistoryContext) => `out-${String(context.messages.length).padStart(4, '0')}`;
/** The customer's sent item as the room's copy (the echo) and as the widget's own copy (chat-media's output, no session). */
export const echoOf = (deliverId: string) => message(200, { sender: 'customer', deliverId });
export const localCopyOf = (deliverId: string) => ({ ...message(200, { sender: 'customer', deliverId }), _id: '200', session_id: '' });

/** A message the agent wrote that the history does not hold (later than every one held). */
const freshAgentMessage = (context: ChatHistoryContext) => message(101 + 2 * context.messages.length, { sender: 'agent' });
/** Messages written while the chat was offline: later than all, none held. */
const offlineMessages = (context: ChatHistoryContext, count: number) =>
  Array.from({ length: count }, (_, index) => message(301 + context.messages.length + index, { sender: 'agent' }));

interface Offers {
  /** What the first page may be. */
  firstPages: readonly PageAnswer[];
  top?: boolean;
  scroll?: boolean;
  receive?: boolean;
  visibility?: boolean;
  connection?: boolean;
  send?: boolean;
  typing?: boolean;
  /** An agent ends the conversation (the room's chat.sessionEnded). */
  ended?: boolean;
  /** The member acts only once the first page shows. */
  onceShown?: boolean;
  /** Catching up meets what is held at once (only the flow about the connection reads ten new ones and fails). */
  quickCatchUp?: boolean;
}

function events(offers: Offers) {
  const all = offerAll({
    'history.top': () => (offers.top ? [{ type: 'history.top' }] : []),
    'history.scrolled': (snapshot) => {
      if (!offers.scroll) return [];
      return snapshot.hasTag('following')
        ? [
            // The customer scrolls up, away from the bottom …
            { type: 'history.scrolled', distanceFromBottom: 200, towardsTop: true },
            // … or the view is as far without their scrolling up (the keyboard took its height).
            { type: 'history.scrolled', distanceFromBottom: 200, towardsTop: false },
          ]
        : [
            // Back within 60 px, and still 61 px up.
            { type: 'history.scrolled', distanceFromBottom: 60, towardsTop: false },
            { type: 'history.scrolled', distanceFromBottom: 61, towardsTop: true },
          ];
    },
    'history.follow': () => (offers.scroll ? [{ type: 'history.follow' }] : []),
    'history.sessionEnded': () => (offers.ended ? [{ type: 'history.sessionEnded', sessionId: 'session-2' }] : []),
    'history.received': ({ context }) => {
      if (!offers.receive && !offers.send) return [];
      const echo = context.outgoing.length > 0 ? [{ type: 'history.received' as const, message: echoOf(context.outgoing[0]!) }] : [];
      if (!offers.receive) return echo;
      const last = context.messages.at(-1);
      return [
        // An agent's message.
        { type: 'history.received' as const, message: freshAgentMessage(context) },
        // One already held: it shows once.
        ...(last ? [{ type: 'history.received' as const, message: last }] : []),
        ...echo,
      ];
    },
    'history.visible': ({ context }) => (offers.visibility ? [{ type: 'history.visible', visible: !context.visible }] : []),
    'history.retry': () => [{ type: 'history.retry' }],
    // The member shell's connectivity actor is online again (docs/decisions/0146-reads-that-wait.md).
    'read.online': () => (offers.connection ? [{ type: 'read.online' }] : []),
    'history.online': ({ context }) => ((offers.connection || offers.send) && !context.online ? [{ type: 'history.online' }] : []),
    'history.offline': ({ context }) => ((offers.connection || offers.send) && context.online ? [{ type: 'history.offline' }] : []),
    'history.resync': () => (offers.connection ? [{ type: 'history.resync' }] : []),
    'history.send': ({ context }) =>
      offers.send
        ? context.outgoing.length === 0
          ? [{ type: 'history.send', deliverId: deliverIdFor(context), item: { kind: 'text', text: 'I deposited 500' } }]
          : // The same item again (a double tap): nothing new.
            [{ type: 'history.send', deliverId: context.outgoing[0]!, item: { kind: 'text', text: 'I deposited 500' } }]
        : [],
    'history.typing': () =>
      offers.typing
        ? [
            { type: 'history.typing', typing: true, sender: 'agent' },
            { type: 'history.typing', typing: false, sender: 'agent' },
            // The customer's own typing is not shown to them.
            { type: 'history.typing', typing: true, sender: 'customer' },
          ]
        : [],
    // Raised by the machine itself.
    'messages.added': () => [],
  } satisfies EventFixtures<ChatHistory>);
  // Once the history shows (paging's own paths are the other flows'), to keep the model small.
  return (snapshot: Snapshot) =>
    offers.onceShown && !snapshot.matches({ paging: 'complete' }) ? all(snapshot).filter((event) => event.type === 'history.retry') : all(snapshot);
}

function replies(offers: Offers) {
  return {
    loadPage: (snapshot: Snapshot) => {
      const { context } = snapshot;
      if (snapshot.matches({ paging: 'loading' })) return offers.firstPages;
      if (snapshot.matches({ paging: 'loadingOlder' })) return [{ ok: true, data: page(context.skip) }, { ok: true, data: page(20) }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }];
      const held = [...context.messages].reverse();
      // Meets what is held: one new, then the newest held.
      const meets: PageAnswer = { ok: true, data: [...offlineMessages(context, 1).reverse(), ...held].slice(0, 10) };
      if (offers.quickCatchUp) return [meets];
      return [
        meets,
        // Ten new ones: the next page is read too.
        { ok: true, data: offlineMessages(context, 10).reverse() },
        { ok: false, message: 'INTERNAL_SERVER_ERROR' },
      ];
    },
    markRead: [{ ok: true, data: { message: 'SUCCESS' } }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }] satisfies Result<unknown>[],
    chatMedia: ({ context }: Snapshot): ChatMediaOutput[] => {
      const deliverId = context.outgoing[0] ?? 'none';
      return [
        { outcome: 'sent', message: localCopyOf(deliverId) },
        { outcome: 'removed' },
        { outcome: 'refused', message: 'CHAT_FILE_TOO_LARGE', limitMb: 10 },
        { outcome: 'ended', message: 'CHAT_GUEST_INVALID' },
      ];
    },
  };
}

/** The rules the behaviour depends on: what is waiting, what failed (the view's place is a state of its own). */
function abstraction({ context }: Snapshot) {
  return {
    empty: context.messages.length === 0,
    unseen: context.unseen > 0,
    'to read': context.toRead,
    hidden: !context.visible,
    offline: !context.online,
    behind: context.behind,
    'start reached': context.startReached,
    sending: context.outgoing.length,
    failure: context.failure,
    ended: context.session !== null,
  };
}

const FULL: PageAnswer = { ok: true, data: page(0) };
const SHORT: PageAnswer = { ok: true, data: SHORT_PAGE };

function flow(name: string, input: ChatHistoryInput, offers: Offers): FlowModel<ChatHistory> {
  return { name, machine: chatHistoryMachine, input, events: events(offers), replies: replies(offers), abstraction };
}

export const chatHistoryModels: FlowModel<ChatHistory>[] = [
  flow(
    'paging and auto-scroll',
    { writer: 'member', userId: MEMBER_ID, guestId: null, visible: false, online: true },
    { firstPages: [FULL, SHORT, { ok: true, data: [] }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }], top: true, scroll: true, receive: true },
  ),
  flow('read marks', { writer: 'member', userId: MEMBER_ID, guestId: null }, { firstPages: [SHORT], visibility: true, receive: true, onceShown: true }),
  // The newest page without an answer (offline, a gateway's 502/503/504) waits and is read again.
  flow('offline and catching up', { writer: 'guest', userId: null, guestId: GUEST_ID, visible: false, online: false }, { firstPages: [FULL, { ok: false, message: 'NETWORK_ERROR' }], connection: true }),
  flow('sending', { writer: 'guest', userId: null, guestId: GUEST_ID, visible: false }, { firstPages: [SHORT], send: true, quickCatchUp: true, onceShown: true }),
  flow('an agent ends the conversation', { writer: 'member', userId: MEMBER_ID, guestId: null, visible: false, online: true }, { firstPages: [SHORT], ended: true, receive: true, onceShown: true }),
  flow('support typing', { writer: 'member', userId: MEMBER_ID, guestId: null, visible: false, online: true }, { firstPages: [SHORT], typing: true, receive: true, onceShown: true }),
];
