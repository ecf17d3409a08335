/**
 * The agent inbox's children with their I/O over an API client that
 * carries the operator's token (/api/ops/chat/*; the view provides these,
 * it writes none), and the socket under its link. The client is a
 * parameter, not the member's: a later operator console passes its own.
 */
import type { ApiClient } from '../../src/api/client.ts';
import { cannedRepliesActors } from '../canned-replies/canned-replies.actors.ts';
import { cannedRepliesMachine } from '../canned-replies/canned-replies.machine.ts';
import { inboxConversationActors } from '../inbox-conversation/inbox-conversation.actors.ts';
import { inboxListActors } from '../inbox-list/inbox-list.actors.ts';
import { inboxListMachine } from '../inbox-list/inbox-list.machine.ts';
import { inboxOutboxActors } from '../inbox-outbox/inbox-outbox.actors.ts';
import { socketLinkFor } from '../socket-link/socket-link.machine.ts';
import type { SocketLogic } from '../socket-link/socket-link.types.ts';
import { inboxConversationFor, inboxOutboxFor } from './agent-inbox.children.ts';
import type { AgentInboxEvent } from './agent-inbox.types.ts';

export function agentInboxActors(api: ApiClient, socket: SocketLogic) {
  return {
    socketLink: socketLinkFor<AgentInboxEvent>(socket),
    list: inboxListMachine.provide({ actors: inboxListActors(api) }),
    canned: cannedRepliesMachine.provide({ actors: cannedRepliesActors(api) }),
    outbox: inboxOutboxFor(inboxOutboxActors(api)),
    conversation: inboxConversationFor(inboxConversationActors(api)),
  };
}
