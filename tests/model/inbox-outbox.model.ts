/**
 * The inbox's outbox as test models: replies (a text, then a file queued
 * behind it) going one at a time, each a machines/chat-media child whose
 * answers are the child's own model's (here: stored, or it says it failed,
 * or it breaks), retried after what is queued then or discarded; and
 * ending a conversation, once at a time, refused or not answered and
 * retried.
 */
import { inboxOutboxMachine } from '../../machines/inbox-outbox/inbox-outbox.machine.ts';
import type { EndAnswer, InboxOutboxContext, OutboxRequest } from '../../machines/inbox-outbox/inbox-outbox.types.ts';
import type { ChatMediaOutput } from '../../machines/chat-media/chat-media.types.ts';
import { MEMBER, PHOTO, storedReply } from './agent-inbox.fixtures.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type InboxOutbox = typeof inboxOutboxMachine;
type Snapshot = Parameters<FlowModel<InboxOutbox>['events']>[0];

const reply = (id: string, item: Extract<OutboxRequest, { kind: 'message' }>['item']): OutboxRequest => ({
  kind: 'message',
  id,
  conversationId: MEMBER.id,
  item,
  userId: MEMBER.userId,
  guestId: null,
});
export const TEXT = reply('reply-0001', { kind: 'text', text: 'We are checking.' });
export const FILE = reply('reply-0002', { kind: 'file', file: PHOTO });
export const END = { kind: 'end', id: 'end-0001', conversationId: MEMBER.id } satisfies OutboxRequest;
export const END_AGAIN = { ...END, id: 'end-0002' } satisfies OutboxRequest;

/** The entry on its way. */
export const inFlight = (context: InboxOutboxContext) => context.entries.find((entry) => entry.status === 'queued');
const queued = (context: InboxOutboxContext, id: string) => context.entries.some((entry) => entry.id === id);

function offers(requests: OutboxRequest[]) {
  return {
    'outbox.queue': ({ context }: Snapshot) =>
      requests.filter((request) => !queued(context, request.id) && context.entries.length < 2).map((request) => ({ type: 'outbox.queue' as const, request })),
    'outbox.retry': ({ context }: Snapshot) => context.entries.map((entry) => ({ type: 'outbox.retry' as const, id: entry.id })),
    'outbox.discard': ({ context }: Snapshot) => context.entries.map((entry) => ({ type: 'outbox.discard' as const, id: entry.id })),
    // The reply's machine says it failed (the server refused it, or no answer came).
    'item.failed': (snapshot: Snapshot) => {
      const head = inFlight(snapshot.context);
      return snapshot.matches('sending') && head ? [{ type: 'item.failed' as const, id: head.id, message: 'CHAT_CLOSED' }] : [];
    },
  } satisfies EventFixtures<InboxOutbox>;
}

const replies = {
  // A reply's machine ends when the server stored it, or when the chat's rules refuse it (what the composer checks, queued unchecked).
  outboxItem: ({ context }: Snapshot) => {
    const head = inFlight(context);
    return head ? [{ outcome: 'sent', message: storedReply(head.conversationId, head.id) }, { outcome: 'refused', message: 'KEY_INVALID' }] satisfies ChatMediaOutput[] : [];
  },
  endConversation: [{ ok: true, data: { message: 'SUCCESS' } }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }] satisfies EndAnswer[],
};

const abstraction = ({ context }: Snapshot) => ({
  entries: context.entries.map((entry) => `${entry.id}:${entry.status}${entry.started ? ' started' : ''}`).join(', ') || null,
});

export const inboxOutboxModels: FlowModel<InboxOutbox>[] = [
  { name: 'replies', machine: inboxOutboxMachine, input: undefined, events: offerAll(offers([TEXT, FILE])), replies, abstraction },
  { name: 'ending', machine: inboxOutboxMachine, input: undefined, events: offerAll(offers([END, END_AGAIN, TEXT])), replies, abstraction },
];
