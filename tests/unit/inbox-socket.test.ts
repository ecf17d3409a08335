/**
 * The agents' socket in the inbox (machines/agent-inbox with its real
 * children and socket link, machines/socket-link, over the chat's socket
 * adapter and a fake socket.io), which the model tests cannot see (their
 * children are fakes that take no commands): the operator's token in the
 * handshake; the rooms joined again on every reconnect, the latest 5; the
 * agent's typing told to the open conversation's room; a socket socket.io
 * gave up on asked to reconnect 5 s later; the session ended on a refused
 * token, an 11th tab told why without retrying, a server error retried.
 * The adapter itself is tests/unit/chat-socket.test.ts's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatSocket } from '../../src/features/chat-shared/chat-socket.ts';
import { PANELS } from '../model/agent-inbox.fixtures.ts';
import { inboxHarness } from './chat-inbox-harness.ts';
import { fakeIo, loaded } from './chat-fake-socket-io.ts';

afterEach(() => {
  vi.useRealTimers();
});

const roomOf = (id: string) => `chat-${id}`;

/** The real inbox with the real link and adapter over a fake socket.io; its I/O answers at once. */
async function inbox() {
  const io = fakeIo();
  const harness = inboxHarness(chatSocket(() => 'operator-token', io.load), {
    loadInbox: () => ({ ok: true, data: { conversations: [], total: 0 } }),
    openConversation: (input) => {
      const { id } = input as { id: string };
      const conversation = { ...PANELS['1']!.conversation, id, room: roomOf(id) };
      return { ok: true, data: { panel: { conversation, member: null }, messages: [] } };
    },
    markRead: () => ({ ok: true, data: { message: 'SUCCESS' } }),
    catchUp: () => ({ ok: true, data: [] }),
  });
  harness.actor.start();
  await loaded();
  return { ...harness, io };
}

describe('the socket in the inbox', () => {
  it('sends the operator’s token in the handshake', async () => {
    const { actor, io } = await inbox();
    await expect(io.auth()).resolves.toEqual({ token: 'operator-token' });
    actor.stop();
  });

  it('joins the open conversations’ rooms again on every reconnect, the latest 5', async () => {
    const { actor, io } = await inbox();
    const socket = io.sockets[0]!;
    const joined = () => socket.sent().filter(([name]) => name === 'join').map(([, room]) => room);
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

  it('tells the open conversation’s room when the agent types, when they pause, and when they leave it', async () => {
    const { actor, io, child } = await inbox();
    const socket = io.sockets[0]!;
    socket.connected = true;
    socket.fire('connect');
    actor.send({ type: 'conversation.select', id: '1' });
    await loaded();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    socket.emitted = [];
    child('composer').send({ type: 'draft.change', text: 'We are checking' });
    child('composer').send({ type: 'draft.change', text: 'We are checking it' });
    vi.advanceTimersByTime(3000);
    child('composer').send({ type: 'draft.change', text: 'We are checking it now' });
    actor.send({ type: 'conversation.select', id: '2' });
    expect(socket.emitted.filter(([name]) => name === 'typing')).toEqual([
      ['typing', { room: roomOf('1'), typing: true }],
      ['typing', { room: roomOf('1'), typing: false }],
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
    expect(first.view.refused).toEqual(['invalid-token']);
    expect(first.io.sockets[0]!.disconnected).toBe(true);
    first.actor.stop();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const second = await inbox();
    const socket = second.io.sockets[0]!;
    socket.active = false;
    socket.fire('connect_error', new Error('REQUEST_LIMIT'));
    expect([second.actor.getSnapshot().hasTag('socket:failed'), second.actor.getSnapshot().context.socketFailure]).toEqual([true, 'REQUEST_LIMIT']);
    expect(second.view.refused).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect([socket.connects, socket.disconnected]).toEqual([0, true]);
    second.actor.send({ type: 'socket.retry' });
    vi.useRealTimers();
    await loaded();
    expect(second.io.sockets).toHaveLength(2);
    second.actor.stop();
  });

  it('tries a refusal a retry may cure again 5 s later, without ending the session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { actor, io, view } = await inbox();
    const socket = io.sockets[0]!;
    socket.active = false;
    socket.fire('connect_error', new Error('SERVER_ERROR'));
    vi.advanceTimersByTime(5000);
    expect([socket.connects, view.refused, actor.getSnapshot().hasTag('socket:failed')]).toEqual([1, [], false]);
    actor.stop();
  });
});
