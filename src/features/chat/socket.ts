/**
 * The chat's realtime socket (spec 7 realtime chat socket; docs/decisions
 * 0104-0106) as the callback actor machines/chat-connection invokes while
 * the chat is live: socket.io-client over websocket only (the server allows
 * nothing else, so no sticky sessions are needed), reconnecting every 500 ms
 * without limit, with the handshake's `auth` read again on every reconnect
 * (a member's current bearer token, or the guest's signed token). It turns
 * the machine's commands (join with its ack, reconnect, typing) into emits
 * and every socket event into a report; payloads that break the contract
 * are dropped. The 5 s check that asks for a reconnect is the machine's.
 * socket.io-client is imported here only: it loads with the chat's chunk.
 */
import { io, type Socket } from 'socket.io-client';
import * as v from 'valibot';
import { fromCallback } from 'xstate';
import {
  CHAT_RECONNECT_DELAY_MS,
  CHAT_SOCKET_PATH,
  ChatMessage,
  JoinAnswer,
  PresenceEvent,
  ReadEvent,
  SOCKET_JOIN,
  SOCKET_MESSAGING,
  SOCKET_PRESENCE,
  SOCKET_READ,
  SOCKET_REFUSED,
  SOCKET_TYPING,
  TypingEvent,
} from '../../contract/chat.ts';
import type { SocketCommand, SocketInput, SocketReport } from '../../../machines/chat-connection/chat-connection.types.ts';

const Refusal = v.object({ message: v.string() });

/** What the server's handshake checks: a member's bearer token wins; a guest sends the signed guest token. */
export function socketAuth(input: SocketInput, memberToken: string | null): { token: string } | { guestToken: string } | Record<string, never> {
  if (input.userId !== null && memberToken) return { token: memberToken };
  if (input.guestToken) return { guestToken: input.guestToken };
  return {};
}

/** Opens a socket to this origin; tests pass their own `open`. */
export type OpenSocket = (options: Parameters<typeof io>[1]) => Socket;
const openSocket: OpenSocket = (options) => io(options);

/**
 * The connection machine's `socket` actor. `memberToken` reads the
 * session's token when the socket (re)connects, so a reconnect after the
 * token changed carries the new one.
 */
export function chatSocket(memberToken: () => string | null, open: OpenSocket = openSocket) {
  return fromCallback<SocketCommand, SocketInput>(({ input, sendBack, receive }) => {
    const report = (event: SocketReport) => sendBack(event);
    const socket = open({
      path: CHAT_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: CHAT_RECONNECT_DELAY_MS,
      reconnectionDelayMax: CHAT_RECONNECT_DELAY_MS,
      reconnectionAttempts: Infinity,
      auth: (callback) => callback(socketAuth(input, memberToken())),
    });
    /** The room the machine asked to join: typing goes there. */
    let room: string | null = null;

    /** Reports an event's payload when it has the contract's shape; a bad one is dropped. */
    function on<S extends v.GenericSchema>(name: string, schema: S, toReport: (payload: v.InferOutput<S>) => SocketReport) {
      socket.on(name, (payload: unknown) => {
        const parsed = v.safeParse(schema, payload);
        if (parsed.success) report(toReport(parsed.output));
        else console.warn(`chat socket: dropped a malformed ${name} event`);
      });
    }

    socket.on('connect', () => report({ type: 'socket.connected' }));
    socket.on('disconnect', (reason) => report({ type: 'socket.disconnected', reason }));
    // `active` false after the error: the server refused the handshake, socket.io will not retry.
    socket.on('connect_error', (error) => report({ type: 'socket.connectError', message: error.message, retrying: socket.active }));
    on(SOCKET_REFUSED, Refusal, ({ message }) => ({ type: 'socket.refused', message }));
    on(SOCKET_MESSAGING, ChatMessage, (message) => ({ type: 'socket.message', message }));
    on(SOCKET_TYPING, TypingEvent, ({ typing, sender, room }) => ({ type: 'socket.typing', typing, sender, room }));
    on(SOCKET_READ, ReadEvent, ({ sender, readAt, room }) => ({ type: 'socket.read', sender, readAt, room }));
    on(SOCKET_PRESENCE, PresenceEvent, ({ agents }) => ({ type: 'socket.presence', agents }));

    receive((command) => {
      switch (command.type) {
        case 'join':
          room = command.room;
          socket.emit(SOCKET_JOIN, command.room, (answer: unknown) => {
            const parsed = v.safeParse(JoinAnswer, answer);
            if (parsed.success && parsed.output.ok) report({ type: 'socket.joined' });
            else report({ type: 'socket.joinRefused', message: parsed.success ? (parsed.output.message ?? 'UNAUTHORIZED') : 'UNAUTHORIZED' });
          });
          return;
        case 'reconnect':
          if (!socket.connected) socket.connect();
          return;
        case 'typing':
          if (room !== null && socket.connected) socket.emit(SOCKET_TYPING, { room, typing: command.typing });
          return;
      }
    });

    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  });
}
