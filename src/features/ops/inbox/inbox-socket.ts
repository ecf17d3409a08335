/**
 * The agent's socket (docs/decisions/0105-chat-realtime.md, src/server/chat/realtime.ts)
 * as the callback actor machines/agent-inbox invokes: socket.io-client over
 * websocket only, reconnecting every 500 ms without limit, with the
 * operator's token in the handshake, read again on every (re)connect. The
 * server puts an agent in the agents' room (every conversation's
 * 'messaging', 'inbox', 'read', a customer's 'typing', 'presence'); the
 * inbox joins a conversation's room to tell its customer it is typing.
 *
 * This module only turns the machine's commands (join, typing, reconnect)
 * into emits and the socket's events into reports; payloads that break the
 * contract are dropped. Which rooms to join again on a connect, the 5 s
 * check and what a refusal means are the machine's.
 *
 * The widget has its own socket actor for members and guests
 * (src/features/chat/socket.ts): a customer joins one room with an ack; an
 * agent joins many. socket.io-client loads with the first connection, in a
 * chunk of its own.
 */
import * as v from 'valibot';
import { fromCallback } from 'xstate';
import type { io, Socket } from 'socket.io-client';
import {
  CHAT_RECONNECT_DELAY_MS,
  CHAT_SOCKET_PATH,
  ChatMessage,
  InboxEvent,
  PresenceEvent,
  ReadEvent,
  SOCKET_INBOX,
  SOCKET_JOIN,
  SOCKET_MESSAGING,
  SOCKET_PRESENCE,
  SOCKET_READ,
  SOCKET_REFUSED,
  SOCKET_TYPING,
  TypingEvent,
} from '../../../contract/chat.ts';
import type { InboxSocketCommand, InboxSocketReport } from '../../../../machines/agent-inbox/agent-inbox.types.ts';

const Refusal = v.object({ message: v.string() });

/** Opens a socket to this origin. */
export type OpenSocket = (options: Parameters<typeof io>[1]) => Socket;

/** socket.io-client, loaded when the first inbox connects. */
const loadSocketIo = (): Promise<OpenSocket> => import('socket.io-client').then(({ io }) => (options) => io(options));

/** The agent inbox machine's `socket` actor; AgentInbox takes it as its `connectSocket` prop (a console passes its own, tests a fake). */
export type InboxSocketFactory = ReturnType<typeof inboxSocketFactory>;

/**
 * The socket actor, with the operator's token read at every (re)connect.
 * `load` gives the function that opens a socket (tests pass a fake).
 */
export function inboxSocketFactory(getToken: () => string | null, load: () => Promise<OpenSocket> = loadSocketIo) {
  return fromCallback<InboxSocketCommand>(({ sendBack, receive }) => {
    const report = (event: InboxSocketReport) => sendBack(event);
    let socket: Socket | null = null;
    let stopped = false;

    receive((command) => {
      switch (command.type) {
        case 'join':
          if (socket?.connected) socket.emit(SOCKET_JOIN, command.room);
          return;
        case 'typing':
          if (socket?.connected) socket.emit(SOCKET_TYPING, { room: command.room, typing: command.typing });
          return;
        case 'reconnect':
          // socket.io does not come back by itself after the server closed the socket; one it is reconnecting is left alone.
          if (socket && !socket.connected && !socket.active) socket.connect();
          return;
      }
    });

    void load().then((open) => {
      if (stopped) return;
      const opened = open({
        path: CHAT_SOCKET_PATH,
        transports: ['websocket'],
        auth: (deliver) => deliver({ token: getToken() }),
        reconnection: true,
        reconnectionAttempts: Infinity,
        reconnectionDelay: CHAT_RECONNECT_DELAY_MS,
        reconnectionDelayMax: CHAT_RECONNECT_DELAY_MS,
      });
      socket = opened;

      /** Reports an event's payload when it has the contract's shape; a bad one is dropped. */
      function on<S extends v.GenericSchema>(name: string, schema: S, toReport: (payload: v.InferOutput<S>) => InboxSocketReport) {
        opened.on(name, (payload: unknown) => {
          const parsed = v.safeParse(schema, payload);
          if (parsed.success) report(toReport(parsed.output));
          else console.warn(`inbox socket: dropped a malformed ${name} event`);
        });
      }

      opened.on('connect', () => report({ type: 'socket.status', connected: true }));
      // `active` false: the server closed the socket or refused the handshake, and socket.io will not retry.
      opened.on('disconnect', () => report({ type: 'socket.status', connected: false, retrying: opened.active }));
      opened.on('connect_error', (error: Error) => {
        report({ type: 'socket.status', connected: false, retrying: opened.active });
        report({ type: 'socket.connectError', message: error.message, retrying: opened.active });
      });
      on(SOCKET_REFUSED, Refusal, ({ message }) => ({ type: 'socket.refused', message }));
      on(SOCKET_INBOX, InboxEvent, (event) => ({ type: 'socket.inbox', event }));
      on(SOCKET_MESSAGING, ChatMessage, (message) => ({ type: 'socket.messaging', message }));
      on(SOCKET_TYPING, TypingEvent, (event) => ({ type: 'socket.typing', event }));
      on(SOCKET_READ, ReadEvent, (event) => ({ type: 'socket.read', event }));
      on(SOCKET_PRESENCE, PresenceEvent, ({ agents }) => ({ type: 'socket.presence', agents }));
    });

    return () => {
      stopped = true;
      socket?.removeAllListeners();
      socket?.disconnect();
    };
  });
}
