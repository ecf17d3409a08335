/**
 * The chat's socket as one child machine (docs/decisions/0109-one-socket-link.md):
 * the widget's connection and the agent inbox invoke it, join their rooms
 * through it and read what it reports. socket.io reconnects every 500 ms by
 * itself; when it gives up (the server closed the socket, or refused a
 * handshake a retry may cure) the link asks it again 5 s later (spec 4).
 * A refusal for good ends the link with the reason; its parent decides what
 * that means (the widget: 'Cannot start chatting'; the inbox: the session
 * ends, or a retry).
 */
import { assertEvent, assign, fromCallback, sendParent, sendTo, setup, type EventObject } from 'xstate';
import { CHAT_SOCKET_CHECK_MS } from '../../src/contract/chat.ts';
import { NETWORK_ERROR } from '../shared/result.ts';
import type {
  SocketCommand,
  SocketInput,
  SocketLinkContext,
  SocketLinkEvent,
  SocketLinkInput,
  SocketLinkOutput,
  SocketLinkReport,
  SocketLinkTag,
  SocketLogic,
} from './socket-link.types.ts';

/** Refusals a reconnect cannot help: the token is no good here (the session is over). */
const FOR_GOOD: readonly string[] = ['invalid-token', 'UNAUTHORIZED'];

/** The socket's default: fails at once naming what is missing (the view provides it). */
const socketNotProvided = fromCallback<SocketCommand, SocketInput>(() => {
  throw new Error('Actor "socket" is not provided: pass it with machine.provide({ actors: { socket } })');
});

const refusal = (event: SocketLinkEvent) => (event.type === 'socket.connectError' && !event.retrying ? event.message : null);

export const socketLinkMachine = setup({
  types: {
    context: {} as SocketLinkContext,
    events: {} as SocketLinkEvent,
    input: {} as SocketLinkInput,
    output: {} as SocketLinkOutput,
    tags: {} as SocketLinkTag,
  },
  actors: { socket: socketNotProvided },
  actions: {
    fail: assign((_, { message }: { message: string }) => ({ failure: message })),
    askReconnect: sendTo('socket', { type: 'reconnect' } satisfies SocketCommand),
    command: sendTo('socket', ({ event }): SocketCommand => {
      if (event.type === 'link.join') return { type: 'join', room: event.room };
      assertEvent(event, 'link.typing');
      return { type: 'typing', room: event.room, typing: event.typing };
    }),
    // Provided by the parent (socketLinkFor): the report goes up as an event.
    report: (_, _report: SocketLinkReport) => {},
  },
  guards: {
    forGood: ({ event }) => FOR_GOOD.includes(refusal(event) ?? ''),
    tooManySockets: ({ event }) => refusal(event) === 'REQUEST_LIMIT',
    refusalEnds: ({ context, event }) => context.everyRefusalEnds && refusal(event) !== null,
    refused: ({ event }) => refusal(event) !== null,
    retrying: ({ event }) => event.type === 'socket.disconnected' && event.retrying,
    // The server ended the session under a connected socket.
    sessionRevoked: ({ event }) => event.type === 'socket.refused' && event.message === 'invalid-token',
  },
  delays: { socketCheck: CHAT_SOCKET_CHECK_MS },
}).createMachine({
  id: 'socketLink',
  description:
    "The chat's socket (spec 4, 7): connected, or not and socket.io at it (every 500 ms), or given up and asked again 5 s later. What the rooms say passes up as it comes. A token that is no good here ('invalid-token', 'UNAUTHORIZED', a session revoked under it) ends the link refused; too many sockets (REQUEST_LIMIT), a broken socket, or, where the parent wants it, any refused handshake ends it failed.",
  context: ({ input }) => ({ ...input, failure: null }),
  output: ({ context }) => ({ outcome: FOR_GOOD.includes(context.failure ?? '') ? 'refused' : 'failed', message: context.failure ?? NETWORK_ERROR }),
  initial: 'live',
  states: {
    live: {
      description: 'The socket lives as long as this state: leaving it disconnects it.',
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context }) => ({ guestToken: context.guestToken }),
        onError: { target: 'failed', actions: { type: 'fail', params: { message: NETWORK_ERROR } } },
      },
      on: {
        'socket.refused': [
          { guard: 'sessionRevoked', target: 'refused', actions: { type: 'fail', params: ({ event }) => ({ message: event.message }) } },
          { actions: { type: 'report', params: ({ event }) => event } },
        ],
        'socket.message': { actions: { type: 'report', params: ({ event }) => event } },
        'socket.typing': { actions: { type: 'report', params: ({ event }) => event } },
        'socket.read': { actions: { type: 'report', params: ({ event }) => event } },
        'socket.presence': { actions: { type: 'report', params: ({ event }) => event } },
        'socket.ended': { actions: { type: 'report', params: ({ event }) => event } },
        'socket.inbox': { actions: { type: 'report', params: ({ event }) => event } },
        'socket.wallet': { actions: { type: 'report', params: ({ event }) => event } },
        'socket.joined': { actions: { type: 'report', params: ({ event }) => event } },
        'socket.joinRefused': { actions: { type: 'report', params: ({ event }) => event } },
        'socket.disconnected': [
          { guard: 'retrying', target: '.down.connecting', actions: { type: 'report', params: { type: 'link.down' } } },
          { target: '.down.stalled', actions: { type: 'report', params: { type: 'link.down' } } },
        ],
        // Commands go whatever the state: the adapter sends them only while connected.
        'link.join': { actions: 'command' },
        'link.typing': { actions: 'command' },
      },
      initial: 'down',
      states: {
        down: {
          on: {
            'socket.connected': { target: 'up', actions: { type: 'report', params: { type: 'link.up' } } },
            'socket.connectError': [
              { guard: 'forGood', target: '#socketLink.refused', actions: { type: 'fail', params: ({ event }) => ({ message: event.message }) } },
              { guard: 'tooManySockets', target: '#socketLink.failed', actions: { type: 'fail', params: ({ event }) => ({ message: event.message }) } },
              { guard: 'refusalEnds', target: '#socketLink.failed', actions: { type: 'fail', params: ({ event }) => ({ message: event.message }) } },
              { guard: 'refused', target: '.stalled', actions: { type: 'report', params: { type: 'link.down' } } },
              { actions: { type: 'report', params: { type: 'link.down' } } },
            ],
          },
          initial: 'connecting',
          states: {
            connecting: {
              tags: 'connecting',
              description: 'Connecting, or reconnecting after a drop: socket.io is at it (every 500 ms).',
            },
            stalled: {
              tags: 'stalled',
              description: 'socket.io gave up (the server closed the socket, or refused a handshake a retry may cure): 5 s later it is asked to connect again.',
              after: { socketCheck: { target: 'connecting', actions: 'askReconnect' } },
            },
          },
        },
        up: {
          tags: 'connected',
        },
      },
    },
    refused: {
      type: 'final',
      description: "Refused for good: a token that is no good here, or a session revoked under the socket.",
    },
    failed: {
      type: 'final',
      description: 'Too many sockets (REQUEST_LIMIT), a broken socket, or a refusal the parent does not retry: a retry is the parent\'s.',
    },
  },
});

/**
 * The link as a child of a machine whose events include SocketLinkReport:
 * what it reports goes to that parent. `socket` is the view's adapter; the
 * parent's default leaves it unprovided.
 */
export function socketLinkFor<TParentEvent extends EventObject>(socket?: SocketLogic) {
  return socketLinkMachine.provide({
    actors: socket ? { socket } : {},
    actions: {
      report: sendParent<SocketLinkContext, SocketLinkEvent, SocketLinkReport, TParentEvent, SocketLinkEvent>((_, report) => report as unknown as TParentEvent),
    },
  });
}
