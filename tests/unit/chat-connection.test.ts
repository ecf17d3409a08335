/**
 * The connection machine (machines/chat-connection) with its real socket
 * link (machines/socket-link) over a fake callback socket that records what
 * it is told, on a simulated clock, which the model tests cannot see (their
 * link is a fake that takes no commands): the join with the room, asked
 * again when unanswered for 5 s, a socket socket.io gave up on asked to
 * reconnect 5 s later (spec 4) and nothing asked while socket.io is at it,
 * typing only in the room, and a socket that is closed when the chat cannot
 * start and a new one on retry; and what the view provides for the server's
 * refusals: a member's ended session told to the session, a guest the
 * server no longer takes forgotten before a new one is asked for.
 */
import { expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { chatConnectionMachine } from '../../machines/chat-connection/chat-connection.machine.ts';
import type { ConfigAnswer, GuestAnswer } from '../../machines/chat-connection/chat-connection.types.ts';
import { socketLinkFor } from '../../machines/socket-link/socket-link.machine.ts';
import type { SocketCommand, SocketInput, SocketReport } from '../../machines/socket-link/socket-link.types.ts';

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
  const machine = chatConnectionMachine.provide({ actors: { socketLink: socketLinkFor(socket), loadConfig, ensureGuest }, actions });
  const actor = createActor(machine, { input: { userId }, clock });
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type === 'chat.ready' ? `chat.ready ${String(event.resumed)}` : event.type));
  return { actor, clock, sockets, emitted, app, state: () => JSON.stringify(actor.getSnapshot().value) };
}

it('joins its room, asks an unanswered join again after 5 s, passes typing on only in the room, and joins again after a drop', async () => {
  const { actor, clock, sockets, emitted, state } = harness();
  actor.start();
  await settle();
  expect(state()).toBe('{"live":"connecting"}');
  // A member's socket carries no guest token: the session's token is read at each handshake.
  expect(sockets.map((socket) => socket.input)).toEqual([{ guestToken: null }]);
  const [socket] = sockets;

  // socket.io is at it (every 500 ms): nothing is asked of it meanwhile.
  socket!.report({ type: 'socket.connectError', message: 'websocket error', retrying: true });
  clock.increment(15_000);
  expect([state(), socket!.commands]).toEqual(['{"live":"connecting"}', []]);

  // Connected: the room `{PREFIX}-{userId}` is joined; an unanswered join is asked again 5 s later.
  socket!.report({ type: 'socket.connected' });
  actor.send({ type: 'chat.typing', typing: true }); // not in the room yet: not passed on
  clock.increment(4999);
  expect(socket!.commands).toEqual([{ type: 'join', room: 'wallet-1001' }]);
  clock.increment(1);
  expect(socket!.commands).toEqual([
    { type: 'join', room: 'wallet-1001' },
    { type: 'join', room: 'wallet-1001' },
  ]);

  socket!.report({ type: 'socket.joined', room: 'wallet-1001' });
  expect(state()).toBe('{"live":"ready"}');
  actor.send({ type: 'chat.typing', typing: true });
  clock.increment(15_000);
  expect(socket!.commands.slice(2)).toEqual([{ type: 'typing', room: 'wallet-1001', typing: true }]);

  // The server closed the socket and socket.io gave up: asked to reconnect 5 s later; once connected, the room is joined again and the ready is a resumed one.
  socket!.report({ type: 'socket.disconnected', retrying: false });
  clock.increment(4999);
  expect(socket!.commands.slice(3)).toEqual([]);
  clock.increment(1);
  socket!.report({ type: 'socket.connected' });
  socket!.report({ type: 'socket.joined', room: 'wallet-1001' });
  expect(socket!.commands.slice(3)).toEqual([{ type: 'reconnect' }, { type: 'join', room: 'wallet-1001' }]);
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

it('ends the chat on any refused handshake, a retry cures or not, never looping', async () => {
  const { actor, clock, sockets, state } = harness();
  actor.start();
  await settle();
  sockets[0]!.report({ type: 'socket.connectError', message: 'SERVER_ERROR', retrying: false });
  expect([state(), actor.getSnapshot().context.failure, sockets[0]!.closed]).toEqual(['{"cannotStart":"refused"}', 'SERVER_ERROR', true]);
  clock.increment(60_000);
  expect([sockets.length, sockets[0]!.commands]).toEqual([1, []]);
  actor.stop();
});

it("tells the session once when the server ends a member's session, and retries as the same member", async () => {
  const { actor, sockets, app, state } = harness();
  actor.start();
  await settle();
  sockets[0]!.report({ type: 'socket.connected' });
  sockets[0]!.report({ type: 'socket.refused', message: 'invalid-token' });
  expect([state(), app.sessionEnded, sockets[0]!.closed]).toEqual(['{"cannotStart":"sessionEnded"}', 1, true]);
  actor.send({ type: 'chat.retry' });
  await settle();
  expect([state(), app.sessionEnded, sockets.length]).toEqual(['{"live":"connecting"}', 1, 2]);
  actor.stop();
});

it('starts a guest the server no longer takes as a new guest on retry, and keeps a guest refused otherwise', async () => {
  const { actor, sockets, app, state } = harness(null);
  actor.start();
  await settle();
  expect(sockets[0]!.input.guestToken).toBe('g-old.1767000000.sig');

  // Refused for another reason: the same guest again.
  sockets[0]!.report({ type: 'socket.connectError', message: 'UNAUTHORIZED', retrying: false });
  expect(state()).toBe('{"cannotStart":"refused"}');
  actor.send({ type: 'chat.retry' });
  await settle();
  expect([app.stored, sockets[1]!.input.guestToken]).toEqual(['g-old', 'g-old.1767000000.sig']);

  // A send refused with CHAT_CLOSED (the history tells): the old guest is forgotten, the server issues a new one.
  sockets[1]!.report({ type: 'socket.connected' });
  sockets[1]!.report({ type: 'socket.joined', room: 'wallet-g-old' });
  actor.send({ type: 'chat.ended', message: 'CHAT_CLOSED' });
  expect([state(), actor.getSnapshot().context.failure, sockets[1]!.closed]).toEqual(['{"cannotStart":"guestEnded"}', 'CHAT_CLOSED', true]);
  actor.send({ type: 'chat.retry' });
  await settle();
  expect([app.stored, sockets[2]!.input.guestToken, actor.getSnapshot().context.room]).toEqual(['g-new', 'g-new.1767000000.sig', 'wallet-g-new']);
  expect(app.sessionEnded).toBe(0);

  // The server closed the guest (its sweep): the refusal the link passes on ends the chat the same way.
  sockets[2]!.report({ type: 'socket.connected' });
  sockets[2]!.report({ type: 'socket.refused', message: 'CHAT_GUEST_INVALID' });
  expect([state(), sockets[2]!.closed]).toEqual(['{"cannotStart":"guestEnded"}', true]);
  actor.stop();
});
