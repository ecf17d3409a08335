import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { cannedRepliesMachine } from '../canned-replies/canned-replies.machine.ts';
import type { InboxConversationEvent } from '../inbox-conversation/inbox-conversation.types.ts';
import type { InboxListEvent } from '../inbox-list/inbox-list.types.ts';
import { inboxListMachine } from '../inbox-list/inbox-list.machine.ts';
import { actorOutput } from '../shared/actors.ts';
import { NETWORK_ERROR } from '../shared/result.ts';
import { socketLinkFor } from '../socket-link/socket-link.machine.ts';
import type { SocketLinkEvent, SocketLinkOutput } from '../socket-link/socket-link.types.ts';
import { inboxComposerFor, inboxConversationFor, inboxOutboxFor } from './agent-inbox.children.ts';
import { rememberRoom } from './agent-inbox.rules.ts';
import type { AgentInboxContext, AgentInboxEvent, AgentInboxInput, AgentInboxTag } from './agent-inbox.types.ts';

/** A child that broke (a bug): logged, and it starts again. */
const BROKEN = { type: 'logFailure', params: { message: 'CHILD_BROKEN' } } as const;

export const agentInboxMachine = setup({
  types: {
    context: {} as AgentInboxContext,
    events: {} as AgentInboxEvent,
    input: {} as AgentInboxInput,
    tags: {} as AgentInboxTag,
    children: {} as { socketLink: 'socketLink'; list: 'list'; canned: 'canned'; outbox: 'outbox'; conversation: 'conversation'; composer: 'composer' },
  },
  actors: {
    socketLink: socketLinkFor<AgentInboxEvent>(),
    list: inboxListMachine,
    canned: cannedRepliesMachine,
    outbox: inboxOutboxFor(),
    conversation: inboxConversationFor(),
    composer: inboxComposerFor(),
  },
  actions: {
    toList: enqueueActions(({ enqueue }, event: InboxListEvent) => enqueue.sendTo('list', event)),
    // Only while a conversation is selected: it is the child then.
    toConversation: enqueueActions(({ context, enqueue }, event: InboxConversationEvent) => {
      if (context.selectedId !== null) enqueue.sendTo('conversation', event);
    }),
    toOutbox: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'outbox.queue');
      enqueue.sendTo('outbox', event);
    }),
    select: assign(({ event }) => {
      assertEvent(event, 'conversation.select');
      return { selectedId: event.id };
    }),
    // Leaving a conversation the agent typed in tells its room they stopped.
    leave: enqueueActions(({ context, enqueue }) => {
      if (context.typing && context.open && context.online === true) enqueue.sendTo('socketLink', { type: 'link.typing', room: context.open.room, typing: false } satisfies SocketLinkEvent);
      enqueue.assign({ open: null, typing: false });
    }),
    unselect: assign({ selectedId: null }),
    // The open conversation's room, joined now and again after every reconnect.
    opened: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'conversation.opened');
      const { room, userId, guestId } = event;
      enqueue.assign({ open: { room, userId, guestId }, rooms: rememberRoom(context.rooms, room) });
      if (context.online === true) enqueue.sendTo('socketLink', { type: 'link.join', room } satisfies SocketLinkEvent);
    }),
    rejoinRooms: enqueueActions(({ context, enqueue }) => {
      for (const room of context.rooms) enqueue.sendTo('socketLink', { type: 'link.join', room } satisfies SocketLinkEvent);
    }),
    // Commands go to the link only while connected: socket.io would otherwise send them late, on its next connect.
    agentTyping: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'agent.typing');
      enqueue.assign({ typing: event.typing });
      if (context.open && context.online === true) enqueue.sendTo('socketLink', { type: 'link.typing', room: context.open.room, typing: event.typing } satisfies SocketLinkEvent);
    }),
    // Back after a drop: what changed meanwhile came as events nobody heard; read the list and the open conversation again.
    setConnection: enqueueActions(({ context, event, enqueue }) => {
      const connected = event.type === 'link.up';
      enqueue.assign({ online: connected });
      if (connected && context.online === false) {
        enqueue.sendTo('list', { type: 'list.refresh' } satisfies InboxListEvent);
        if (context.selectedId !== null) enqueue.sendTo('conversation', { type: 'history.catchUp' } satisfies InboxConversationEvent);
      }
    }),
    setPresence: assign(({ event }) => {
      assertEvent(event, 'socket.presence');
      return { agentsOnline: event.agents };
    }),
    // A message after the end belongs to the customer's next session: the end marker goes.
    forgetEnd: assign(({ context, event }) => {
      assertEvent(event, 'socket.message');
      return { ended: context.ended.filter((id) => id !== event.message.conversationId) };
    }),
    // The conversation that ended shows its end marker, and its newest page even when the socket is down.
    markEnded: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'conversation.ended');
      enqueue.assign({ ended: [...context.ended.filter((id) => id !== event.conversationId), event.conversationId] });
      if (event.conversationId === context.selectedId) enqueue.sendTo('conversation', { type: 'history.catchUp' } satisfies InboxConversationEvent);
    }),
    showStoredReply: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'reply.sent');
      if (event.conversationId === context.selectedId) enqueue.sendTo('conversation', { type: 'reply.stored', message: event.message } satisfies InboxConversationEvent);
    }),
    // The socket is gone: nothing is sent to it, and coming back reads what was missed.
    failSocket: assign((_, { message }: { message: string }) => ({ socketFailure: message, online: false })),
    clearSocketFailure: assign({ socketFailure: null }),
    // Provided by the view: the server refused the socket for good (the operator's session ends there).
    refused: (_, _params: { message: string }) => {},
    // Provided by the view: background reads that failed are only logged.
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    alreadyOpen: ({ context, event }) => event.type === 'conversation.select' && event.id === context.selectedId,
    // The link was refused for good (a token no good here, a session revoked under it): the session ends.
    linkRefused: (_, output: SocketLinkOutput) => output.outcome === 'refused',
  },
}).createMachine({
  id: 'agentInbox',
  description:
    'The agent inbox: the conversations (machines/inbox-list), one open at a time (machines/inbox-conversation) with its composer (machines/inbox-composer), what the agent sends (machines/inbox-outbox), canned replies (machines/canned-replies), over the agents\' socket (machines/socket-link). The inbox passes the socket\'s news to the list and the open conversation, joins the open conversation\'s room (again after every reconnect), reads the list and the conversation again after a drop, and keeps the end marker of a conversation the agent ended until its customer writes again.',
  context: ({ input }) => ({
    ...input,
    selectedId: null,
    open: null,
    typing: false,
    ended: [],
    online: null,
    agentsOnline: null,
    rooms: [],
    socketFailure: null,
  }),
  on: {
    'socket.inbox': { actions: [{ type: 'toList', params: ({ event }) => event }, { type: 'toConversation', params: ({ event }) => event }] },
    'socket.message': { actions: ['forgetEnd', { type: 'toConversation', params: ({ event }) => event }] },
    'socket.typing': { actions: { type: 'toConversation', params: ({ event }) => event } },
    'socket.read': { actions: { type: 'toConversation', params: ({ event }) => event } },
    'socket.presence': { actions: 'setPresence' },
    'conversation.read': { actions: { type: 'toList', params: ({ event }) => event } },
    'read.failed': { actions: { type: 'logFailure', params: ({ event }) => ({ message: event.message }) } },
    'outbox.queue': { actions: 'toOutbox' },
    'reply.sent': { actions: 'showStoredReply' },
    'conversation.ended': { actions: 'markEnded' },
  },
  type: 'parallel',
  states: {
    // The list, the canned replies and the outbox run for the inbox's life; one that broke (a bug) is logged and starts again.
    list: {
      initial: 'running',
      states: { running: { invoke: { id: 'list', src: 'list', onError: { target: 'running', reenter: true, actions: BROKEN } } } },
    },
    canned: {
      initial: 'running',
      states: {
        running: {
          invoke: { id: 'canned', src: 'canned', input: ({ context }) => ({ canEditCanned: context.canEditCanned }), onError: { target: 'running', reenter: true, actions: BROKEN } },
        },
      },
    },
    outbox: {
      initial: 'running',
      states: { running: { invoke: { id: 'outbox', src: 'outbox', onError: { target: 'running', reenter: true, actions: BROKEN } } } },
    },
    conversation: {
      description: 'At most one conversation open, a fresh child each time; on phones the list and the conversation take turns.',
      initial: 'none',
      states: {
        none: {
          on: { 'conversation.select': { target: 'selected', actions: ['select', { type: 'toList', params: ({ event }) => event }] } },
        },
        selected: {
          on: {
            // Another conversation: a fresh child (re-entering this state only, not the inbox's other regions).
            'conversation.select': [
              { guard: 'alreadyOpen' },
              { target: 'selected', reenter: true, actions: ['leave', 'select', { type: 'toList', params: ({ event }) => event }] },
            ],
            'conversation.close': { target: 'none', actions: ['leave', 'unselect', { type: 'toList', params: ({ event }) => event }] },
          },
          invoke: {
            id: 'conversation',
            src: 'conversation',
            input: ({ context }) => ({ id: context.selectedId! }),
            onError: { target: 'selected', reenter: true, actions: ['leave', BROKEN] },
          },
          initial: 'opening',
          states: {
            opening: { on: { 'conversation.opened': { target: 'open', actions: 'opened' } } },
            open: {
              description: "Loaded: its room is joined, and the agent writes (the composer's typing goes to the room).",
              invoke: {
                id: 'composer',
                src: 'composer',
                input: ({ context }) => ({ conversationId: context.selectedId!, userId: context.open!.userId, guestId: context.open!.guestId, origin: context.origin }),
                onError: { target: 'open', reenter: true, actions: BROKEN },
              },
              on: { 'agent.typing': { actions: 'agentTyping' } },
            },
          },
        },
      },
    },
    socket: {
      description:
        "The agents' socket (machines/socket-link: it reconnects a socket socket.io gave up on 5 s later). Every connect joins the rooms remembered again. A token no good here ('invalid-token', 'UNAUTHORIZED', a session revoked under it) is the end (the view ends the session); too many sockets (REQUEST_LIMIT) or a broken socket show why, with a retry.",
      initial: 'live',
      states: {
        live: {
          invoke: {
            id: 'socketLink',
            src: 'socketLink',
            // A refusal a retry may cure (SERVER_ERROR) is tried again 5 s later.
            input: { guestToken: null, everyRefusalEnds: false },
            onDone: [
              { guard: { type: 'linkRefused', params: actorOutput }, target: 'refused', actions: { type: 'failSocket', params: actorOutput } },
              { target: 'failed', actions: { type: 'failSocket', params: actorOutput } },
            ],
            onError: { target: 'failed', actions: { type: 'failSocket', params: { message: NETWORK_ERROR } } },
          },
          on: {
            'link.up': { actions: ['setConnection', 'rejoinRooms'] },
            'link.down': { actions: 'setConnection' },
          },
        },
        failed: {
          tags: 'socket:failed',
          description: 'The socket gave up: too many inbox tabs (REQUEST_LIMIT) or it broke. The reason shows; the agent may try again.',
          on: { 'socket.retry': { target: 'live', actions: 'clearSocketFailure' } },
        },
        refused: {
          description: "Refused for good: the view ends the operator's session.",
          entry: { type: 'refused', params: ({ context }) => ({ message: context.socketFailure! }) },
        },
      },
    },
  },
});
