/**
 * The connection machine's commands to its socket (machines/chat-connection;
 * the protocol src/features/chat/socket.ts implements), which the model
 * tests cannot see: their fake socket takes no commands. A fake callback
 * socket records what it is told, on a simulated clock: the join with the
 * room, the 5 s reconnect check only while not connected (spec 4), typing
 * only in the room, and a socket that is closed when the chat cannot start
 * and a new one on retry; and what the view provides for the server's
 * refusals: a member's ended session told to the session, a guest the
 * server no longer takes forgotten before a new one is asked for.
 */
import { expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { chatConnectionMachine } from '../../machines/chat-connection/chat-connection.machine.ts';
import type { ConfigAnswer, GuestAnswer, SocketCommand, SocketInput, SocketReport } from '../../machines/chat-connection/chat-connection.types.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(userId: string | null = '1001') {
  const sockets: Array<{ input: SocketInput; commands: SocketCommand[]; report: (event: SocketReport) => void; closed: boolean }> = [];
  const socket = fromCallback<SocketCommand, SocketInput>(({ input, sendBack, receive }) => {
    const entry = { input, commands: [] as SocketCommand[], report: (event: SocketReport) => sendBack(event), closed: false };
    sockets.push(entry);
    receive((command) => entry.commands.push(command));
    return () => {
      entry.closed = true;
    };
  });
  const loadConfig = fromPromise<ConfigAnswer, void>(async () => ({ ok: true, data: { PREFIX: 'wallet' } }));
  /** The app's side of it: the stored guest, what the server issues, the session told. */
  const app = { stored: 'g-old' as string | null, issued: ['g-old', 'g-new'], sessionEnded: 0 };
  const ensureGuest = fromPromise<GuestAnswer, void>(async () => {
    // The server renews the stored guest, or issues a new one when none is sent.
    const guestId = app.stored ?? app.issued[1]!;
    app.stored = guestId;
    return { ok: true, data: { guestId, guestToken: `${guestId}.1767000000.sig` } };
  });
  const actions = {
    endSession: () => {
      app.sessionEnded += 1;
    },
    forgetGuest: () => {
      app.stored = null;
    },
  };
  const clock = new SimulatedClock();
  const actor = createActor(chatConnectionMachine.provide({ actors: { socket, loadConfig, ensureGuest }, actions }), { input: { userId }, clock });
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type === 'chat.ready' ? `chat.ready ${String(event.resumed)}` : event.type));
  return { actor, clock, sockets, emitted, app, state: () => JSON.stringify(actor.getSnapshot().value) };
}

it('joins its room, checks a socket that is not connected every 5 s, and passes typing on only in the room', async () => {
  const { actor, clock, sockets, emitted, state } = harness();
  actor.start();
  await settle();
  expect(state()).toBe('{"live":"connecting"}');
  expect(sockets.map((socket) => socket.input)).toEqual([{ userId: '1001', guestId: null, guestToken: null }]);
  const [socket] = sockets;

  // Not connected yet: the check asks for a reconnect every 5 s, not sooner.
  clock.increment(4999);
  expect(socket!.commands).toEqual([]);
  clock.increment(1);
  clock.increment(5000);
  expect(socket!.commands).toEqual([{ type: 'reconnect' }, { type: 'reconnect' }]);

  // Connected: the room `{PREFIX}-{userId}` is joined; an unanswered join is asked again 5 s later.
  socket!.report({ type: 'socket.connected' });
  actor.send({ type: 'chat.typing', typing: true }); // not in the room yet: not passed on
  clock.increment(5000);
  expect(socket!.commands.slice(2)).toEqual([
    { type: 'join', room: 'wallet-1001' },
    { type: 'join', room: 'wallet-1001' },
  ]);

  socket!.report({ type: 'socket.joined' });
  expect(state()).toBe('{"live":"ready"}');
  actor.send({ type: 'chat.typing', typing: true });
  // In the room: no checks while connected.
  clock.increment(15_000);
  expect(socket!.commands.slice(4)).toEqual([{ type: 'typing', typing: true }]);

  // Dropped: reconnect asked every 5 s; once connected, the room is joined again and the ready is a resumed one.
  socket!.report({ type: 'socket.disconnected', reason: 'transport close' });
  clock.increment(5000);
  socket!.report({ type: 'socket.connected' });
  socket!.report({ type: 'socket.joined' });
  expect(socket!.commands.slice(5)).toEqual([{ type: 'reconnect' }, { type: 'join', room: 'wallet-1001' }]);
  expect(emitted).toEqual(['chat.ready false', 'chat.lost', 'chat.ready true']);
  actor.stop();
});

it('closes the socket when the server refuses the handshake, stops checking, and opens a new one on retry', async () => {
  const { actor, clock, sockets, state } = harness();
  actor.start();
  await settle();
  sockets[0]!.report({ type: 'socket.connectError', message: 'invalid-token', retrying: false });
  expect([state(), actor.getSnapshot().context.failure, sockets[0]!.closed]).toEqual(['{"cannotStart":"sessionEnded"}', 'invalid-token', true]);
  clock.increment(60_000);
  expect(sockets[0]!.commands).toEqual([]);

  actor.send({ type: 'chat.retry' });
  await settle();
  expect([state(), sockets.length, sockets[1]!.closed]).toEqual(['{"live":"connecting"}', 2, false]);
  actor.stop();
});

it("tells the session once when the server ends a member's session, and retries as the same member", async () => {
  const { actor, sockets, app, state } = harness();
  actor.start();
  await settle();
  sockets[0]!.report({ type: 'socket.refused', message: 'invalid-token' });
  expect([state(), app.sessionEnded]).toEqual(['{"cannotStart":"sessionEnded"}', 1]);
  actor.send({ type: 'chat.retry' });
  await settle();
  expect([state(), app.sessionEnded, sockets[1]!.input.userId]).toEqual(['{"live":"connecting"}', 1, '1001']);
  actor.stop();
});

it('starts a guest the server no longer takes as a new guest on retry, and keeps a guest refused otherwise', async () => {
  const { actor, sockets, app, state } = harness(null);
  actor.start();
  await settle();
  expect(sockets[0]!.input.guestId).toBe('g-old');

  // Refused for another reason: the same guest again.
  sockets[0]!.report({ type: 'socket.connectError', message: 'UNAUTHORIZED', retrying: false });
  expect(state()).toBe('{"cannotStart":"refused"}');
  actor.send({ type: 'chat.retry' });
  await settle();
  expect([app.stored, sockets[1]!.input.guestId]).toEqual(['g-old', 'g-old']);

  // A send refused with CHAT_CLOSED (the history tells): the old guest is forgotten, the server issues a new one.
  sockets[1]!.report({ type: 'socket.connected' });
  sockets[1]!.report({ type: 'socket.joined' });
  actor.send({ type: 'chat.ended', message: 'CHAT_CLOSED' });
  expect([state(), actor.getSnapshot().context.failure, sockets[1]!.closed]).toEqual(['{"cannotStart":"guestEnded"}', 'CHAT_CLOSED', true]);
  actor.send({ type: 'chat.retry' });
  await settle();
  expect([app.stored, sockets[2]!.input.guestId, actor.getSnapshot().context.room]).toEqual(['g-new', 'g-new', 'wallet-g-new']);
  expect(app.sessionEnded).toBe(0);
  actor.stop();
});
