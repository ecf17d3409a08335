import { assertEvent, assign, setup } from 'xstate';
import { appendConversations, byLastMessage, upsertConversation } from '../agent-inbox/agent-inbox.rules.ts';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { loaderDelays } from '../shared/delays.ts';
import { okData } from '../shared/result.ts';
import type { InboxAnswer, InboxListContext, InboxListEvent, InboxListTag, InboxQueryInput } from './inbox-list.types.ts';

/** The search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DELAY_MS = 300;

export const inboxListMachine = setup({
  types: {
    context: {} as InboxListContext,
    events: {} as InboxListEvent,
    tags: {} as InboxListTag,
  },
  actors: {
    loadInbox: notProvided<InboxAnswer, InboxQueryInput>('loadInbox'),
  },
  actions: {
    // A new search: the last one's failure no longer applies.
    setQuery: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { query: event.query, listError: null };
    }),
    showList: assign(({ context }, answer: InboxAnswer) => {
      const { conversations, total } = okData(answer);
      return { conversations: byLastMessage(conversations), total, shownQuery: context.query, listError: null };
    }),
    appendList: assign(({ context }, answer: InboxAnswer) => {
      const { conversations, total } = okData(answer);
      return { conversations: appendConversations(context.conversations, conversations), total, listError: null };
    }),
    showFailure: assign((_, { message }: { message: string }) => ({ listError: message })),
    clearError: assign({ listError: null }),
    updateRow: assign(({ context, event }) => {
      assertEvent(event, 'socket.inbox');
      const { conversation, postback } = event;
      const list = upsertConversation(context.conversations, context.total, conversation, context.shownQuery.trim() !== '');
      const highlight = postback !== undefined && conversation.id !== context.selectedId && !context.postbacks.includes(conversation.id);
      return { ...list, postbacks: highlight ? [...context.postbacks, conversation.id] : context.postbacks };
    }),
    // Opening a conversation sees its postback.
    select: assign(({ context, event }) => {
      assertEvent(event, 'conversation.select');
      return { selectedId: event.id, postbacks: context.postbacks.filter((id) => id !== event.id) };
    }),
    unselect: assign({ selectedId: null }),
    markRead: assign(({ context, event }) => {
      assertEvent(event, 'conversation.read');
      return { conversations: context.conversations.map((row) => (row.id === event.id ? { ...row, unread: 0 } : row)) };
    }),
  },
  guards: {
    succeeded,
    moreToLoad: ({ context }) => context.conversations.length < context.total,
  },
  delays: { ...loaderDelays, searchDelay: SEARCH_DELAY_MS },
}).createMachine({
  id: 'inboxList',
  description:
    'The conversations, newest message first: a search waits for a pause in typing (300 ms); the next page on scrolling down; the agents\' socket keeps the rows current (a new one shows only while no search does) and highlights a postback the agent has not opened; after a drop the list is read again.',
  context: { query: '', shownQuery: '', conversations: [], total: 0, listError: null, postbacks: [], selectedId: null },
  initial: 'loading',
  on: {
    // Not `reenter`-ing the machine: only the list's own state starts again (debouncing too).
    'search.change': { target: '.debouncing', actions: 'setQuery' },
    'socket.inbox': { actions: 'updateRow' },
    'conversation.select': { actions: 'select' },
    'conversation.close': { actions: 'unselect' },
    'conversation.read': { actions: 'markRead' },
  },
  states: {
    debouncing: {
      tags: 'list:loading',
      after: { searchDelay: 'loading' },
    },
    loading: {
      tags: 'list:loading',
      initial: 'quiet',
      states: {
        quiet: { after: { loaderDelay: 'slow' } },
        slow: { tags: 'list:skeleton' },
      },
      invoke: {
        id: 'loadInbox',
        src: 'loadInbox',
        input: ({ context }) => ({ q: context.query.trim(), skip: 0 }),
        ...onAnswer({ target: 'ready', action: 'showList' }, { target: 'failed', action: 'showFailure' }),
      },
    },
    ready: {
      on: {
        'list.more': { guard: 'moreToLoad', target: 'more' },
        'list.refresh': 'loading',
      },
    },
    more: {
      tags: 'list:more',
      description: 'The next page after the rows shown; a failure shows under them.',
      invoke: {
        id: 'loadMore',
        src: 'loadInbox',
        input: ({ context }) => ({ q: context.shownQuery.trim(), skip: context.conversations.length }),
        ...onAnswer({ target: 'ready', action: 'appendList' }, { target: 'ready', action: 'showFailure' }),
      },
    },
    failed: {
      tags: 'list:failed',
      description: 'The list could not be read: the reason and a retry show.',
      on: {
        'list.retry': { target: 'loading', actions: 'clearError' },
        'list.refresh': { target: 'loading', actions: 'clearError' },
      },
    },
  },
});
