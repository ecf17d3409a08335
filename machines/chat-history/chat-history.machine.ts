import { assertEvent, assign, emit, enqueueActions, setup, stopChild, type AnyEventObject } from 'xstate';
import { CHAT_AUTO_SCROLL_PX, CHAT_PAGE_SIZE, CHAT_READ_DEBOUNCE_MS, type ChatMessage } from '../../src/contract/chat.ts';
import { chatMediaMachine } from '../chat-media/chat-media.machine.ts';
import type { ChatMediaEvent, ChatMediaOutput } from '../chat-media/chat-media.types.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { failureMessage, NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import { fromOthers, mergeMessages, oldestFirst, sameMessage } from './messages.ts';
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

/** The auto-scroll rule (spec 9): the view follows new messages while within 60 px of its bottom. */
const nearBottom = (distance: number) => distance <= CHAT_AUTO_SCROLL_PX;

/** A child's end (xstate.done.actor.<deliverId>) or failure (xstate.error.actor.<deliverId>): which item, and how it ended. */
function itemEvent(event: AnyEventObject): { actorId: string; output?: ChatMediaOutput } {
  const actorId = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1] ?? '';
  return { actorId, output: (event as { output?: ChatMediaOutput }).output };
}

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
     * Messages that arrived (in the room, or read while catching up): merged,
     * and, for those new from others, the auto-scroll rule and the read mark.
     */
    arrive: enqueueActions(
      ({ context, enqueue }, { messages, distanceFromBottom }: { messages: ChatMessage[]; distanceFromBottom: number | undefined }) => {
        const distance = distanceFromBottom ?? context.distanceFromBottom;
        const merged = mergeMessages(context.messages, messages);
        const others = merged.added.filter(fromOthers).length;
        const follow = nearBottom(distance);
        enqueue.assign({
          messages: merged.messages,
          distanceFromBottom: distance,
          unseen: follow ? 0 : context.unseen + others,
          toRead: context.toRead || others > 0,
        });
        if (merged.added.length > 0 && follow) enqueue.emit({ type: 'scroll.bottom' } satisfies ChatHistoryEmitted);
        // The read mark's debounce starts again.
        if (others > 0) enqueue.raise({ type: 'read.wanted' });
      },
    ),
    showFirstPage: assign(({ context }, answer: PageAnswer) => {
      const page = okData(answer);
      return {
        messages: mergeMessages(context.messages, oldestFirst(page)).messages,
        skip: CHAT_PAGE_SIZE,
        startReached: page.length < CHAT_PAGE_SIZE,
        distanceFromBottom: 0,
        unseen: 0,
        toRead: context.toRead || page.some(fromOthers),
        failure: null,
      };
    }),
    showOlderPage: enqueueActions(({ context, enqueue }, answer: PageAnswer) => {
      const page = okData(answer);
      const merged = mergeMessages(context.messages, oldestFirst(page));
      enqueue.assign({ messages: merged.messages, skip: context.skip + CHAT_PAGE_SIZE, startReached: page.length < CHAT_PAGE_SIZE, failure: null });
      enqueue.emit({ type: 'older.loaded', count: merged.added.length } satisfies ChatHistoryEmitted);
    }),
    nextCatchUpPage: assign(({ context }) => ({ catchUpSkip: context.catchUpSkip + CHAT_PAGE_SIZE })),
    startCatchingUp: assign({ behind: false, catchUpSkip: 0 }),
    scrollToBottom: emit({ type: 'scroll.bottom' } satisfies ChatHistoryEmitted),
    keepFailure: assign((_, { message }: { message: string }) => ({ failure: message })),
    setDistance: assign(({ context, event }) => {
      assertEvent(event, 'history.scrolled');
      return { distanceFromBottom: event.distanceFromBottom, unseen: nearBottom(event.distanceFromBottom) ? 0 : context.unseen };
    }),
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
        input: { deliverId: event.deliverId, item: event.item, online: context.online, userId: context.userId, guestId: context.guestId },
      });
      enqueue.assign({ outgoing: [...context.outgoing, event.deliverId], distanceFromBottom: 0, unseen: 0 });
      // The customer sees what they send.
      enqueue.emit({ type: 'scroll.bottom' } satisfies ChatHistoryEmitted);
    }),
    /** An item ended: a sent message joins the history, a refusal is shown; the child goes. */
    endItem: enqueueActions(({ context, event, enqueue }) => {
      const { actorId, output } = itemEvent(event);
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
    shortPage: (_, answer: PageAnswer) => answer.ok && answer.data.length < CHAT_PAGE_SIZE,
    caughtUp: ({ context }, answer: PageAnswer) =>
      answer.ok && (answer.data.length < CHAT_PAGE_SIZE || answer.data.some((message) => context.messages.some((held) => sameMessage(held, message)))),
    startReached: ({ context }) => context.startReached,
    behind: ({ context }) => context.behind,
    offline: ({ context }) => !context.online,
    online: ({ context }) => context.online,
    newItem: ({ context, event }) => {
      assertEvent(event, 'history.send');
      return !context.outgoing.includes(event.deliverId);
    },
    isItem: ({ context, event }) => context.outgoing.includes(itemEvent(event).actorId),
    readDue: ({ context }) => context.visible && context.toRead,
    hidden: ({ context }) => !context.visible,
  },
  delays: {
    readDebounce: CHAT_READ_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'chatHistory',
  description:
    'The chat widget\'s history (spec 2, 7, 9): the newest 10 messages, older pages of 10 as the customer scrolls to the top until a short page shows the start, each message once, the view following new ones while within 60 px of its bottom ("new messages" otherwise), the read mark 1 s after the last new message while the panel is open, and one chat-media child per message the customer sends, told when the connection comes and goes. After a drop the newest pages are read again until they meet what is held.',
  context: ({ input }) => ({
    userId: input.userId,
    guestId: input.guestId,
    messages: [],
    skip: 0,
    startReached: false,
    catchUpSkip: 0,
    behind: false,
    distanceFromBottom: 0,
    unseen: 0,
    visible: input.visible ?? true,
    online: input.online ?? false,
    toRead: false,
    outgoing: [],
    failure: null,
  }),
  on: {
    'history.received': {
      actions: { type: 'arrive', params: ({ event }) => ({ messages: [event.message], distanceFromBottom: event.distanceFromBottom }) },
    },
    'history.scrolled': { actions: 'setDistance' },
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
    'xstate.done.actor.*': { guard: 'isItem', actions: 'endItem' },
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
                actions: [{ type: 'showFirstPage', params: actorOutput }, 'scrollToBottom'],
              },
              { guard: { type: 'succeeded', params: actorOutput }, target: 'more', actions: [{ type: 'showFirstPage', params: actorOutput }, 'scrollToBottom'] },
              { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
            ],
            onError: { target: 'failed', actions: { type: 'keepFailure', params: { message: NETWORK_ERROR } } },
          },
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
          description: 'After a drop: the newest pages again (skip 0, 10, …) until one meets a message held or is short; what is new is merged as if it had arrived.',
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
                    actions: { type: 'arrive', params: ({ event }) => ({ messages: oldestFirst(okData(event.output)), distanceFromBottom: undefined }) },
                  },
                  {
                    guard: { type: 'succeeded', params: actorOutput },
                    target: 'page',
                    reenter: true,
                    actions: [
                      { type: 'arrive', params: ({ event }) => ({ messages: oldestFirst(okData(event.output)), distanceFromBottom: undefined }) },
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
          on: { 'read.wanted': { target: 'debouncing', reenter: true } },
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
  },
});
