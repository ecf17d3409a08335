/**
 * The connection machine's commands to its socket (machines/chat-connection;
 * the protocol src/features/chat/socket.ts implements), which the model
 * tests cannot see: their fake socket takes no commands. A fake callback
 * socket records what it is told, on a simulated clock: the join with the
 * room, the 5 s reconnect check only while not connected (spec 4), typing
 * only in the room, and a socket that is closed when the chat cannot start
 * and a new one on retry.
 */
import { expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { chatConnectionMachine } from '../../machines/chat-connection/chat-connection.machine.ts';
import type { ConfigAnswer, SocketCommand, SocketInput, SocketReport } from '../../machines/chat-connection/chat-connection.types.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness() {
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
  const clock = new SimulatedClock();
  const actor = createActor(chatConnectionMachine.provide({ actors: { socket, loadConfig } }), { input: { userId: '1001' }, clock });
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type === 'chat.ready' ? `chat.ready ${String(event.resumed)}` : event.type));
  return { actor, clock, sockets, emitted, state: () => JSON.stringify(actor.getSnapshot().value) };
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
  expect([state(), actor.getSnapshot().context.failure, sockets[0]!.closed]).toEqual(['"cannotStart"', 'invalid-token', true]);
  clock.increment(60_000);
  expect(sockets[0]!.commands).toEqual([]);

  actor.send({ type: 'chat.retry' });
  await settle();
  expect([state(), sockets.length, sockets[1]!.closed]).toEqual(['{"live":"connecting"}', 2, false]);
  actor.stop();
});
