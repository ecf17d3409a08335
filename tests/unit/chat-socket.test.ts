/**
 * The chat's socket adapter (src/features/chat-shared/chat-socket.ts), the
 * one the widget's connection and the agent inbox both run under
 * machines/socket-link, over a fake socket.io: the options the spec fixes
 * (websocket only, reconnecting every 500 ms without limit), the handshake's
 * auth read again on every (re)connect, the link's commands turned into
 * emits only while connected, a reconnect asked only of a socket socket.io
 * gave up on, every event turned into a report with refusal codes passed
 * on, malformed payloads dropped, and the socket closed when the actor stops.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, sendTo, setup, type AnyEventObject } from 'xstate';
import type { SocketCommand, SocketInput } from '../../machines/socket-link/socket-link.types.ts';
import { chatSocket } from '../../src/features/chat-shared/chat-socket.ts';
import { fakeIo, loaded } from './chat-fake-socket-io.ts';

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
  conversationId: '1',
};

const row = {
  id: '1',
  room: 'chat-7',
  kind: 'member',
  userId: '7',
  guestId: null,
  name: 'Somchai',
  phone: '0812345678',
  lastMessageAt: '2026-11-26T10:00:00.000Z',
  lastMessage: 'Hello',
  lastMedia: null,
  unread: 2,
  closed: false,
};

/** A parent that invokes the socket as the link does, records its reports and passes commands on. */
async function harness(input: SocketInput, token: { current: string | null }) {
  const io = fakeIo();
  const parent = setup({
    types: { context: {} as { reports: AnyEventObject[] }, events: {} as AnyEventObject },
    actors: { socket: chatSocket(() => token.current, io.load) },
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
  await loaded();
  const reports = () => actor.getSnapshot().context.reports;
  const command = (value: SocketCommand) => actor.send({ type: 'command', command: value });
  return { io, socket: io.sockets[0]!, actor, reports, command };
}

const signedIn: SocketInput = { guestToken: null };
const guest: SocketInput = { guestToken: 'g0123.1790000000.sig' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('chat socket', () => {
  it('connects by websocket only, reconnecting every 500 ms without limit', async () => {
    const { io } = await harness(signedIn, { current: 'member-token' });
    expect(io.options[0]).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 500,
      reconnectionAttempts: Infinity,
    });
  });

  it("sends the signed-in member's or operator's current token on every handshake", async () => {
    const token = { current: 'first-token' as string | null };
    const { io } = await harness(signedIn, token);
    await expect(io.auth()).resolves.toEqual({ token: 'first-token' });
    token.current = 'renewed-token';
    await expect(io.auth()).resolves.toEqual({ token: 'renewed-token' });
  });

  it("sends a guest's signed token, never a member token, and nothing without a token", async () => {
    const { io } = await harness(guest, { current: 'member-token' });
    await expect(io.auth()).resolves.toEqual({ guestToken: 'g0123.1790000000.sig' });
    const none = await harness(signedIn, { current: null });
    await expect(none.io.auth()).resolves.toEqual({});
  });

  it('reports connecting, drops (whether socket.io goes on) and refusal codes', async () => {
    const { socket, reports } = await harness(signedIn, { current: 't' });
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    socket.fire('connect_error', new Error('websocket error'));
    socket.active = false;
    socket.fire('connect_error', new Error('REQUEST_LIMIT'));
    socket.fire('connect_error', new Error('invalid-token'));
    socket.fire('disconnect', 'io server disconnect');
    socket.fire('refused', { message: 'UNAUTHORIZED' });
    socket.fire('refused', { message: 'invalid-token' });
    expect(reports()).toEqual([
      { type: 'socket.connected' },
      { type: 'socket.disconnected', retrying: true },
      { type: 'socket.connectError', message: 'websocket error', retrying: true },
      { type: 'socket.connectError', message: 'REQUEST_LIMIT', retrying: false },
      { type: 'socket.connectError', message: 'invalid-token', retrying: false },
      { type: 'socket.disconnected', retrying: false },
      { type: 'socket.refused', message: 'UNAUTHORIZED' },
      { type: 'socket.refused', message: 'invalid-token' },
    ]);
  });

  it('joins with an ack only while connected, and reports the answer with its room', async () => {
    const { socket, reports, command } = await harness(signedIn, { current: 't' });
    command({ type: 'join', room: 'chat-7' });
    expect(socket.emitted).toEqual([]);
    socket.connected = true;
    command({ type: 'join', room: 'chat-7' });
    command({ type: 'join', room: 'chat-8' });
    command({ type: 'join', room: 'chat-9' });
    expect(socket.sent()).toEqual([
      ['join', 'chat-7'],
      ['join', 'chat-8'],
      ['join', 'chat-9'],
    ]);
    socket.ack(0, { ok: true });
    socket.ack(1, { ok: false, message: 'REQUEST_LIMIT' });
    socket.ack(2, 'nonsense');
    expect(reports()).toEqual([
      { type: 'socket.joined', room: 'chat-7' },
      { type: 'socket.joinRefused', room: 'chat-8', message: 'REQUEST_LIMIT' },
      { type: 'socket.joinRefused', room: 'chat-9', message: 'UNAUTHORIZED' },
    ]);
  });

  it('tells typing into a room only while connected', async () => {
    const { socket, command } = await harness(signedIn, { current: 't' });
    command({ type: 'typing', room: 'chat-7', typing: true });
    expect(socket.emitted).toEqual([]);
    socket.connected = true;
    command({ type: 'typing', room: 'chat-7', typing: true });
    command({ type: 'typing', room: 'chat-7', typing: false });
    expect(socket.emitted).toEqual([
      ['typing', { room: 'chat-7', typing: true }],
      ['typing', { room: 'chat-7', typing: false }],
    ]);
  });

  it('reconnects only a socket socket.io gave up on', async () => {
    const { socket, command } = await harness(signedIn, { current: 't' });
    command({ type: 'reconnect' });
    expect(socket.connects).toBe(0); // socket.io is at it
    socket.active = false;
    command({ type: 'reconnect' });
    expect(socket.connects).toBe(1);
    socket.connected = true;
    command({ type: 'reconnect' });
    expect(socket.connects).toBe(1);
  });

  it("reports the rooms' and the agents' events, and drops payloads that break the contract", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, reports } = await harness(signedIn, { current: 't' });
    socket.fire('messaging', message);
    socket.fire('messaging', { ...message, message: { message_type: 'text', payload: {} } });
    socket.fire('inbox', { conversation: row });
    socket.fire('inbox', { conversation: { ...row, unread: 'two' } });
    socket.fire('typing', { room: 'chat-7', typing: true, sender: 'agent' });
    socket.fire('typing', { room: 'chat-7', typing: 'yes', sender: 'agent' });
    socket.fire('read', { room: 'chat-7', sender: 'agent', readAt: '2026-11-26T10:01:00.000Z' });
    socket.fire('read', { room: 'chat-7', sender: 'agent' });
    socket.fire('presence', { agents: 2 });
    socket.fire('presence', { agents: 'many' });
    socket.fire('ended', { room: 'chat-7', session_id: 'session-2' });
    socket.fire('ended', { room: 'chat-7' });
    socket.fire('refused', { code: 'invalid-token' });
    expect(reports()).toEqual([
      { type: 'socket.message', message },
      { type: 'socket.inbox', conversation: row },
      { type: 'socket.typing', typing: true, sender: 'agent', room: 'chat-7' },
      { type: 'socket.read', sender: 'agent', readAt: '2026-11-26T10:01:00.000Z', room: 'chat-7' },
      { type: 'socket.presence', agents: 2 },
      { type: 'socket.ended', room: 'chat-7', sessionId: 'session-2' },
    ]);
    expect(warn).toHaveBeenCalledTimes(7);
  });

  it('closes the socket when the machine stops it', async () => {
    const { socket, actor } = await harness(signedIn, { current: 't' });
    actor.send({ type: 'stop' });
    expect(socket.disconnected).toBe(true);
    expect(socket.handlers.size).toBe(0);
  });

  it('opens no socket when stopped before socket.io loaded', async () => {
    const io = fakeIo();
    const parent = setup({ actors: { socket: chatSocket(() => 't', io.load) } }).createMachine({
      initial: 'live',
      states: { live: { invoke: { src: 'socket', input: signedIn }, on: { stop: 'stopped' } }, stopped: {} },
    });
    const actor = createActor(parent).start();
    actor.send({ type: 'stop' });
    await loaded();
    expect(io.sockets).toEqual([]);
  });

  it('reports a socket.io that could not be loaded as a refused handshake, and loads it again when asked to reconnect', async () => {
    const io = fakeIo();
    io.fail(true);
    const reports: AnyEventObject[] = [];
    const parent = setup({ types: { events: {} as AnyEventObject }, actors: { socket: chatSocket(() => 't', io.load) } }).createMachine({
      invoke: { id: 'socket', src: 'socket', input: signedIn },
      on: {
        reconnect: { actions: sendTo('socket', { type: 'reconnect' }) },
        '*': { actions: ({ event }) => void reports.push(event) },
      },
    });
    const actor = createActor(parent).start();
    await loaded();
    expect([reports, io.sockets]).toEqual([[{ type: 'socket.connectError', message: 'NETWORK_ERROR', retrying: false }], []]);
    io.fail(false);
    actor.send({ type: 'reconnect' });
    await loaded();
    expect(io.sockets).toHaveLength(1);
    actor.stop();
  });
});
