/**
 * Chat sockets in tests: the app listening on a free port, socket.io-client
 * connections the way the SPA opens them (websocket only), and events
 * awaited as promises. The timeouts here only turn a missing event into a
 * failure instead of a hung test; nothing waits for time to pass.
 */
import { io, type Socket } from 'socket.io-client';
import { onTestFinished } from 'vitest';
import { CHAT_SOCKET_PATH, SOCKET_JOIN } from '../../../src/contract/chat.ts';
import type { TestApp } from './app.ts';

/** Long enough for a slow CI machine, short enough that a lost event fails the test quickly. */
export const EVENT_GUARD_MS = 5_000;

export type ClientSocket = Socket;

export interface SocketAuth {
  token?: string;
  guestToken?: string;
}

export interface SocketOptions {
  /** The Origin header a browser would send; none by default (a script). */
  origin?: string;
  /** The address to connect from: any of 127.0.0.0/8 reaches the app, each another client address. */
  localAddress?: string;
}

/** The app listening on a free port of 127.0.0.1; its address. The app's own close (end of test) stops it. */
export async function listening(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

/** A socket as the SPA opens it, not yet awaited; closed when the test finishes. */
export function openSocket(url: string, auth: SocketAuth | Record<string, unknown>, { origin, localAddress }: SocketOptions = {}): ClientSocket {
  const socket = io(url, {
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
    ...(origin !== undefined && { extraHeaders: { origin } }),
    ...(localAddress !== undefined && { localAddress }),
  });
  onTestFinished(() => {
    socket.close();
  });
  return socket;
}

function guard<T>(what: string, executor: (resolve: (value: T) => void, reject: (error: Error) => void) => () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${what} within ${EVENT_GUARD_MS} ms`));
    }, EVENT_GUARD_MS);
    const cleanup = executor(
      (value) => {
        clearTimeout(timer);
        cleanup();
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        cleanup();
        reject(error);
      },
    );
  });
}

/** A connected socket; rejects with the server's refusal (connect_error's message). */
export function connected(url: string, auth: SocketAuth | Record<string, unknown>, options: SocketOptions = {}): Promise<ClientSocket> {
  return whenConnected(openSocket(url, auth, options));
}

/**
 * The socket once connected (open it, listen, then await this: the server's
 * first events can arrive in the same tick as the connection).
 */
export function whenConnected(socket: ClientSocket): Promise<ClientSocket> {
  return guard('connect', (resolve, reject) => {
    const onConnect = () => resolve(socket);
    const onError = (error: Error) => reject(new Error(`connect refused: ${error.message}`));
    socket.once('connect', onConnect);
    socket.once('connect_error', onError);
    return () => {
      socket.off('connect', onConnect);
      socket.off('connect_error', onError);
    };
  });
}

/** The message a connection is refused with (fails the test when it connects). */
export function refusedAtConnect(url: string, auth: SocketAuth | Record<string, unknown>, options: SocketOptions = {}): Promise<string> {
  const socket = openSocket(url, auth, options);
  return guard('connect_error', (resolve, reject) => {
    const onConnect = () => reject(new Error('the socket connected'));
    const onError = (error: Error) => resolve(error.message);
    socket.once('connect', onConnect);
    socket.once('connect_error', onError);
    return () => {
      socket.off('connect', onConnect);
      socket.off('connect_error', onError);
    };
  });
}

/** The next `event` the socket receives (its first argument). */
export function nextEvent<T = unknown>(socket: ClientSocket, event: string): Promise<T> {
  return guard(`'${event}'`, (resolve) => {
    const listener = (payload: T) => resolve(payload);
    socket.once(event, listener);
    return () => socket.off(event, listener);
  });
}

/** The first `event` whose payload passes `test` (earlier ones are skipped). */
export function eventWhere<T = unknown>(socket: ClientSocket, event: string, test: (payload: T) => boolean): Promise<T> {
  return guard(`'${event}' that matches`, (resolve) => {
    const listener = (payload: T) => {
      if (test(payload)) resolve(payload);
    };
    socket.on(event, listener);
    return () => socket.off(event, listener);
  });
}

/** Every `event` the socket receives from now on, in order. */
export function collect<T = unknown>(socket: ClientSocket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** The server's disconnect reason ('io server disconnect' when the server closed it). */
export function disconnection(socket: ClientSocket): Promise<string> {
  return guard('disconnect', (resolve) => {
    const listener = (reason: string) => resolve(reason);
    socket.once('disconnect', listener);
    return () => socket.off('disconnect', listener);
  });
}

/**
 * Resolves when the server's side of `socket` has disconnected, its place
 * among its holder's sockets given back (call before closing it).
 */
export function serverDisconnection(t: TestApp, socket: ClientSocket): Promise<string> {
  const own = socket.id === undefined ? undefined : t.app.chatSockets.io.of('/').sockets.get(socket.id);
  if (!own) return Promise.reject(new Error(`the server has no socket ${socket.id}`));
  return guard('server-side disconnect', (resolve) => {
    const listener = (reason: string) => resolve(reason);
    own.once('disconnect', listener);
    return () => own.off('disconnect', listener);
  });
}

/** Emits `join` and answers the server's ack. */
export function join(socket: ClientSocket, room: unknown): Promise<{ ok: boolean; message?: string }> {
  return socket.timeout(EVENT_GUARD_MS).emitWithAck(SOCKET_JOIN, room);
}

