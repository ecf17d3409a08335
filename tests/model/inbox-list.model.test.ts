import type { InboxConversation } from '../../src/contract/chat.ts';
import type { InboxListContext } from '../../machines/inbox-list/inbox-list.types.ts';
import { LOADER_DELAY_MS } from '../../machines/shared/delays.ts';
import { inboxListModels } from './inbox-list.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/** The search's pause, written out independently of the machine. */
const SEARCH_DELAY = 300;

/** Newest first by the ISO instant's text (independent of the machine's own ordering). */
const newestFirst = (rows: readonly InboxConversation[]) => [...rows].sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''));

function check({ event, before, after, calls, waited }: ReplayedStep) {
  const previous = before?.context as InboxListContext;
  const context = after.context as InboxListContext;
  const now = stateKey(after);
  const was = before ? stateKey(before) : '';
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  const answer = (event as { output?: { ok: boolean; data?: unknown; message?: string } }).output;
  const failure = event.type.startsWith('xstate.error.') ? 'NETWORK_ERROR' : answer && !answer.ok ? answer.message : null;
  let expectedCalls: unknown[] = [];
  const reads = (q: string) => [{ actor: 'loadInbox', input: { q, skip: 0 } }];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['loading.quiet', { query: '', shownQuery: '', conversations: [], total: 0, listError: null, postbacks: [], selectedId: null }]);
      expectedCalls = reads('');
      break;
    case 'search.change':
      expect(now).toBe('debouncing');
      expect(context).toEqual({ ...previous, query: event.query, listError: null });
      // A read in flight for the last search is dropped.
      expect(Object.keys(after.children)).toEqual([]);
      break;
    case 'list.more':
      if (was !== 'ready' || previous.conversations.length >= previous.total) return unchanged();
      expect(now).toBe('more');
      expectedCalls = [{ actor: 'loadInbox', input: { q: previous.shownQuery.trim(), skip: previous.conversations.length } }];
      break;
    case 'list.retry':
    case 'list.refresh':
      // Retried after a failure; read again after the socket's drop (the rows shown stay meanwhile).
      if (was !== 'failed' && !(event.type === 'list.refresh' && was === 'ready')) return unchanged();
      expect([now, context]).toEqual(['loading.quiet', was === 'failed' ? { ...previous, listError: null } : previous]);
      expectedCalls = reads(previous.query.trim());
      break;
    case 'xstate.done.actor.loadInbox':
    case 'xstate.error.actor.loadInbox':
      if (failure) {
        expect([now, context.listError, context.conversations]).toEqual(['failed', failure, previous.conversations]);
      } else {
        const page = answer!.data as { conversations: InboxConversation[]; total: number };
        expect(now).toBe('ready');
        expect(context).toEqual({ ...previous, conversations: newestFirst(page.conversations), total: page.total, shownQuery: previous.query, listError: null });
      }
      break;
    case 'xstate.done.actor.loadMore':
    case 'xstate.error.actor.loadMore':
      expect(now).toBe('ready');
      if (failure) {
        // The rows shown stay; the failure shows under them.
        expect([context.conversations, context.listError]).toEqual([previous.conversations, failure]);
      } else {
        const page = answer!.data as { conversations: InboxConversation[] };
        const ids = new Set(previous.conversations.map((row) => row.id));
        expect(context.conversations).toEqual([...previous.conversations, ...page.conversations.filter((row) => !ids.has(row.id))]);
      }
      break;
    case 'socket.inbox': {
      const changed = event.conversation;
      const known = previous.conversations.some((row) => row.id === changed.id);
      const searching = previous.shownQuery.trim() !== '';
      expect(now).toBe(was);
      if (known) {
        expect([context.conversations, context.total]).toEqual([newestFirst(previous.conversations.map((row) => (row.id === changed.id ? changed : row))), previous.total]);
      } else if (searching) {
        // Whether a new conversation matches the search is the server's to say.
        expect([context.conversations, context.total]).toEqual([previous.conversations, previous.total]);
      } else {
        expect([context.conversations, context.total]).toEqual([newestFirst([changed, ...previous.conversations]), previous.total + 1]);
      }
      const highlighted = event.postback !== undefined && changed.id !== previous.selectedId;
      expect(context.postbacks.includes(changed.id)).toBe(highlighted || previous.postbacks.includes(changed.id));
      break;
    }
    case 'conversation.select':
      // Opening a conversation sees its postback.
      expect([now, context]).toEqual([was, { ...previous, selectedId: event.id, postbacks: previous.postbacks.filter((id) => id !== event.id) }]);
      break;
    case 'conversation.close':
      expect([now, context]).toEqual([was, { ...previous, selectedId: null }]);
      break;
    case 'conversation.read':
      // Its row says nothing is unread; the rest stays.
      expect([now, context]).toEqual([was, { ...previous, conversations: previous.conversations.map((row) => (row.id === event.id ? { ...row, unread: 0 } : row)) }]);
      break;
    default: {
      const delay = /^xstate\.after\.(\w+)\./.exec(event.type)?.[1];
      if (delay === 'loaderDelay') expect([waited, now]).toEqual([LOADER_DELAY_MS, 'loading.slow']);
      else if (delay === 'searchDelay') {
        expect([waited, now]).toEqual([SEARCH_DELAY, 'loading.quiet']);
        expectedCalls = reads(previous.query.trim());
      } else throw new Error(`no check for ${event.type}`);
    }
  }
  expect(calls).toEqual(expectedCalls);
}

describeModels('inbox-list', inboxListModels, {
  tags: {
    debouncing: ['list:loading'],
    'loading.quiet': ['list:loading'],
    'loading.slow': ['list:loading', 'list:skeleton'],
    ready: [],
    more: ['list:more'],
    failed: ['list:failed'],
  },
  check,
});
