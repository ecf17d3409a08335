/**
 * The agent's socket (src/features/ops/inbox/inbox-socket.ts) as
 * machines/agent-inbox invokes it, over a fake socket.io socket: the options
 * the spec fixes, the operator's token read on every handshake, the
 * machine's commands turned into emits (only while connected), a reconnect
 * asked only of a socket socket.io gave up on, every event turned into a
 * report with refusal codes passed on, malformed payloads dropped, and the
 * socket closed when the actor stops. With the real machine: the rooms are
 * joined again on every reconnect.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, sendTo, setup, fromPromise, type AnyEventObject } from 'xstate';
import type { Socket } from 'socket.io-client';
import { agentInboxMachine } from '../../machines/agent-inbox/agent-inbox.machine.ts';
import type {
  ConversationInput,
  DoneAnswer,
  HistoryAnswer,
  InboxAnswer,
  InboxQueryInput,
  InboxSocketCommand,
  OpenAnswer,
} from '../../machines/agent-inbox/agent-inbox.types.ts';
import { inboxSocketFactory, type OpenSocket } from '../../src/features/ops/inbox/inbox-socket.ts';
import { customerText, FIRST_PAGE, MEMBER } from '../model/agent-inbox.model.ts';

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

/** socket.io-client, as the actor loads it: a fake that hands out one socket per connection. */
function fakeIo() {
  const sockets: FakeSocket[] = [];
  const options: Array<Parameters<OpenSocket>[0]> = [];
  const load = () =>
    Promise.resolve<OpenSocket>((given) => {
      options.push(given);
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as Socket;
    });
  return { sockets, options, load };
}

/** Lets the loaded socket.io reach the actor. */
const loaded = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A parent that invokes the socket as the inbox does, records its reports and passes commands on. */
async function harness(token: { current: string | null }) {
  const io = fakeIo();
  const parent = setup({
    types: { context: {} as { reports: AnyEventObject[] }, events: {} as AnyEventObject },
    actors: { socket: inboxSocketFactory(() => token.current, io.load) },
  }).createMachine({
    context: { reports: [] },
    invoke: { id: 'socket', src: 'socket' },
    initial: 'live',
    states: { live: { on: { stop: 'stopped' } }, stopped: { type: 'final' } },
    on: {
      command: { actions: sendTo('socket', ({ event }) => (event as unknown as { command: InboxSocketCommand }).command) },
      '*': { actions: assign({ reports: ({ context, event }) => [...context.reports, event] }) },
    },
  });
  const actor = createActor(parent).start();
  await loaded();
  const reports = () => actor.getSnapshot().context.reports;
  const command = (value: InboxSocketCommand) => actor.send({ type: 'command', command: value });
  const auth = () => new Promise<unknown>((resolve) => (io.options[0]!.auth as (callback: (data: object) => void) => void)(resolve));
  return { socket: io.sockets[0]!, options: () => io.options[0]!, actor, reports, command, auth };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('inbox socket', () => {
  it('connects by websocket only, reconnecting every 500 ms without limit', async () => {
    const { options } = await harness({ current: 'operator-token' });
    expect(options()).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 500,
      reconnectionAttempts: Infinity,
    });
  });

  it("sends the operator's current token on every handshake", async () => {
    const token = { current: 'first-token' as string | null };
    const { auth } = await harness(token);
    await expect(auth()).resolves.toEqual({ token: 'first-token' });
    token.current = 'renewed-token';
    await expect(auth()).resolves.toEqual({ token: 'renewed-token' });
  });

  it('reports connecting, drops (whether socket.io goes on) and refusal codes', async () => {
    const { socket, reports } = await harness({ current: 't' });
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
      { type: 'socket.status', connected: true },
      { type: 'socket.status', connected: false, retrying: true },
      { type: 'socket.status', connected: false, retrying: true },
      { type: 'socket.connectError', message: 'websocket error', retrying: true },
      { type: 'socket.status', connected: false, retrying: false },
      { type: 'socket.connectError', message: 'REQUEST_LIMIT', retrying: false },
      { type: 'socket.status', connected: false, retrying: false },
      { type: 'socket.connectError', message: 'invalid-token', retrying: false },
      { type: 'socket.status', connected: false, retrying: false },
      { type: 'socket.refused', message: 'UNAUTHORIZED' },
      { type: 'socket.refused', message: 'invalid-token' },
    ]);
  });

  it('joins and tells typing only while connected', async () => {
    const { socket, command } = await harness({ current: 't' });
    command({ type: 'join', room: 'chat-10' });
    command({ type: 'typing', room: 'chat-10', typing: true });
    expect(socket.emitted).toEqual([]);
    socket.connected = true;
    command({ type: 'join', room: 'chat-10' });
    command({ type: 'typing', room: 'chat-10', typing: true });
    command({ type: 'typing', room: 'chat-10', typing: false });
    expect(socket.emitted).toEqual([
      ['join', 'chat-10'],
      ['typing', { room: 'chat-10', typing: true }],
      ['typing', { room: 'chat-10', typing: false }],
    ]);
  });

  it('reconnects only a socket socket.io gave up on', async () => {
    const { socket, command } = await harness({ current: 't' });
    command({ type: 'reconnect' });
    expect(socket.connects).toBe(0); // socket.io is at it
    socket.active = false;
    command({ type: 'reconnect' });
    expect(socket.connects).toBe(1);
    socket.connected = true;
    command({ type: 'reconnect' });
    expect(socket.connects).toBe(1);
  });

  it('reports the agents’ events and drops payloads that break the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, reports } = await harness({ current: 't' });
    const message = { ...customerText('1', 60), conversationId: '1' };
    const inbox = { conversation: MEMBER };
    socket.fire('messaging', message);
    socket.fire('messaging', { ...message, message: { message_type: 'text', payload: {} } });
    socket.fire('inbox', inbox);
    socket.fire('inbox', { conversation: { ...MEMBER, unread: 'two' } });
    socket.fire('typing', { room: MEMBER.room, typing: true, sender: 'customer' });
    socket.fire('typing', { room: MEMBER.room, typing: 'yes', sender: 'customer' });
    socket.fire('read', { room: MEMBER.room, sender: 'customer', readAt: '2026-03-02T10:05:00.000Z' });
    socket.fire('read', { room: MEMBER.room, sender: 'customer' });
    socket.fire('presence', { agents: 2 });
    socket.fire('presence', { agents: 'many' });
    socket.fire('refused', { code: 'invalid-token' });
    expect(reports()).toEqual([
      { type: 'socket.messaging', message },
      { type: 'socket.inbox', event: inbox },
      { type: 'socket.typing', event: { room: MEMBER.room, typing: true, sender: 'customer' } },
      { type: 'socket.read', event: { room: MEMBER.room, sender: 'customer', readAt: '2026-03-02T10:05:00.000Z' } },
      { type: 'socket.presence', agents: 2 },
    ]);
    expect(warn).toHaveBeenCalledTimes(6);
  });

  it('closes the socket when the machine stops it', async () => {
    const { socket, actor } = await harness({ current: 't' });
    actor.send({ type: 'stop' });
    expect(socket.disconnected).toBe(true);
    expect(socket.handlers.size).toBe(0);
  });

  it('opens no socket when stopped before socket.io loaded', async () => {
    const io = fakeIo();
    const parent = setup({ actors: { socket: inboxSocketFactory(() => 't', io.load) } }).createMachine({
      initial: 'live',
      states: { live: { invoke: { src: 'socket' }, on: { stop: 'stopped' } }, stopped: {} },
    });
    const actor = createActor(parent).start();
    actor.send({ type: 'stop' });
    await loaded();
    expect(io.sockets).toEqual([]);
  });
});

describe('inbox socket in the inbox', () => {
  const roomOf = (id: string) => `chat-${id}`;

  /** The real machine with this socket actor over the fake; its I/O answers at once. */
  async function inbox() {
    const io = fakeIo();
    const refused: string[] = [];
    const machine = agentInboxMachine.provide({
      actors: {
        socket: inboxSocketFactory(() => 'operator-token', io.load),
        loadInbox: fromPromise<InboxAnswer, InboxQueryInput>(async () => ({ ok: true, data: FIRST_PAGE })),
        openConversation: fromPromise<OpenAnswer, ConversationInput>(async ({ input }) => ({
          ok: true,
          data: { panel: { conversation: { ...MEMBER, id: input.id, room: roomOf(input.id) }, member: null }, messages: [] },
        })),
        markRead: fromPromise<DoneAnswer, ConversationInput>(async () => ({ ok: true, data: { message: 'SUCCESS' } })),
        catchUp: fromPromise<HistoryAnswer, ConversationInput>(async () => ({ ok: true, data: [] })),
      },
      actions: { refused: (_, { message }) => void refused.push(message) },
    });
    const actor = createActor(machine, { input: { canEditCanned: null } }).start();
    await loaded();
    return { actor, io, refused };
  }

  it('joins the open conversations’ rooms again on every reconnect, the latest 5', async () => {
    const { actor, io } = await inbox();
    const socket = io.sockets[0]!;
    const joined = () => socket.emitted.filter(([name]) => name === 'join').map(([, room]) => room);
    socket.connected = true;
    socket.fire('connect');
    const ids = ['1', '2', '3', '4', '5', '6', '7'];
    for (const id of ids) {
      actor.send({ type: 'conversation.select', id });
      await loaded();
    }
    expect(joined()).toEqual(ids.map(roomOf));

    socket.emitted = [];
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    expect(joined()).toEqual([]);
    socket.connected = true;
    socket.fire('connect');
    expect(joined()).toEqual(['3', '4', '5', '6', '7'].map(roomOf));
    actor.stop();
  });

  it('tells the open conversation’s room when the agent types, and when they stop', async () => {
    const { actor, io } = await inbox();
    const socket = io.sockets[0]!;
    socket.connected = true;
    socket.fire('connect');
    actor.send({ type: 'conversation.select', id: '1' });
    await loaded();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    socket.emitted = [];
    actor.send({ type: 'draft.change', text: 'We are checking' });
    actor.send({ type: 'draft.change', text: 'We are checking it' });
    vi.advanceTimersByTime(3000);
    expect(socket.emitted).toEqual([
      ['typing', { room: roomOf('1'), typing: true }],
      ['typing', { room: roomOf('1'), typing: false }],
    ]);
    actor.stop();
  });

  it('asks a socket socket.io gave up on to reconnect 5 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { actor, io } = await inbox();
    const socket = io.sockets[0]!;
    socket.active = false;
    socket.fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(4999);
    expect(socket.connects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.connects).toBe(1);
    actor.stop();
  });

  it('ends the session on a refused token, and says why on an 11th tab without retrying', async () => {
    const first = await inbox();
    first.io.sockets[0]!.active = false;
    first.io.sockets[0]!.fire('connect_error', new Error('invalid-token'));
    expect(first.refused).toEqual(['invalid-token']);
    expect(first.io.sockets[0]!.disconnected).toBe(true);
    first.actor.stop();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const second = await inbox();
    const socket = second.io.sockets[0]!;
    socket.active = false;
    socket.fire('connect_error', new Error('REQUEST_LIMIT'));
    expect([second.actor.getSnapshot().hasTag('socket:failed'), second.actor.getSnapshot().context.socketFailure]).toEqual([true, 'REQUEST_LIMIT']);
    expect(second.refused).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect([socket.connects, socket.disconnected]).toEqual([0, true]);
    second.actor.send({ type: 'socket.retry' });
    vi.useRealTimers();
    await loaded();
    expect(second.io.sockets).toHaveLength(2);
    second.actor.stop();
  });
});
