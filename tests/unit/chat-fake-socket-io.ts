/**
 * socket.io-client as the chat's socket adapter loads it
 * (src/features/chat-shared/chat-socket.ts), faked: one FakeSocket per
 * connection, recording what the adapter does with it while the test plays
 * the server. No vitest here.
 */
import type { Socket } from 'socket.io-client';
import type { OpenSocket } from '../../src/features/chat-shared/chat-socket.ts';

type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  handlers = new Map<string, Handler[]>();
  emitted: unknown[][] = [];
  connected = false;
  active = true;
  connects = 0;
  disconnected = false;
  on(name: string, handler: Handler) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  /** The server (or socket.io itself) fires an event. */
  fire(name: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(name) ?? []) handler(...args);
  }
  /** What was emitted, without the acks' functions. */
  sent(): unknown[][] {
    return this.emitted.map((args) => args.filter((arg) => typeof arg !== 'function'));
  }
  /** Answers the ack of the `index`th emit. */
  ack(index: number, answer: unknown) {
    (this.emitted[index]!.at(-1) as (answer: unknown) => void)(answer);
  }
}

/** socket.io-client, loaded as the adapter loads it: a socket per connection, the options each was opened with. */
export function fakeIo() {
  const sockets: FakeSocket[] = [];
  const options: Array<Parameters<OpenSocket>[0]> = [];
  let failing = false;
  const load = () =>
    failing
      ? Promise.reject(new Error('offline'))
      : Promise.resolve<OpenSocket>((given) => {
          options.push(given);
          const socket = new FakeSocket();
          sockets.push(socket);
          return socket as unknown as Socket;
        });
  /** The handshake's auth as the adapter gives it to the `index`th socket now. */
  const auth = (index = 0) => new Promise<unknown>((resolve) => (options[index]!.auth as (callback: (data: object) => void) => void)(resolve));
  return {
    sockets,
    options,
    load,
    auth,
    /** socket.io-client cannot be loaded (offline) until `false` again. */
    fail: (value: boolean) => void (failing = value),
  };
}

/** Lets the loaded socket.io reach the adapter. */
export const loaded = () => new Promise<void>((resolve) => setImmediate(resolve));
