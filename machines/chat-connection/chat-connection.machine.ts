import { assertEvent, assign, emit, sendTo, setup } from 'xstate';
import { CHAT_SOCKET_CHECK_MS, chatRoom } from '../../src/contract/chat.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { succeeded } from '../shared/answer.ts';
import { failureMessage, NETWORK_ERROR, okData } from '../shared/result.ts';
import { socketLinkFor } from '../socket-link/socket-link.machine.ts';
import type { SocketLinkEvent, SocketLinkOutput } from '../socket-link/socket-link.types.ts';
import { conversationOver } from './conversation-over.ts';
import type {
  ChatConnectionContext,
  ChatConnectionEmitted,
  ChatConnectionEvent,
  ChatConnectionInput,
  ChatConnectionTag,
  ConfigAnswer,
  GuestAnswer,
} from './chat-connection.types.ts';

const failedWith = (message: string) => ({ message });

export const chatConnectionMachine = setup({
  types: {
    context: {} as ChatConnectionContext,
    events: {} as ChatConnectionEvent,
    input: {} as ChatConnectionInput,
    tags: {} as ChatConnectionTag,
    emitted: {} as ChatConnectionEmitted,
  },
  actors: {
    loadConfig: notProvided<ConfigAnswer>('loadConfig'),
    ensureGuest: notProvided<GuestAnswer>('ensureGuest'),
    socketLink: socketLinkFor<ChatConnectionEvent>(),
  },
  actions: {
    keepPrefix: assign((_, answer: ConfigAnswer) => ({ prefix: okData(answer).PREFIX })),
    keepGuest: assign((_, answer: GuestAnswer) => ({ guestId: okData(answer).guestId, guestToken: okData(answer).guestToken })),
    nameRoom: assign(({ context }) => ({ room: chatRoom(context.prefix ?? '', context.userId ?? context.guestId ?? '') })),
    fail: assign((_, { message }: { message: string }) => ({ failure: message })),
    startOver: assign({ failure: null, prefix: null, room: null }),
    markJoined: assign({ joined: true }),
    join: sendTo('socketLink', ({ context }): SocketLinkEvent => ({ type: 'link.join', room: context.room ?? '' })),
    passTyping: sendTo('socketLink', ({ context, event }): SocketLinkEvent => {
      assertEvent(event, 'chat.typing');
      return { type: 'link.typing', room: context.room ?? '', typing: event.typing };
    }),
    announceReady: emit(({ context }): ChatConnectionEmitted => ({ type: 'chat.ready', resumed: context.joined })),
    announceLost: emit({ type: 'chat.lost' } satisfies ChatConnectionEmitted),
    passMessage: emit(({ event }): ChatConnectionEmitted => {
      assertEvent(event, 'socket.message');
      return { type: 'chat.message', message: event.message };
    }),
    passTypingOfOthers: emit(({ event }): ChatConnectionEmitted => {
      assertEvent(event, 'socket.typing');
      return { type: 'chat.typing', typing: event.typing, sender: event.sender, room: event.room };
    }),
    passRead: emit(({ event }): ChatConnectionEmitted => {
      assertEvent(event, 'socket.read');
      return { type: 'chat.read', sender: event.sender, readAt: event.readAt, room: event.room };
    }),
    passPresence: emit(({ event }): ChatConnectionEmitted => {
      assertEvent(event, 'socket.presence');
      return { type: 'chat.presence', agents: event.agents };
    }),
    passSessionEnded: emit(({ event }): ChatConnectionEmitted => {
      assertEvent(event, 'socket.ended');
      return { type: 'chat.sessionEnded', sessionId: event.sessionId };
    }),
    // Provided by the view layer: the member's session ended (spec 8, told in one place: to /login).
    endSession: () => {},
    // Provided by the view layer: forgets the stored guest credentials, so the next start is a new guest.
    forgetGuest: () => {},
  },
  guards: {
    succeeded,
    isGuest: ({ context }) => context.userId === null,
    // The server ended a member's session (the socket's 'invalid-token'): the session is told.
    sessionEnded: ({ context }) => context.userId !== null && context.failure === 'invalid-token',
    guestEnded: ({ context }) => context.userId === null && conversationOver(context.failure),
  },
  delays: {
    socketCheck: CHAT_SOCKET_CHECK_MS,
  },
}).createMachine({
  id: 'chatConnection',
  description:
    'The chat widget\'s connection (spec 2, 4, 7): the room prefix, a guest\'s id, the socket (machines/socket-link: it reconnects), the room `{PREFIX}-{userId or guestId}` joined, joined again after every drop, and what arrives in it passed on. A refusal (config, guest id, join, handshake, a revoked session, a conversation the server ended) is \'Cannot start chatting\' with a retry, never a reconnect loop; a guest the server no longer takes starts again as a new guest.',
  context: ({ input }) => ({ userId: input.userId, guestId: null, guestToken: null, prefix: null, room: null, failure: null, joined: false }),
  initial: 'starting',
  states: {
    starting: {
      tags: 'starting',
      initial: 'config',
      states: {
        config: {
          description: 'GET /api/chat/config: the room prefix.',
          invoke: {
            id: 'loadConfig',
            src: 'loadConfig',
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: 'identity', actions: { type: 'keepPrefix', params: actorOutput } },
              { target: '#chatConnection.cannotStart', actions: { type: 'fail', params: ({ event }) => failedWith(failureMessage(event.output)) } },
            ],
            onError: { target: '#chatConnection.cannotStart', actions: { type: 'fail', params: failedWith(NETWORK_ERROR) } },
          },
        },
        identity: {
          always: [{ guard: 'isGuest', target: 'guest' }, { target: '#chatConnection.live', actions: 'nameRoom' }],
        },
        guest: {
          description: 'A guest\'s id (spec 1): the one kept in localStorage with its signed token, renewed, or a new one (POST /api/chat/guest).',
          invoke: {
            id: 'ensureGuest',
            src: 'ensureGuest',
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: '#chatConnection.live', actions: [{ type: 'keepGuest', params: actorOutput }, 'nameRoom'] },
              { target: '#chatConnection.cannotStart', actions: { type: 'fail', params: ({ event }) => failedWith(failureMessage(event.output)) } },
            ],
            onError: { target: '#chatConnection.cannotStart', actions: { type: 'fail', params: failedWith(NETWORK_ERROR) } },
          },
        },
      },
    },
    live: {
      description: 'The socket lives as long as this state: leaving it disconnects it.',
      invoke: {
        id: 'socketLink',
        src: 'socketLink',
        // Every refused handshake is 'Cannot start chatting' here, with its reason.
        input: ({ context }) => ({ guestToken: context.guestToken, everyRefusalEnds: true }),
        onDone: { target: 'cannotStart', actions: { type: 'fail', params: ({ event }) => failedWith((event.output as SocketLinkOutput).message) } },
        onError: { target: 'cannotStart', actions: { type: 'fail', params: failedWith(NETWORK_ERROR) } },
      },
      on: {
        // A join refused, or a guest the server closed: the link ends a revoked session itself.
        'socket.refused': { target: 'cannotStart', actions: { type: 'fail', params: ({ event }) => failedWith(event.message) } },
        'socket.message': { actions: 'passMessage' },
        'socket.typing': { actions: 'passTypingOfOthers' },
        'socket.read': { actions: 'passRead' },
        'socket.presence': { actions: 'passPresence' },
        // An agent ended the conversation: the history draws its end now, not at the next message.
        'socket.ended': { actions: 'passSessionEnded' },
        'chat.ended': { target: 'cannotStart', actions: { type: 'fail', params: ({ event }) => failedWith(event.message) } },
      },
      initial: 'connecting',
      states: {
        connecting: {
          tags: 'connecting',
          description: 'The first connect (the link reconnects a socket socket.io gave up on, 5 s later).',
          on: { 'link.up': 'joining' },
        },
        joining: {
          tags: 'connecting',
          description: 'join with the room; the server answers in its ack. No answer in 5 s: asked again.',
          entry: 'join',
          after: { socketCheck: { target: 'joining', reenter: true } },
          on: {
            // Announced before it is marked: the first ready is not a resumed one.
            'socket.joined': { target: 'ready', actions: ['announceReady', 'markJoined'] },
            'socket.joinRefused': { target: '#chatConnection.cannotStart', actions: { type: 'fail', params: ({ event }) => failedWith(event.message) } },
            'link.down': 'reconnecting',
          },
        },
        ready: {
          tags: 'ready',
          description: 'In the room: messages, typing, read marks and the agents\' presence arrive; sending goes.',
          exit: 'announceLost',
          on: {
            'link.down': 'reconnecting',
            'chat.typing': { actions: 'passTyping' },
          },
        },
        reconnecting: {
          tags: 'reconnecting',
          description: 'spec 4: the socket is not connected (the link reconnects it); once connected the room is joined again.',
          on: { 'link.up': 'joining' },
        },
      },
    },
    cannotStart: {
      tags: 'cannotStart',
      description: '\'Cannot start chatting\' (spec 2): the failure says why. Nothing reconnects by itself; the customer may try again.',
      on: { 'chat.retry': { target: 'starting', actions: 'startOver' } },
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'sessionEnded', target: 'sessionEnded' }, { guard: 'guestEnded', target: 'guestEnded' }, { target: 'refused' }],
        },
        refused: {
          description: 'Worth trying again as it is: the config or the guest id refused (a 429 too), no answer, the socket refused.',
        },
        sessionEnded: {
          description: 'The member\'s session ended (\'invalid-token\'): the session is told, which goes to /login.',
          entry: 'endSession',
        },
        guestEnded: {
          description: 'The server no longer takes this guest (CHAT_GUEST_INVALID) or closed its conversation (CHAT_CLOSED): trying again starts a new guest, a new conversation.',
          on: { 'chat.retry': { target: '#chatConnection.starting', actions: ['forgetGuest', 'startOver'] } },
        },
      },
    },
  },
});
