import { assertEvent, assign, enqueueActions, setup, type AnyEventObject, type ParameterizedObject, type ProvidedActor } from 'xstate';
import { chatMediaMachine } from '../chat-media/chat-media.machine.ts';
import type { ChatMediaContext, ChatMediaEmitted, ChatMediaEvent } from '../chat-media/chat-media.types.ts';
import { itemEnd } from '../chat-media/item-end.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { succeeded } from '../shared/answer.ts';
import { answeredFailure, noAnswer } from '../shared/read-failure.ts';
import type { EndAnswer, InboxOutboxContext, InboxOutboxEvent, InboxOutboxTag, OutboxEntry, SentReply } from './inbox-outbox.types.ts';

/** The entry on its way, or the next to go: the first queued one (a retried entry moves to the end, so this never changes mid-flight). */
const head = (context: InboxOutboxContext): OutboxEntry | undefined => context.entries.find((entry) => entry.status === 'queued');

const without = (entries: readonly OutboxEntry[], id: string) => entries.filter((entry) => entry.id !== id);

const failed = (entries: readonly OutboxEntry[], id: string, error: string) =>
  entries.map((entry) => (entry.id === id ? { ...entry, status: 'failed' as const, error } : entry));

/** A reply's machine (machines/chat-media), telling the outbox when it failed; `io` the agents' upload and reply. */
export function outboxItemFor(io: Parameters<typeof chatMediaMachine.provide>[0]['actors'] = {}) {
  return chatMediaMachine.provide({
    actors: io,
    actions: {
      // Typed by the outbox's event it sends, not by chat-media's own: cast to the slot it fills.
      announceFailed: enqueueActions<ChatMediaContext, ChatMediaEvent, undefined, ChatMediaEvent, ProvidedActor, ParameterizedObject, ParameterizedObject, never, ChatMediaEmitted>(
        ({ context, enqueue }) =>
          enqueue.sendParent({ type: 'item.failed', id: context.deliverId, message: context.failure ?? 'NETWORK_ERROR' } satisfies InboxOutboxEvent),
      ) as unknown as NonNullable<Parameters<typeof chatMediaMachine.provide>[0]['actions']>['announceFailed'],
    },
  });
}

/** The reply a reply's machine ended with, once the server took it, and its conversation. */
function sentReply({ context, event }: { context: InboxOutboxContext; event: AnyEventObject }): SentReply {
  const { actorId, output } = itemEnd(event);
  if (output?.outcome !== 'sent') throw new Error('inbox outbox: the reply was not sent');
  return { conversationId: context.entries.find((entry) => entry.id === actorId)!.conversationId, message: output.message };
}

/** The head's child ended or broke. */
const fromHead = (context: InboxOutboxContext, event: AnyEventObject) => {
  const id = event.type === 'item.failed' ? String(event.id) : itemEnd(event).actorId;
  return id !== '' && id === head(context)?.id;
};

export const inboxOutboxMachine = setup({
  types: {
    context: {} as InboxOutboxContext,
    events: {} as InboxOutboxEvent,
    tags: {} as InboxOutboxTag,
  },
  actors: {
    outboxItem: outboxItemFor(),
    endConversation: notProvided<EndAnswer, { id: string }>('endConversation'),
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'outbox.queue');
      return { entries: [...context.entries, { ...event.request, status: 'queued' as const, started: false, error: null }] };
    }),
    // A retried entry goes to the end: it is sent after what is queued now, and the entry on its way stays the first queued one.
    retry: assign(({ context, event }) => {
      assertEvent(event, 'outbox.retry');
      const entry = context.entries.find((other) => other.id === event.id)!;
      return { entries: [...without(context.entries, event.id), { ...entry, status: 'queued' as const, error: null }] };
    }),
    discard: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'outbox.discard');
      const entry = context.entries.find((other) => other.id === event.id)!;
      enqueue.assign({ entries: without(context.entries, event.id) });
      if (entry.started) enqueue.stopChild(entry.id);
    }),
    // A reply's turn: its machine starts, or, retried, goes on from where it failed (the same deliver id).
    startHead: enqueueActions(({ context, enqueue }) => {
      const entry = head(context)!;
      if (entry.kind !== 'message') return;
      if (entry.started) {
        enqueue.sendTo(entry.id, { type: 'item.retry' } satisfies ChatMediaEvent);
        return;
      }
      const { id, item, userId, guestId, conversationId } = entry;
      enqueue.spawnChild('outboxItem', { id, input: { deliverId: id, item, online: true, writer: 'agent', userId, guestId, conversationId } });
      enqueue.assign({ entries: context.entries.map((other) => (other.id === id ? { ...other, started: true } : other)) });
    }),
    markFailed: assign(({ context, event }) => {
      assertEvent(event, 'item.failed');
      return { entries: failed(context.entries, event.id, event.message) };
    }),
    // The reply's machine ended with it stored (the conversation shows it).
    finishItem: enqueueActions(({ context, event, enqueue }) => {
      const { actorId } = itemEnd(event);
      enqueue.assign({ entries: without(context.entries, actorId) });
      enqueue.stopChild(actorId);
    }),
    // The reply's machine ended without sending it (the chat's rules refused it) or broke (a bug): the entry fails with why, and a retry starts it again.
    breakItem: enqueueActions(({ context, event, enqueue }) => {
      const { actorId, output } = itemEnd(event);
      const why = output && 'message' in output && typeof output.message === 'string' ? output.message : 'NETWORK_ERROR';
      enqueue.assign({ entries: failed(context.entries, actorId, why).map((entry) => (entry.id === actorId ? { ...entry, started: false } : entry)) });
      enqueue.stopChild(actorId);
    }),
    dropHead: assign(({ context }) => ({ entries: without(context.entries, head(context)!.id) })),
    failHead: assign(({ context }, { message }: { message: string }) => ({ entries: failed(context.entries, head(context)!.id, message) })),
    // Provided by the inbox (agent-inbox.children.ts): the open conversation shows the stored reply; an ended one its end.
    sent: (_, _reply: SentReply) => {},
    ended: (_, _params: { conversationId: string }) => {},
  },
  guards: {
    succeeded,
    nextReply: ({ context }) => head(context)?.kind === 'message',
    nextEnd: ({ context }) => head(context)?.kind === 'end',
    failedEntry: ({ context, event }) =>
      (event.type === 'outbox.retry' || event.type === 'outbox.discard') && context.entries.some((entry) => entry.id === event.id && entry.status === 'failed'),
    // One end request per conversation at a time.
    newRequest: ({ context, event }) =>
      event.type === 'outbox.queue' &&
      !context.entries.some((entry) => entry.id === event.request.id || (event.request.kind === 'end' && entry.kind === 'end' && entry.conversationId === event.request.conversationId)),
    fromHead: ({ context, event }) => fromHead(context, event),
    headSent: ({ context, event }) => fromHead(context, event) && itemEnd(event).output?.outcome === 'sent',
    isEntry: ({ context, event }) => context.entries.some((entry) => entry.id === itemEnd(event).actorId),
    entrySent: ({ context, event }) => context.entries.some((entry) => entry.id === itemEnd(event).actorId) && itemEnd(event).output?.outcome === 'sent',
  },
}).createMachine({
  id: 'inboxOutbox',
  description:
    'What the agent sends, one at a time in the order sent: a reply is one machines/chat-media child (a file uploaded with progress, then sent; a failed one resent under the same deliver id), ending a conversation one request. A failed item waits for a retry, which sends it after what is queued then, or a discard; the rest go on.',
  context: { entries: [] },
  on: {
    'outbox.queue': { guard: 'newRequest', actions: 'enqueue' },
    'outbox.retry': { guard: 'failedEntry', actions: 'retry' },
    'outbox.discard': { guard: 'failedEntry', actions: 'discard' },
    // A reply's machine that is not on its way (one that failed) ending or breaking all the same.
    'xstate.done.actor.*': [
      { guard: 'entrySent', actions: [{ type: 'sent', params: sentReply }, 'finishItem'] },
      { guard: 'isEntry', actions: 'breakItem' },
    ],
    'xstate.error.actor.*': { guard: 'isEntry', actions: 'breakItem' },
  },
  initial: 'idle',
  states: {
    idle: {
      always: [
        { guard: 'nextReply', target: 'sending' },
        { guard: 'nextEnd', target: 'ending' },
      ],
    },
    sending: {
      tags: 'outbox:busy',
      description: "A reply on its way: its machine uploads and sends it, and says when it failed.",
      entry: 'startHead',
      on: {
        'item.failed': { guard: 'fromHead', target: 'idle', actions: 'markFailed' },
        'xstate.done.actor.*': [
          { guard: 'headSent', target: 'idle', actions: [{ type: 'sent', params: sentReply }, 'finishItem'] },
          { guard: 'fromHead', target: 'idle', actions: 'breakItem' },
        ],
        'xstate.error.actor.*': { guard: 'fromHead', target: 'idle', actions: 'breakItem' },
      },
    },
    ending: {
      tags: 'outbox:busy',
      description: 'POST …/end: the customer sees the end; their next message starts a new conversation.',
      invoke: {
        id: 'endConversation',
        src: 'endConversation',
        input: ({ context }) => ({ id: head(context)!.conversationId }),
        onDone: [
          {
            guard: { type: 'succeeded', params: actorOutput },
            target: 'idle',
            actions: [{ type: 'ended', params: ({ context }) => ({ conversationId: head(context)!.conversationId }) }, 'dropHead'],
          },
          { target: 'idle', actions: { type: 'failHead', params: answeredFailure } },
        ],
        onError: { target: 'idle', actions: { type: 'failHead', params: noAnswer } },
      },
    },
  },
});
