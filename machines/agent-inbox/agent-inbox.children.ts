/**
 * The inbox's children wired to tell it what happened (XState's sendParent
 * in the named actions each child leaves to its parent), with their I/O
 * when the view gives it (agent-inbox.actors.ts).
 */
import { sendParent, type EventObject, type MachineContext } from 'xstate';
import { inboxComposerMachine } from '../inbox-composer/inbox-composer.machine.ts';
import type { InboxComposerContext, InboxComposerEvent } from '../inbox-composer/inbox-composer.types.ts';
import { inboxConversationMachine } from '../inbox-conversation/inbox-conversation.machine.ts';
import type { InboxConversationContext, InboxConversationEvent, OpenedRoom } from '../inbox-conversation/inbox-conversation.types.ts';
import { inboxOutboxMachine } from '../inbox-outbox/inbox-outbox.machine.ts';
import type { InboxOutboxContext, InboxOutboxEvent, OutboxRequest, SentReply } from '../inbox-outbox/inbox-outbox.types.ts';
import type { AgentInboxEvent } from './agent-inbox.types.ts';

/** A child's named action (of that child's context and events) that sends the inbox the event `toEvent` makes of its params. */
const teller =
  <TContext extends MachineContext, TEvent extends EventObject>() =>
  <TParams extends object>(toEvent: (params: TParams) => AgentInboxEvent) =>
    sendParent<TContext, TEvent, TParams, AgentInboxEvent, TEvent>((_, params) => toEvent(params));

export function inboxConversationFor(io: Parameters<typeof inboxConversationMachine.provide>[0]['actors'] = {}) {
  const tell = teller<InboxConversationContext, InboxConversationEvent>();
  return inboxConversationMachine.provide({
    actors: io,
    actions: {
      opened: tell<OpenedRoom>((room) => ({ type: 'conversation.opened', ...room })),
      read: tell<{ id: string }>(({ id }) => ({ type: 'conversation.read', id })),
      logFailure: tell<{ message: string }>(({ message }) => ({ type: 'read.failed', message })),
    },
  });
}

export function inboxComposerFor() {
  const tell = teller<InboxComposerContext, InboxComposerEvent>();
  return inboxComposerMachine.provide({
    actions: {
      queue: tell<OutboxRequest>((request) => ({ type: 'outbox.queue', request })),
      tellTyping: tell<{ typing: boolean }>(({ typing }) => ({ type: 'agent.typing', typing })),
    },
  });
}

export function inboxOutboxFor(io: Parameters<typeof inboxOutboxMachine.provide>[0]['actors'] = {}) {
  const tell = teller<InboxOutboxContext, InboxOutboxEvent>();
  return inboxOutboxMachine.provide({
    actors: io,
    actions: {
      sent: tell<SentReply>(({ conversationId, message }) => ({ type: 'reply.sent', conversationId, message })),
      ended: tell<{ conversationId: string }>(({ conversationId }) => ({ type: 'conversation.ended', conversationId })),
    },
  });
}
