import { assertEvent, assign, emit, enqueueActions, raise, setup, stopChild, type AnyEventObject } from 'xstate';
import { CHAT_PAGE_SIZE, CHAT_READ_DEBOUNCE_MS, type ChatMessage } from '../../src/contract/chat.ts';
import { chatMediaMachine } from '../chat-media/chat-media.machine.ts';
import type { ChatMediaEvent } from '../chat-media/chat-media.types.ts';
import { itemEnd } from '../chat-media/item-end.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { nextAttempt, retryDelays, retryWhenBack, unanswered } from '../shared/read-retry.ts';
import { failureMessage, NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import { nearBottom, scrolledAway } from './auto-scroll.ts';
import { caughtUp, fromOthers, mergeMessages, oldestFirst } from './messages.ts';
import type {
  ChatHistoryContext,
  ChatHistoryEmitted,
  ChatHistoryEvent,
  ChatHistoryInput,
  ChatHistoryTag,
  PageAnswer,
  PageQuery,
  ReadQuery,
} from './chat-history.types.ts';

/** The code a chat-media child ended the conversation with. */
const endedWith = ({ event }: { event: AnyEventObject }) => {
  const { output } = itemEnd(event);
  return { message: output?.outcome === 'ended' ? output.message : '' };
};

/** Support's "typing" shows this long after the last word of it, in case its "stopped" never comes (a dropped agent). */
export const SUPPORT_TYPING_SHOWN_MS = 15_000;

export const chatHistoryMachine = setup({
  types: {
    context: {} as ChatHistoryContext,
    events: {} as ChatHistoryEvent,
    input: {} as ChatHistoryInput,
    tags: {} as ChatHistoryTag,
    emitted: {} as ChatHistoryEmitted,
  },
  actors: {
    loadPage: notProvided<PageAnswer, PageQuery>('loadPage'),
    markRead: notProvided<Result<unknown>, ReadQuery>('markRead'),
    chatMedia: chatMediaMachine,
  },
  actions: {
    /**
     * Messages that arrived (in the room, or read while catching up): merged;
     * the regions hear of the new ones (the view follows them or counts them
     * unseen, the read mark waits again, support stopped typing).
     */
    arrive: enqueueActions(({ context, enqueue }, { messages }: { messages: ChatMessage[] }) => {
      const merged = mergeMessages(context.messages, messages);
      const others = merged.added.filter(fromOthers).length;
      enqueue.assign({ messages: merged.messages, toRead: context.toRead || others > 0 });
      if (merged.added.length > 0) enqueue.raise({ type: 'messages.added', others });
    }),
    showFirstPage: assign(({ context }, answer: PageAnswer) => {
      const page = okData(answer);
      return {
        messages: mergeMessages(context.messages, oldestFirst(page)).messages,
        skip: CHAT_PAGE_SIZE,
        startReached: page.length < CHAT_PAGE_SIZE,
        toRead: context.toRead || page.some(fromOthers),
        failure: null,
        attempts: 0,
      };
    }),
    showOlderPage: enqueueActions(({ context, enqueue }, answer: PageAnswer) => {
      const page = okData(answer);
      const merged = mergeMessages(context.messages, oldestFirst(page));
      enqueue.assign({ messages: merged.messages, skip: context.skip + CHAT_PAGE_SIZE, startReached: page.length < CHAT_PAGE_SIZE, failure: null });
      enqueue.emit({ type: 'older.loaded', count: merged.added.length } satisfies ChatHistoryEmitted);
    }),
    nextCatchUpPage: assign(({ context }) => ({ catchUpSkip: context.catchUpSkip + CHAT_PAGE_SIZE })),
    startCatchingUp: assign(({ context }) => ({ behind: false, catchUpSkip: 0, catchUpHeld: context.messages })),
    scrollToBottom: emit({ type: 'scroll.bottom' } satisfies ChatHistoryEmitted),
    // A parent may hear it instead (machines/chat-widget passes it to the connection).
    tellEnded: emit((_, { message }: { message: string }) => ({ type: 'conversation.ended', message }) satisfies ChatHistoryEmitted),
    follow: raise({ type: 'history.follow' }),
    countUnseen: assign(({ context, event }) => {
      assertEvent(event, 'messages.added');
      return { unseen: context.unseen + event.others };
    }),
    clearUnseen: assign({ unseen: 0 }),
    keepSession: assign(({ event }) => {
      assertEvent(event, 'history.sessionEnded');
      return { session: event.sessionId };
    }),
    keepFailure: assign((_, { message }: { message: string }) => ({ failure: message })),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    setVisible: assign(({ event }) => {
      assertEvent(event, 'history.visible');
      return { visible: event.visible };
    }),
    startReading: assign({ toRead: false }),
    goOnline: assign({ online: true, behind: true }),
    goOffline: assign({ online: false }),
    fallBehind: assign({ behind: true }),
    passOn: enqueueActions(({ context, enqueue }, event: ChatMediaEvent) => {
      for (const id of context.outgoing) enqueue.sendTo(id, event);
    }),
    spawnItem: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'history.send');
      enqueue.spawnChild('chatMedia', {
        id: event.deliverId,
        input: {
          deliverId: event.deliverId,
          item: event.item,
          online: context.online,
          writer: context.writer,
          userId: context.userId,
          guestId: context.guestId,
        },
      });
      enqueue.assign({ outgoing: [...context.outgoing, event.deliverId] });
      // The customer sees what they send.
      enqueue.raise({ type: 'history.follow' });
    }),
    /** An item ended: a sent message joins the history, a refusal is shown; the child goes. */
    endItem: enqueueActions(({ context, event, enqueue }) => {
      const { actorId, output } = itemEnd(event);
      // The widget's own copy (no session yet) until the room's copy replaces it; one that came first stays.
      if (output?.outcome === 'sent') enqueue.assign({ messages: mergeMessages(context.messages, [output.message]).messages });
      if (output?.outcome === 'refused') {
        enqueue.emit({ type: 'alert', message: output.message, ...(output.limitMb === undefined ? {} : { limitMb: output.limitMb }) } satisfies ChatHistoryEmitted);
      }
      enqueue.assign(({ context: now }) => ({ outgoing: now.outgoing.filter((id) => id !== actorId) }));
      enqueue(stopChild(actorId));
    }),
  },
  guards: {
    succeeded: (_, answer: { ok: boolean }) => answer.ok,
    // No answer (machines/shared/read-retry.ts), typed by this machine's answer.
    unanswered: (_, answer: PageAnswer) => unanswered(_, answer),
    shortPage: (_, answer: PageAnswer) => answer.ok && answer.data.length < CHAT_PAGE_SIZE,
    // The catch-up rule (messages.ts), shared with the agent inbox.
    caughtUp: ({ context }, answer: PageAnswer) => answer.ok && caughtUp(context.catchUpHeld, answer.data, 'customer'),
    startReached: ({ context }) => context.startReached,
    behind: ({ context }) => context.behind,
    offline: ({ context }) => !context.online,
    online: ({ context }) => context.online,
    newItem: ({ context, event }) => {
      assertEvent(event, 'history.send');
      return !context.outgoing.includes(event.deliverId);
    },
    isItem: ({ context, event }) => context.outgoing.includes(itemEnd(event).actorId),
    itemEnded: ({ context, event }) => context.outgoing.includes(itemEnd(event).actorId) && itemEnd(event).output?.outcome === 'ended',
    readDue: ({ context }) => context.visible && context.toRead,
    hidden: ({ context }) => !context.visible,
    fromOthers: ({ event }) => {
      assertEvent(event, 'messages.added');
      return event.others > 0;
    },
    // The auto-scroll rule (auto-scroll.ts), shared with the agent inbox.
    scrolledAway: ({ event }) => {
      assertEvent(event, 'history.scrolled');
      return scrolledAway(event.distanceFromBottom, event.towardsTop);
    },
    backNearBottom: ({ event }) => {
      assertEvent(event, 'history.scrolled');
      return nearBottom(event.distanceFromBottom);
    },
    supportTyping: ({ event }) => {
      assertEvent(event, 'history.typing');
      return event.typing && event.sender !== 'customer';
    },
    supportStopped: ({ event }) => {
      assertEvent(event, 'history.typing');
      return !event.typing && event.sender !== 'customer';
    },
  },
  delays: {
    ...retryDelays,
    readDebounce: CHAT_READ_DEBOUNCE_MS,
    typingShown: SUPPORT_TYPING_SHOWN_MS,
  },
}).createMachine({
  id: 'chatHistory',
  description:
    'The chat widget\'s history (spec 2, 7, 9): the newest 10 messages, older pages of 10 as the customer scrolls to the top until a short page shows the start, each message once, the view following new ones while within 60 px of its bottom ("new messages" otherwise), the read mark 1 s after the last new message while the panel is open, whether support is typing, and one chat-media child per message the customer sends, told when the connection comes and goes, and the session an agent ended the conversation with (its end shows at once). After a drop the newest pages are read again until one reaches what is held.',
  context: ({ input }) => ({
    writer: input.writer,
    userId: input.userId,
    guestId: input.guestId,
    messages: [],
    skip: 0,
    startReached: false,
    catchUpSkip: 0,
    catchUpHeld: [],
    behind: false,
    unseen: 0,
    visible: input.visible ?? true,
    online: input.online ?? false,
    toRead: false,
    outgoing: [],
    failure: null,
    session: null,
    attempts: 0,
  }),
  on: {
    'history.received': { actions: { type: 'arrive', params: ({ event }) => ({ messages: [event.message] }) } },
    // An agent ended the conversation: the end marker shows after what is held, and the view follows it.
    'history.sessionEnded': { actions: ['keepSession', 'follow'] },
    'history.visible': { actions: 'setVisible' },
    'history.online': {
      guard: 'offline',
      actions: ['goOnline', { type: 'passOn', params: { type: 'connection.online' } }],
    },
    'history.offline': {
      guard: 'online',
      actions: ['goOffline', { type: 'passOn', params: { type: 'connection.offline' } }],
    },
    'history.resync': { actions: 'fallBehind' },
    'history.send': { guard: 'newItem', actions: 'spawnItem' },
    // The items' ends, by their ids (the deliver ids); a child that failed (a bug) is dropped the same way.
    // A conversation the server ended is told too (tellEnded).
    'xstate.done.actor.*': [
      { guard: 'itemEnded', actions: ['endItem', { type: 'tellEnded', params: endedWith }] },
      { guard: 'isItem', actions: 'endItem' },
    ],
    'xstate.error.actor.*': { guard: 'isItem', actions: 'endItem' },
  },
  type: 'parallel',
  states: {
    paging: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          description: 'POST /api/chat/history limit 10 skip 0: the newest page, reversed; the view goes to the bottom.',
          entry: 'startCatchingUp',
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ userId: context.userId, guestId: context.guestId, limit: CHAT_PAGE_SIZE, skip: 0 }),
            onDone: [
              {
                guard: { type: 'shortPage', params: actorOutput },
                target: 'complete',
                actions: [{ type: 'showFirstPage', params: actorOutput }, 'follow'],
              },
              { guard: { type: 'succeeded', params: actorOutput }, target: 'more', actions: [{ type: 'showFirstPage', params: actorOutput }, 'follow'] },
              { guard: { type: 'unanswered', params: actorOutput }, target: 'offline', actions: 'noteUnanswered' },
              { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
            ],
            onError: { target: 'offline', actions: 'noteUnanswered' },
          },
        },
        offline: {
          ...retryWhenBack('loading', { 'history.retry': 'loading' }),
          description:
            'The newest page got no answer (offline, too slow, a gateway error): no failure shows, the loader stays, messages arriving meanwhile are kept; the page is read again after the backoff (1 s doubling to 30 s), at once when the shell\'s connection or the chat\'s is back (docs/decisions/0146-reads-that-wait.md).',
          // The chat's own connection came back (history.online marks it behind): read now.
          always: { guard: 'behind', target: 'loading' },
        },
        failed: {
          tags: 'failed',
          description: 'The history could not be read: the view offers a retry. Messages arriving meanwhile are kept.',
          on: { 'history.retry': 'loading' },
        },
        more: {
          description: 'Older messages exist: reaching the top reads the next page.',
          always: { guard: 'behind', target: 'catchingUp' },
          on: { 'history.top': 'loadingOlder' },
        },
        loadingOlder: {
          tags: 'loadingOlder',
          description: 'The next older page (skip 10, 20, …) goes on top. A failed read keeps what is shown.',
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ userId: context.userId, guestId: context.guestId, limit: CHAT_PAGE_SIZE, skip: context.skip }),
            onDone: [
              { guard: { type: 'shortPage', params: actorOutput }, target: 'complete', actions: { type: 'showOlderPage', params: actorOutput } },
              { guard: { type: 'succeeded', params: actorOutput }, target: 'more', actions: { type: 'showOlderPage', params: actorOutput } },
              { target: 'more', actions: { type: 'keepFailure', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
            ],
            onError: { target: 'more', actions: { type: 'keepFailure', params: { message: NETWORK_ERROR } } },
          },
        },
        complete: {
          tags: 'startReached',
          description: 'A page shorter than 10 came: the conversation\'s start is shown.',
          always: { guard: 'behind', target: 'catchingUp' },
        },
        catchingUp: {
          tags: 'catchingUp',
          description: 'After a drop: the newest pages again (skip 0, 10, …) until one holds a message from support held already, or is short; what is new is merged as if it had arrived.',
          entry: 'startCatchingUp',
          initial: 'page',
          states: {
            page: {
              invoke: {
                id: 'loadPage',
                src: 'loadPage',
                input: ({ context }) => ({ userId: context.userId, guestId: context.guestId, limit: CHAT_PAGE_SIZE, skip: context.catchUpSkip }),
                onDone: [
                  {
                    guard: { type: 'caughtUp', params: actorOutput },
                    target: 'done',
                    actions: { type: 'arrive', params: ({ event }) => ({ messages: oldestFirst(okData(event.output)) }) },
                  },
                  {
                    guard: { type: 'succeeded', params: actorOutput },
                    target: 'page',
                    reenter: true,
                    actions: [
                      { type: 'arrive', params: ({ event }) => ({ messages: oldestFirst(okData(event.output)) }) },
                      'nextCatchUpPage',
                    ],
                  },
                  { target: 'done', actions: { type: 'keepFailure', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
                ],
                onError: { target: 'done', actions: { type: 'keepFailure', params: { message: NETWORK_ERROR } } },
              },
            },
            done: {
              always: [{ guard: 'startReached', target: '#chatHistory.paging.complete' }, { target: '#chatHistory.paging.more' }],
            },
          },
        },
      },
    },
    reading: {
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing to mark read, or the panel is closed.',
          always: { guard: 'readDue', target: 'debouncing' },
        },
        debouncing: {
          description: 'spec 7: the read mark goes 1 s after the last new message from the agent, while the panel is open.',
          always: { guard: 'hidden', target: 'idle' },
          after: { readDebounce: 'marking' },
          on: { 'messages.added': { guard: 'fromOthers', target: 'debouncing', reenter: true } },
        },
        marking: {
          description: 'PUT /api/chat/read-customer/. A failure is not retried: the next message marks again.',
          entry: 'startReading',
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ userId: context.userId, guestId: context.guestId }),
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
    view: {
      description: 'Where the customer reads (spec 9 auto-scroll): the view tells where it scrolled; the history says when to go to the bottom.',
      initial: 'following',
      states: {
        following: {
          tags: 'following',
          description: 'spec 9: within 60 px of the bottom, the view follows what arrives (and what grows below, a picture loading).',
          on: {
            'messages.added': { actions: 'scrollToBottom' },
            'history.follow': { actions: 'scrollToBottom' },
            'history.scrolled': { guard: 'scrolledAway', target: 'scrolledUp' },
          },
        },
        scrolledUp: {
          description: 'The customer scrolled up, away from the bottom: what arrives from others counts as unseen ("new messages").',
          on: {
            'messages.added': { actions: 'countUnseen' },
            'history.follow': { target: 'following', actions: ['clearUnseen', 'scrollToBottom'] },
            'history.scrolled': { guard: 'backNearBottom', target: 'following', actions: 'clearUnseen' },
          },
        },
      },
    },
    support: {
      description: 'Whether support is typing, as the room tells it; the customer\'s own typing is not shown to them.',
      initial: 'quiet',
      states: {
        quiet: {
          on: { 'history.typing': { guard: 'supportTyping', target: 'typing' } },
        },
        typing: {
          tags: 'supportTyping',
          description: 'Support is typing: until it says it stopped, a message from it arrives, or 15 s after it last said it types.',
          after: { typingShown: 'quiet' },
          on: {
            'history.typing': [
              { guard: 'supportTyping', target: 'typing', reenter: true },
              { guard: 'supportStopped', target: 'quiet' },
            ],
            'messages.added': { guard: 'fromOthers', target: 'quiet' },
          },
        },
      },
    },
  },
});
