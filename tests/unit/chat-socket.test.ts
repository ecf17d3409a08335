/**
 * The chat widget's socket (src/features/chat/socket.ts) as
 * machines/chat-connection invokes it, over a fake socket.io socket: the
 * options the spec fixes (websocket only, reconnecting every 500 ms without
 * limit), the handshake's auth read again on every (re)connect, the
 * machine's commands turned into emits, every event turned into a report,
 * malformed payloads dropped, and the socket closed when the actor stops.
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, sendTo, setup, type AnyEventObject } from 'xstate';
import type { Socket } from 'socket.io-client';
import type { SocketCommand, SocketInput } from '../../machines/chat-connection/chat-connection.types.ts';
import { chatSocket, type OpenSocket } from '../../src/features/chat/socket.ts';

type Handler = (...args: unknown[]) => void;

/** Records what the wrapper does with it; the test plays the server. */
class FakeSocket {
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
}

const message = {
  _id: '41',
  sender: 'agent',
  message: { message_type: 'text', payload: { text: 'Hello' }, deliver: { id: 'agent-reply-41', status: 'succeed' } },
  userId: '7',
  guestId: null,
  username: null,
  name: 'Support',
  deviceToken: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  session_id: 's1',
};

/** A parent that invokes the socket as the connection machine does, records its reports and passes commands on. */
function harness(input: SocketInput, token: { current: string | null }) {
  const socket = new FakeSocket();
  let options: Parameters<OpenSocket>[0];
  const open: OpenSocket = (given) => {
    options = given;
    return socket as unknown as Socket;
  };
  const parent = setup({
    types: { context: {} as { reports: AnyEventObject[] }, events: {} as AnyEventObject },
    actors: { socket: chatSocket(() => token.current, open) },
  }).createMachine({
    context: { reports: [] },
    invoke: { id: 'socket', src: 'socket', input },
    initial: 'live',
    states: { live: { on: { stop: 'stopped' } }, stopped: { type: 'final' } },
    on: {
      command: { actions: sendTo('socket', ({ event }) => (event as unknown as { command: SocketCommand }).command) },
      '*': { actions: assign({ reports: ({ context, event }) => [...context.reports, event] }) },
    },
  });
  const actor = createActor(parent).start();
  const reports = () => actor.getSnapshot().context.reports;
  const command = (value: SocketCommand) => actor.send({ type: 'command', command: value });
  const auth = () =>
    new Promise<unknown>((resolve) => (options!.auth as (callback: (data: object) => void) => void)(resolve));
  return { socket, options: () => options!, actor, reports, command, auth };
}

const member: SocketInput = { userId: '7', guestId: null, guestToken: null };
const guest: SocketInput = { userId: null, guestId: 'g0123456789abcdef0123456789abcdef', guestToken: 'g0123.1790000000.sig' };

describe('chat socket', () => {
  it('connects by websocket only, reconnecting every 500 ms without limit', () => {
    const { options } = harness(member, { current: 'member-token' });
    expect(options()).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 500,
      reconnectionAttempts: Infinity,
    });
  });

  it("sends a member's current bearer token on every handshake", async () => {
    const token = { current: 'first-token' as string | null };
    const { auth } = harness(member, token);
    await expect(auth()).resolves.toEqual({ token: 'first-token' });
    token.current = 'renewed-token';
    await expect(auth()).resolves.toEqual({ token: 'renewed-token' });
  });

  it("sends a guest's signed token, never a member token it does not have", async () => {
    const { auth } = harness(guest, { current: null });
    await expect(auth()).resolves.toEqual({ guestToken: 'g0123.1790000000.sig' });
  });

  it('reports connecting, dropping and a refused handshake', () => {
    const { socket, reports } = harness(member, { current: 't' });
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    socket.fire('connect_error', new Error('websocket error'));
    socket.active = false;
    socket.fire('connect_error', new Error('invalid-token'));
    expect(reports()).toEqual([
      { type: 'socket.connected' },
      { type: 'socket.disconnected', reason: 'transport close' },
      { type: 'socket.connectError', message: 'websocket error', retrying: true },
      { type: 'socket.connectError', message: 'invalid-token', retrying: false },
    ]);
  });

  it('joins with an ack and reports the answer', () => {
    const { socket, reports, command } = harness(member, { current: 't' });
    command({ type: 'join', room: 'chat-7' });
    command({ type: 'join', room: 'chat-7' });
    command({ type: 'join', room: 'chat-7' });
    expect(socket.emitted.map(([name, room]) => [name, room])).toEqual([
      ['join', 'chat-7'],
      ['join', 'chat-7'],
      ['join', 'chat-7'],
    ]);
    const acks = socket.emitted.map((args) => args[2] as (answer: unknown) => void);
    acks[0]!({ ok: true });
    acks[1]!({ ok: false, message: 'REQUEST_LIMIT' });
    acks[2]!('nonsense');
    expect(reports()).toEqual([
      { type: 'socket.joined' },
      { type: 'socket.joinRefused', message: 'REQUEST_LIMIT' },
      { type: 'socket.joinRefused', message: 'UNAUTHORIZED' },
    ]);
  });

  it('reconnects only a socket that is not connected', () => {
    const { socket, command } = harness(member, { current: 't' });
    command({ type: 'reconnect' });
    expect(socket.connects).toBe(1);
    socket.connected = true;
    command({ type: 'reconnect' });
    expect(socket.connects).toBe(1);
  });

  it('tells typing into the joined room while connected', () => {
    const { socket, command } = harness(member, { current: 't' });
    command({ type: 'typing', typing: true });
    expect(socket.emitted).toEqual([]);
    command({ type: 'join', room: 'chat-7' });
    socket.connected = true;
    command({ type: 'typing', typing: true });
    command({ type: 'typing', typing: false });
    expect(socket.emitted.slice(1)).toEqual([
      ['typing', { room: 'chat-7', typing: true }],
      ['typing', { room: 'chat-7', typing: false }],
    ]);
  });

  it("reports the room's events and drops payloads that break the contract", () => {
    const { socket, reports } = harness(member, { current: 't' });
    socket.fire('messaging', message);
    socket.fire('messaging', { ...message, message: { message_type: 'text', payload: {} } });
    socket.fire('typing', { room: 'chat-7', typing: true, sender: 'agent' });
    socket.fire('typing', { room: 'chat-7', typing: 'yes', sender: 'agent' });
    socket.fire('read', { room: 'chat-7', sender: 'agent', readAt: '2026-11-26T10:01:00.000Z' });
    socket.fire('presence', { agents: 2 });
    socket.fire('presence', { agents: 'many' });
    socket.fire('refused', { message: 'invalid-token' });
    expect(reports()).toEqual([
      { type: 'socket.message', message },
      { type: 'socket.typing', typing: true, sender: 'agent', room: 'chat-7' },
      { type: 'socket.read', sender: 'agent', readAt: '2026-11-26T10:01:00.000Z', room: 'chat-7' },
      { type: 'socket.presence', agents: 2 },
      { type: 'socket.refused', message: 'invalid-token' },
    ]);
  });

  it('closes the socket when the machine stops it', () => {
    const { socket, actor } = harness(member, { current: 't' });
    actor.send({ type: 'stop' });
    expect(socket.disconnected).toBe(true);
    expect(socket.handlers.size).toBe(0);
  });
});
