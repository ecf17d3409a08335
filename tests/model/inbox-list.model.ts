/**
 * The inbox's list as a test model: it loads (slowly: the skeleton), fails
 * and is retried; a search waits for a pause in typing; the next page comes
 * or fails; the agents' socket changes a row (the guest presses a postback
 * button: its row moves up, highlighted) or brings one the list does not
 * show; the inbox reads it again after a drop, opens a conversation (its
 * postback seen), goes back to the list, and marks the member's read.
 */
import { inboxListMachine } from '../../machines/inbox-list/inbox-list.machine.ts';
import type { InboxAnswer } from '../../machines/inbox-list/inbox-list.types.ts';
import { FIRST_PAGE, GUEST, THIRD } from './agent-inbox.fixtures.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type InboxList = typeof inboxListMachine;

const FAILED = { ok: false, message: 'INTERNAL_SERVER_ERROR' } as const;

type Snapshot = Parameters<FlowModel<InboxList>['events']>[0];
const shown = (snapshot: Snapshot) => snapshot.matches('ready') || snapshot.matches('more');
/** Nothing searched, highlighted or opened: what the inbox's own events do does not depend on it. */
const plain = ({ context }: Snapshot) => context.query === '' && context.shownQuery === '' && context.postbacks.length === 0;

const events = {
  'search.change': ({ context }) => [{ type: 'search.change', query: context.query === '' ? ' 0812 ' : '' }],
  'list.more': () => [{ type: 'list.more' }],
  'list.retry': () => [{ type: 'list.retry' }],
  'list.refresh': (snapshot) => (plain(snapshot) && snapshot.context.selectedId === null ? [{ type: 'list.refresh' }] : []),
  'socket.inbox': (snapshot) =>
    !shown(snapshot)
      ? []
      : [
          // The guest writes again and presses a postback button: its row moves up and is highlighted.
          ...(snapshot.context.conversations.some((row) => row.id === '2' && row.lastMessageAt === GUEST.lastMessageAt)
            ? [{ type: 'socket.inbox' as const, conversation: { ...GUEST, lastMessageAt: '2026-03-02T11:00:00.000Z', lastMessage: 'Deposit', unread: 1 }, postback: { title: 'Deposit', payload: 'DEPOSIT' } }]
            : []),
          // A conversation the list does not show yet.
          ...(snapshot.context.conversations.some((row) => row.id === '3') ? [] : [{ type: 'socket.inbox' as const, conversation: { ...THIRD, lastMessageAt: '2026-03-02T12:00:00.000Z' } }]),
        ],
  // The inbox opens the guest's conversation (seeing its postback), closes it, and says the member's was read.
  'conversation.select': (snapshot) => (shown(snapshot) && snapshot.context.selectedId === null && snapshot.context.query === '' ? [{ type: 'conversation.select', id: '2' }] : []),
  'conversation.close': (snapshot) => (snapshot.context.selectedId !== null ? [{ type: 'conversation.close' }] : []),
  'conversation.read': (snapshot) =>
    snapshot.context.conversations.some((row) => row.id === '1' && row.unread > 0) && plain(snapshot) ? [{ type: 'conversation.read', id: '1' }] : [],
} satisfies EventFixtures<InboxList>;

export const inboxListModels: FlowModel<InboxList>[] = [
  {
    name: 'inbox list',
    machine: inboxListMachine,
    input: undefined,
    events: offerAll(events),
    replies: {
      loadInbox: (snapshot) =>
        snapshot.matches('more')
          ? ([{ ok: true, data: { conversations: [THIRD], total: 3 } }, FAILED] satisfies InboxAnswer[])
          : ([{ ok: true, data: FIRST_PAGE }, { ok: true, data: { conversations: [], total: 0 } }, FAILED] satisfies InboxAnswer[]),
    },
    abstraction: ({ context }) => ({
      searching: context.query.trim() !== '',
      'showing another search': context.shownQuery !== context.query,
      rows: context.conversations.length,
      more: context.conversations.length < context.total,
      error: context.listError !== null,
      postback: context.postbacks.length > 0,
      selected: context.selectedId,
    }),
  },
];
