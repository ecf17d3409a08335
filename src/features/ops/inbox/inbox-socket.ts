/**
 * The agent's socket (docs/decisions/0105-chat-realtime.md, src/server/chat/realtime.ts):
 * socket.io-client over websocket only, reconnecting every 500 ms without
 * limit, with the operator's token in the handshake. The server puts an
 * agent in the agents' room (every conversation's 'messaging', 'inbox',
 * 'read', a customer's 'typing', 'presence'); the inbox joins a
 * conversation's room to tell its customer it is typing. Rooms do not
 * survive a reconnect, so the ones joined are joined again on every
 * connect. Incoming payloads are checked against the contract and dropped
 * when they do not match.
 *
 * The widget has its own socket module for members and guests
 * (src/features/chat/socket.ts): a customer joins one room and reports to a
 * statechart; an agent joins many and reports to the inbox. socket.io-client
 * loads with the first connection, in a chunk of its own.
 */
import * as v from 'valibot';
import type { Socket } from 'socket.io-client';
import {
  CHAT_RECONNECT_DELAY_MS,
  CHAT_SOCKET_CHECK_MS,
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

/** What the socket tells the inbox. */
export interface InboxSocketHandlers {
  onStatus: (connected: boolean) => void;
  onInbox: (event: v.InferOutput<typeof InboxEvent>) => void;
  onMessaging: (message: v.InferOutput<typeof ChatMessage>) => void;
  onTyping: (event: v.InferOutput<typeof TypingEvent>) => void;
  onRead: (event: v.InferOutput<typeof ReadEvent>) => void;
  onPresence: (agents: number) => void;
  /** The server refused the socket for good: 'invalid-token' (the session ended), 'UNAUTHORIZED' (not an agent). */
  onRefused: (message: string) => void;
}

/** What the inbox asks of the socket. */
export interface InboxSocket {
  join: (room: string) => void;
  typing: (room: string, typing: boolean) => void;
  close: () => void;
}

/** Opens a socket for an inbox; a console passes its own (tests pass a fake). */
export type InboxSocketFactory = (handlers: InboxSocketHandlers) => InboxSocket;

/** A handler that gets only what matches the contract. */
function checked<S extends v.GenericSchema>(schema: S, handle: (value: v.InferOutput<S>) => void) {
  return (payload: unknown) => {
    const parsed = v.safeParse(schema, payload);
    if (parsed.success) handle(parsed.output);
  };
}

/**
 * Rooms joined again on every connect, the most recent first kept: a
 * socket's events beyond a burst of 20 are dropped (realtime.md), and an
 * agent needs the room only of the conversation open (to say it types).
 */
const REJOINED_ROOMS = 5;

/** The messages after which reconnecting cannot help: the token is no good here. */
const FINAL_REFUSALS = new Set(['invalid-token', 'UNAUTHORIZED']);

/** The agent's socket, with the operator's token read at every (re)connect. */
export function inboxSocketFactory(getToken: () => string | null): InboxSocketFactory {
  return (handlers) => {
    const rooms = new Set<string>();
    let socket: Socket | null = null;
    let closed = false;
    let refused = false;
    let check: ReturnType<typeof setInterval> | undefined;

    const refuse = (message: string) => {
      if (refused || closed) return;
      refused = true;
      socket?.disconnect();
      handlers.onRefused(message);
    };

    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const opened = io({
        path: CHAT_SOCKET_PATH,
        transports: ['websocket'],
        auth: (deliver) => deliver({ token: getToken() }),
        reconnection: true,
        reconnectionAttempts: Infinity,
        reconnectionDelay: CHAT_RECONNECT_DELAY_MS,
        reconnectionDelayMax: CHAT_RECONNECT_DELAY_MS,
      });
      socket = opened;
      opened.on('connect', () => {
        for (const room of rooms) opened.emit(SOCKET_JOIN, room);
        handlers.onStatus(true);
      });
      opened.on('disconnect', () => handlers.onStatus(false));
      opened.on('connect_error', (error: Error) => {
        handlers.onStatus(false);
        // A refused handshake is not retried by socket.io; a network failure is.
        if (!opened.active && FINAL_REFUSALS.has(error.message)) refuse(error.message);
      });
      opened.on(SOCKET_REFUSED, (payload: unknown) => {
        const message = (payload as { message?: unknown } | null)?.message;
        // A refused join is the inbox's own business (it still hears everything through the agents' room).
        if (message === 'invalid-token') refuse(message);
      });
      opened.on(SOCKET_INBOX, checked(InboxEvent, handlers.onInbox));
      opened.on(SOCKET_MESSAGING, checked(ChatMessage, handlers.onMessaging));
      opened.on(SOCKET_TYPING, checked(TypingEvent, handlers.onTyping));
      opened.on(SOCKET_READ, checked(ReadEvent, handlers.onRead));
      opened.on(SOCKET_PRESENCE, checked(PresenceEvent, (event) => handlers.onPresence(event.agents)));
      // After the server closed the socket (not a refusal) socket.io does not come back by itself: check every 5 s.
      check = setInterval(() => {
        if (!refused && !opened.connected && !opened.active) opened.connect();
      }, CHAT_SOCKET_CHECK_MS);
    });

    return {
      join(room) {
        // The latest few only: each is joined again after a reconnect, within the socket's budget of events.
        rooms.delete(room);
        rooms.add(room);
        if (rooms.size > REJOINED_ROOMS) rooms.delete(rooms.values().next().value!);
        if (socket?.connected) socket.emit(SOCKET_JOIN, room);
      },
      typing(room, typing) {
        if (socket?.connected) socket.emit(SOCKET_TYPING, { room, typing });
      },
      close() {
        closed = true;
        clearInterval(check);
        socket?.disconnect();
      },
    };
  };
}
