/**
 * The chat's realtime socket (spec 7 realtime chat socket; docs/decisions
 * 0105-chat-realtime.md, 0109-one-socket-link.md) as the callback actor
 * machines/socket-link invokes, for the widget and the agent inbox alike:
 * socket.io-client over websocket only (the server allows nothing else, so
 * no sticky sessions are needed), reconnecting every 500 ms without limit,
 * with the handshake's `auth` read again on every (re)connect. It turns the
 * link's commands (join with its ack, typing, reconnect) into emits, only
 * while connected (socket.io would otherwise send them late, on its next
 * connect, twice), and every socket event into a report; payloads that break
 * the contract are dropped. What a refusal means and when to reconnect are
 * the link's. socket.io-client loads with the first socket, a chunk of its
 * own that the widget's and the inbox's chunks share.
 */
import * as v from 'valibot';
import { fromCallback } from 'xstate';
import type { io, Socket } from 'socket.io-client';
import {
  CHAT_RECONNECT_DELAY_MS,
  CHAT_SOCKET_PATH,
  ChatMessage,
  InboxEvent,
  JoinAnswer,
  PresenceEvent,
  ReadEvent,
  SessionEndedEvent,
  SOCKET_ENDED,
  SOCKET_INBOX,
  SOCKET_JOIN,
  SOCKET_MESSAGING,
  SOCKET_PRESENCE,
  SOCKET_READ,
  SOCKET_REFUSED,
  SOCKET_TYPING,
  TypingEvent,
} from '../../contract/chat.ts';
import { SOCKET_WALLET_CHANGED, WalletChanged } from '../../contract/wallet-news.ts';
import type { SocketCommand, SocketInput, SocketReport } from '../../../machines/socket-link/socket-link.types.ts';

const Refusal = v.object({ message: v.string() });

/** Client-side code for a socket.io that could not be loaded (offline). */
const NETWORK_ERROR = 'NETWORK_ERROR';

/** What the server's handshake checks: a guest's chat sends the signed guest token; otherwise whoever is signed in sends their bearer token. */
export function socketAuth(input: SocketInput, token: string | null): { token: string } | { guestToken: string } | Record<string, never> {
  if (input.guestToken) return { guestToken: input.guestToken };
  return token ? { token } : {};
}

/** Opens a socket to this origin. */
export type OpenSocket = (options: Parameters<typeof io>[1]) => Socket;

/** socket.io-client, loaded with the first socket. */
const loadSocketIo = (): Promise<OpenSocket> => import('socket.io-client').then(({ io }) => (options) => io(options));

/** The socket actor a view gives machines/socket-link (socketLinkFor); a console passes its own, tests a fake. */
export type ChatSocketLogic = ReturnType<typeof chatSocket>;

/**
 * The socket actor. `token` reads the signed-in bearer token (a member's or
 * an operator's) at every handshake, so a reconnect after it changed
 * carries the new one. `load` gives the function that opens a socket.
 */
export function chatSocket(token: () => string | null, load: () => Promise<OpenSocket> = loadSocketIo) {
  return fromCallback<SocketCommand, SocketInput>(({ input, sendBack, receive }) => {
    const report = (event: SocketReport) => sendBack(event);
    let socket: Socket | null = null;
    let loading = false;
    let stopped = false;

    function open(make: OpenSocket) {
      const opened = make({
        path: CHAT_SOCKET_PATH,
        transports: ['websocket'],
        reconnection: true,
        reconnectionDelay: CHAT_RECONNECT_DELAY_MS,
        reconnectionDelayMax: CHAT_RECONNECT_DELAY_MS,
        reconnectionAttempts: Infinity,
        auth: (deliver) => deliver(socketAuth(input, token())),
      });
      socket = opened;

      /** Reports an event's payload when it has the contract's shape; a bad one is dropped. */
      function on<S extends v.GenericSchema>(name: string, schema: S, toReport: (payload: v.InferOutput<S>) => SocketReport) {
        opened.on(name, (payload: unknown) => {
          const parsed = v.safeParse(schema, payload);
          if (parsed.success) report(toReport(parsed.output));
          else console.warn(`chat socket: dropped a malformed ${name} event`);
        });
      }

      opened.on('connect', () => report({ type: 'socket.connected' }));
      // `active` false: the server closed the socket or refused the handshake, and socket.io will not retry.
      opened.on('disconnect', () => report({ type: 'socket.disconnected', retrying: opened.active }));
      opened.on('connect_error', (error: Error) => report({ type: 'socket.connectError', message: error.message, retrying: opened.active }));
      on(SOCKET_REFUSED, Refusal, ({ message }) => ({ type: 'socket.refused', message }));
      on(SOCKET_MESSAGING, ChatMessage, (message) => ({ type: 'socket.message', message }));
      on(SOCKET_TYPING, TypingEvent, ({ room, typing, sender }) => ({ type: 'socket.typing', room, typing, sender }));
      on(SOCKET_READ, ReadEvent, ({ room, sender, readAt }) => ({ type: 'socket.read', room, sender, readAt }));
      on(SOCKET_PRESENCE, PresenceEvent, ({ agents }) => ({ type: 'socket.presence', agents }));
      on(SOCKET_INBOX, InboxEvent, (event) => ({ type: 'socket.inbox', ...event }));
      on(SOCKET_WALLET_CHANGED, WalletChanged, (news) => ({ type: 'socket.wallet', news }));
      on(SOCKET_ENDED, SessionEndedEvent, ({ room, session_id }) => ({ type: 'socket.ended', room, sessionId: session_id }));
    }

    function start() {
      loading = true;
      load().then(
        (make) => {
          loading = false;
          if (!stopped) open(make);
        },
        () => {
          loading = false;
          // Offline before socket.io came: the link's next check loads it again.
          if (!stopped) report({ type: 'socket.connectError', message: NETWORK_ERROR, retrying: false });
        },
      );
    }

    receive((command) => {
      switch (command.type) {
        case 'join':
          if (!socket?.connected) return;
          socket.emit(SOCKET_JOIN, command.room, (answer: unknown) => {
            const parsed = v.safeParse(JoinAnswer, answer);
            if (parsed.success && parsed.output.ok) report({ type: 'socket.joined', room: command.room });
            else report({ type: 'socket.joinRefused', room: command.room, message: parsed.success ? (parsed.output.message ?? 'UNAUTHORIZED') : 'UNAUTHORIZED' });
          });
          return;
        case 'typing':
          if (socket?.connected) socket.emit(SOCKET_TYPING, { room: command.room, typing: command.typing });
          return;
        case 'reconnect':
          // socket.io does not come back by itself after the server closed the socket; one it is reconnecting is left alone.
          if (socket === null) {
            if (!loading) start();
          } else if (!socket.connected && !socket.active) socket.connect();
          return;
      }
    });

    start();

    return () => {
      stopped = true;
      socket?.removeAllListeners();
      socket?.disconnect();
    };
  });
}
