import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { CHAT_PAGE_SIZE, type ChatMessage } from '../../src/contract/chat.ts';
import { mergeByIdLaterWins } from '../agent-inbox/agent-inbox.rules.ts';
import { nearBottom, scrolledAway } from '../chat-history/auto-scroll.ts';
import { caughtUp } from '../chat-history/messages.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { loaderDelays } from '../shared/delays.ts';
import { answeredFailure, noAnswer } from '../shared/read-failure.ts';
import { okData } from '../shared/result.ts';
import type {
  ConversationInput,
  HistoryAnswer,
  InboxConversationContext,
  InboxConversationEvent,
  InboxConversationTag,
  OpenAnswer,
  OpenedRoom,
  PageInput,
  ReadAnswer,
} from './inbox-conversation.types.ts';

/** A customer's "typing" fades after this long without news (a widget closed mid-word sends no false). */
export const MEMBER_TYPING_TIMEOUT_MS = 8000;

/** A live message belongs to this conversation: the agents' copy names it; a room copy names its customer. */
function ours(context: InboxConversationContext, message: ChatMessage): boolean {
  const open = context.panel?.conversation;
  if (!open) return false;
  if (message.conversationId !== undefined) return message.conversationId === context.id;
  return (open.userId !== null && message.userId === open.userId) || (open.guestId !== null && message.guestId === open.guestId);
}

/** The customer's typing or reading, in this conversation's room. */
const fromCustomerHere = (context: InboxConversationContext, news: { sender: string; room: string }) =>
  news.sender === 'customer' && news.room === context.panel?.conversation.room;

export const inboxConversationMachine = setup({
  types: {
    context: {} as InboxConversationContext,
    events: {} as InboxConversationEvent,
    input: {} as ConversationInput,
    tags: {} as InboxConversationTag,
  },
  actors: {
    openConversation: notProvided<OpenAnswer, ConversationInput>('openConversation'),
    loadOlder: notProvided<HistoryAnswer, PageInput>('loadOlder'),
    catchUp: notProvided<HistoryAnswer, PageInput>('catchUp'),
    markRead: notProvided<ReadAnswer, ConversationInput>('markRead'),
  },
  actions: {
    showConversation: assign((_, answer: OpenAnswer) => {
      const { panel, messages } = okData(answer);
      // The page comes newest first.
      return { panel, messages: mergeByIdLaterWins(messages), historyEnd: messages.length < CHAT_PAGE_SIZE, conversationError: null };
    }),
    showFailure: assign((_, { message }: { message: string }) => ({ conversationError: message })),
    clearFailure: assign({ conversationError: null }),
    prependOlder: assign(({ context }, answer: HistoryAnswer) => {
      const page = okData(answer);
      return { messages: mergeByIdLaterWins(page, context.messages), historyEnd: page.length < CHAT_PAGE_SIZE, historyError: null };
    }),
    mergeNewest: assign(({ context }, answer: HistoryAnswer) => ({ messages: mergeByIdLaterWins(context.messages, okData(answer)) })),
    startCatchingUp: assign(({ context }) => ({ catchUpSkip: 0, catchUpHeld: context.messages })),
    nextCatchUpPage: assign(({ context }) => ({ catchUpSkip: context.catchUpSkip + CHAT_PAGE_SIZE })),
    showHistoryFailure: assign((_, { message }: { message: string }) => ({ historyError: message })),
    clearHistoryError: assign({ historyError: null }),
    askReadAgain: assign({ readAgain: true }),
    clearReadAgain: assign({ readAgain: false }),
    startMemberTyping: assign({ memberTyping: true }),
    stopMemberTyping: assign({ memberTyping: false }),
    receiveMessage: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'socket.message');
      if (!ours(context, event.message)) return;
      enqueue.assign({ messages: mergeByIdLaterWins(context.messages, [event.message]) });
      if (event.message.sender === 'customer') {
        enqueue.raise({ type: 'member.typing', typing: false });
        enqueue.raise({ type: 'read.mark' });
      }
    }),
    receiveTyping: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'socket.typing');
      if (fromCustomerHere(context, event)) enqueue.raise({ type: 'member.typing', typing: event.typing });
    }),
    receiveRead: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'socket.read');
      if (fromCustomerHere(context, event)) enqueue.assign({ customerReadAt: event.readAt });
    }),
    updatePanel: assign(({ context, event }) => {
      assertEvent(event, 'socket.inbox');
      return event.conversation.id === context.id && context.panel ? { panel: { ...context.panel, conversation: event.conversation } } : {};
    }),
    // The stored reply shows until the socket's copy replaces it (a copy that came first stays), in the session shown last.
    showStoredReply: assign(({ context, event }) => {
      assertEvent(event, 'reply.stored');
      const reply = { ...event.message, session_id: context.messages.at(-1)?.session_id ?? '', conversationId: context.id };
      return { messages: mergeByIdLaterWins([reply], context.messages) };
    }),
    // Provided by the inbox (inboxConversationFor): joins the room; the list's row says nothing is unread; background failures are logged.
    opened: (_, _room: OpenedRoom) => {},
    read: (_, _params: { id: string }) => {},
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded,
    olderToLoad: ({ context }) => !context.historyEnd,
    // The widget's catch-up rule (chat-history/messages.ts).
    reachedHeld: ({ context }: { context: InboxConversationContext }, answer: HistoryAnswer) => answer.ok && caughtUp(context.catchUpHeld, answer.data, 'agent'),
    readAgain: ({ context }) => context.readAgain,
    typing: ({ event }) => event.type === 'member.typing' && event.typing,
    // The widget's auto-scroll rule: only the agent's own scrolling up unpins the view.
    scrolledAway: ({ event }) => event.type === 'history.scrolled' && scrolledAway(event.distanceFromBottom, event.towardsTop),
    backNearBottom: ({ event }) => event.type === 'history.scrolled' && nearBottom(event.distanceFromBottom),
  },
  delays: { ...loaderDelays, memberTypingTimeout: MEMBER_TYPING_TIMEOUT_MS },
}).createMachine({
  id: 'inboxConversation',
  description:
    'One conversation open in the agent inbox: its customer panel and newest page, then older pages as the agent scrolls up, the newest pages again after a drop (the widget\'s catch-up), read marks (on opening and at each customer message), the customer typing (8 s without news fades it) and reading, and where the agent reads (within 60 px of the bottom, what arrives scrolls into view).',
  context: ({ input }) => ({
    id: input.id,
    panel: null,
    messages: [],
    historyEnd: false,
    conversationError: null,
    historyError: null,
    memberTyping: false,
    customerReadAt: null,
    readAgain: false,
    catchUpSkip: 0,
    catchUpHeld: [],
  }),
  initial: 'opening',
  on: {
    'socket.inbox': { actions: 'updatePanel' },
  },
  states: {
    opening: {
      tags: 'conversation:loading',
      initial: 'quiet',
      states: {
        quiet: { after: { loaderDelay: 'slow' } },
        slow: { tags: 'conversation:skeleton' },
      },
      invoke: {
        id: 'openConversation',
        src: 'openConversation',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'succeeded', params: actorOutput },
            target: 'open',
            actions: [
              { type: 'showConversation', params: actorOutput },
              { type: 'opened', params: ({ context }) => ({ room: context.panel!.conversation.room, userId: context.panel!.conversation.userId, guestId: context.panel!.conversation.guestId }) },
            ],
          },
          { target: 'failed', actions: { type: 'showFailure', params: answeredFailure } },
        ],
        onError: { target: 'failed', actions: { type: 'showFailure', params: noAnswer } },
      },
    },
    failed: {
      tags: 'conversation:failed',
      on: { 'conversation.retry': { target: 'opening', actions: 'clearFailure' } },
    },
    open: {
      tags: 'conversation:open',
      type: 'parallel',
      on: {
        'socket.message': { actions: 'receiveMessage' },
        'socket.typing': { actions: 'receiveTyping' },
        'socket.read': { actions: 'receiveRead' },
        'reply.stored': { actions: 'showStoredReply' },
      },
      states: {
        history: {
          description: 'Older pages as the agent scrolls up; after a drop, the newest pages merged in.',
          initial: 'idle',
          states: {
            idle: {
              on: {
                'history.older': { guard: 'olderToLoad', target: 'older', actions: 'clearHistoryError' },
                'history.catchUp': 'catchingUp',
              },
            },
            older: {
              tags: 'history:older',
              invoke: {
                id: 'loadOlder',
                src: 'loadOlder',
                input: ({ context }) => ({ id: context.id, skip: context.messages.length }),
                ...onAnswer({ target: 'idle', action: 'prependOlder' }, { target: 'idle', action: 'showHistoryFailure' }),
              },
            },
            catchingUp: {
              description: "After a drop: the newest pages again (skip 0, 10, …) until one holds a customer's message held already, or is short, each merged in; a failure is logged.",
              entry: 'startCatchingUp',
              initial: 'page',
              states: {
                page: {
                  invoke: {
                    id: 'catchUp',
                    src: 'catchUp',
                    input: ({ context }) => ({ id: context.id, skip: context.catchUpSkip }),
                    onDone: [
                      { guard: { type: 'reachedHeld', params: actorOutput }, target: '#inboxConversation.open.history.idle', actions: { type: 'mergeNewest', params: actorOutput } },
                      { guard: { type: 'succeeded', params: actorOutput }, target: 'page', reenter: true, actions: [{ type: 'mergeNewest', params: actorOutput }, 'nextCatchUpPage'] },
                      { target: '#inboxConversation.open.history.idle', actions: { type: 'logFailure', params: answeredFailure } },
                    ],
                    onError: { target: '#inboxConversation.open.history.idle', actions: { type: 'logFailure', params: noAnswer } },
                  },
                },
              },
            },
          },
        },
        read: {
          description: 'Viewing is reading: marked on opening and at each customer message while open.',
          initial: 'marking',
          states: {
            idle: { on: { 'read.mark': 'marking' } },
            marking: {
              on: { 'read.mark': { actions: 'askReadAgain' } },
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ context }) => ({ id: context.id }),
                onDone: [
                  { guard: 'readAgain', target: 'marking', reenter: true, actions: 'clearReadAgain' },
                  { guard: { type: 'succeeded', params: actorOutput }, target: 'idle', actions: { type: 'read', params: ({ context }) => ({ id: context.id }) } },
                  { target: 'idle', actions: { type: 'logFailure', params: answeredFailure } },
                ],
                onError: [
                  { guard: 'readAgain', target: 'marking', reenter: true, actions: 'clearReadAgain' },
                  { target: 'idle', actions: { type: 'logFailure', params: noAnswer } },
                ],
              },
            },
          },
        },
        memberTyping: {
          initial: 'no',
          states: {
            no: { on: { 'member.typing': { guard: 'typing', target: 'yes', actions: 'startMemberTyping' } } },
            yes: {
              after: { memberTypingTimeout: { target: 'no', actions: 'stopMemberTyping' } },
              on: {
                'member.typing': [
                  { guard: 'typing', target: 'yes', reenter: true },
                  { target: 'no', actions: 'stopMemberTyping' },
                ],
              },
            },
          },
        },
        view: {
          description: "Where the agent reads (spec 9 auto-scroll, the widget's rule): the view tells where it scrolled; while following, new messages keep it at the bottom.",
          initial: 'following',
          states: {
            following: {
              tags: 'view:following',
              description: 'Within 60 px of the bottom: what arrives scrolls into view.',
              on: { 'history.scrolled': { guard: 'scrolledAway', target: 'scrolledUp' } },
            },
            scrolledUp: {
              description: 'The agent scrolled up, away from the bottom: what arrives stays below until they come back near it.',
              on: { 'history.scrolled': { guard: 'backNearBottom', target: 'following' } },
            },
          },
        },
      },
    },
  },
});
