import { assertEvent, assign, enqueueActions, raise, sendTo, setup } from 'xstate';
import type { ChatConnectionEvent } from '../chat-connection/chat-connection.types.ts';
import type { ChatHistoryEvent } from '../chat-history/chat-history.types.ts';
import { chatConnectionFor, chatHistoryFor, connectionNow } from './chat-widget.children.ts';
import type { ChatWidgetContext, ChatWidgetEvent, ChatWidgetInput, ChatWidgetTag, ConnectionNow, ConnectionStatus } from './chat-widget.types.ts';

/** How long the first connect may take before the panel says it is connecting (spec 4). */
export const CONNECTION_NOTICE_MS = 1500;

/** A child that broke (a bug): logged, and it starts again. */
const BROKEN = { type: 'logFailure', params: { message: 'CHILD_BROKEN' } } as const;

const statusIs =
  (...statuses: ConnectionStatus[]) =>
  ({ event }: { event: ChatWidgetEvent }) =>
    event.type === 'connection.status' && statuses.includes(event.status);

export const chatWidgetMachine = setup({
  types: {
    context: {} as ChatWidgetContext,
    events: {} as ChatWidgetEvent,
    input: {} as ChatWidgetInput,
    tags: {} as ChatWidgetTag,
    children: {} as { connection: 'connection'; history: 'history' },
  },
  actors: {
    connection: chatConnectionFor(),
    history: chatHistoryFor(),
  },
  actions: {
    // The connection's snapshots: a change of its state is raised as connection.status.
    followConnection: enqueueActions(({ context, enqueue }, now: ConnectionNow | null) => {
      if (now && (now.status !== context.status || now.guestId !== context.guestId || now.failure !== context.failure)) {
        enqueue.raise({ type: 'connection.status', ...now });
      }
    }),
    keepStatus: assign(({ context, event }) => {
      assertEvent(event, 'connection.status');
      const { status, guestId, failure } = event;
      return { status, guestId, failure, agents: status === 'ready' ? context.presence : null };
    }),
    keepPresence: assign(({ context, event }) => {
      assertEvent(event, 'connection.presence');
      return { presence: event.agents, agents: context.status === 'ready' ? event.agents : null };
    }),
    keepVisible: assign(({ event }) => {
      assertEvent(event, 'widget.visible');
      return { visible: event.visible };
    }),
    toConnection: sendTo('connection', ({ event }): ChatConnectionEvent => {
      if (event.type === 'conversation.ended') return { type: 'chat.ended', message: event.message };
      assertEvent(event, ['chat.typing', 'chat.retry']);
      return event;
    }),
    // The connection's news and the panel's visibility, in the history's words.
    toHistory: sendTo('history', ({ event }): ChatHistoryEvent => {
      assertEvent(event, ['connection.message', 'connection.sessionEnded', 'connection.typing', 'connection.status', 'widget.visible']);
      switch (event.type) {
        case 'connection.message':
          return { type: 'history.received', message: event.message };
        case 'connection.sessionEnded':
          return { type: 'history.sessionEnded', sessionId: event.sessionId };
        case 'connection.typing':
          return { type: 'history.typing', typing: event.typing, sender: event.sender };
        case 'connection.status':
          return { type: event.status === 'ready' ? 'history.online' : 'history.offline' };
        case 'widget.visible':
          return { type: 'history.visible', visible: event.visible };
      }
    }),
    // A connection that broke starts again from the start.
    restart: raise({ type: 'connection.status', status: 'starting', guestId: null, failure: null }),
    // Provided by the view: a child that broke (a bug) is logged.
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    starting: statusIs('starting'),
    cannotStart: statusIs('cannotStart'),
    inRoom: statusIs('connecting', 'ready', 'reconnecting'),
    connecting: statusIs('connecting'),
    reconnecting: statusIs('reconnecting'),
  },
  delays: {
    notice: CONNECTION_NOTICE_MS,
  },
}).createMachine({
  id: 'chatWidget',
  description:
    "The chat widget (spec 2, 4, 7, 9): the connection (machines/chat-connection) for the widget's life, and the history (machines/chat-history) of the conversation while the connection is in its room, a new one after every start (a new guest after a refusal is a new conversation). The widget passes the room's messages, typing and an agent's end of the conversation to the history, tells it when the room is joined or lost and whether the panel is seen, and tells the connection of a conversation the server ended; it keeps support's presence and says 'Connecting…' while reconnecting or after 1.5 s of connecting.",
  context: ({ input }) => ({ ...input, status: 'starting', guestId: null, failure: null, presence: null, agents: null }),
  type: 'parallel',
  states: {
    connection: {
      description: "The connection runs for the widget's life; its state is followed from its snapshots, its news comes from its reports.",
      initial: 'running',
      states: {
        running: {
          invoke: {
            id: 'connection',
            src: 'connection',
            input: ({ context }) => ({ userId: context.userId }),
            onSnapshot: {
              actions: {
                type: 'followConnection',
                params: ({ event }) => connectionNow(event.snapshot),
              },
            },
            onError: { target: 'running', reenter: true, actions: [BROKEN, 'restart'] },
          },
          on: {
            'connection.status': { actions: 'keepStatus' },
            'connection.presence': { actions: 'keepPresence' },
            // Kept here (a region always active) for the next history; the one open hears it too.
            'widget.visible': { actions: 'keepVisible' },
            'chat.typing': { actions: 'toConnection' },
            'chat.retry': { actions: 'toConnection' },
            'conversation.ended': { actions: 'toConnection' },
          },
        },
      },
    },
    conversation: {
      description: 'The history of one conversation, while the connection is in its room; starting again (a retry, a new guest) is a new history.',
      initial: 'waiting',
      states: {
        waiting: {
          tags: 'starting',
          description: 'The connection starts (config, guest id): nothing to show yet.',
          on: { 'connection.status': [{ guard: 'cannotStart', target: 'cannotStart' }, { guard: 'inRoom', target: 'open' }] },
        },
        cannotStart: {
          tags: 'cannotStart',
          description: "'Cannot start chatting' (spec 2): the failure says why; the customer may retry.",
          on: { 'connection.status': { guard: 'starting', target: 'waiting' } },
        },
        open: {
          description: "The conversation: the history hears the room's messages and typing, whether the room is joined, and whether the panel is seen.",
          invoke: {
            id: 'history',
            src: 'history',
            input: ({ context }) => ({
              // The widget knows who writes: without a member signed in, a guest.
              writer: context.userId === null ? 'guest' : 'member',
              userId: context.userId,
              guestId: context.userId === null ? context.guestId : null,
              visible: context.visible,
              online: context.status === 'ready',
            }),
            onError: { target: 'open', reenter: true, actions: BROKEN },
          },
          on: {
            'connection.status': [{ guard: 'starting', target: 'waiting' }, { guard: 'cannotStart', target: 'cannotStart' }, { actions: 'toHistory' }],
            'connection.message': { actions: 'toHistory' },
            'connection.sessionEnded': { actions: 'toHistory' },
            'connection.typing': { actions: 'toHistory' },
            'widget.visible': { actions: 'toHistory' },
          },
        },
      },
    },
    notice: {
      description: "spec 4: 'Connecting…' while the socket is down; the first connect usually takes a moment, so it shows only after 1.5 s of it.",
      initial: 'quiet',
      states: {
        quiet: {
          on: { 'connection.status': [{ guard: 'connecting', target: 'waiting' }, { guard: 'reconnecting', target: 'reconnecting' }] },
        },
        waiting: {
          description: 'Connecting (or joining again after a drop), for less than 1.5 s.',
          after: { notice: 'slow' },
          on: { 'connection.status': [{ guard: 'connecting' }, { guard: 'reconnecting', target: 'reconnecting' }, { target: 'quiet' }] },
        },
        slow: {
          tags: 'connectionNotice',
          description: 'Connecting for longer than 1.5 s: what the customer writes waits and goes once connected.',
          on: { 'connection.status': [{ guard: 'connecting' }, { guard: 'reconnecting', target: 'reconnecting' }, { target: 'quiet' }] },
        },
        reconnecting: {
          tags: 'connectionNotice',
          description: 'The socket dropped: what the customer writes waits; joining again after it connects is connecting anew.',
          on: { 'connection.status': [{ guard: 'reconnecting' }, { guard: 'connecting', target: 'waiting' }, { target: 'quiet' }] },
        },
      },
    },
  },
});
