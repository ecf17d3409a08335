/**
 * The chat widget (machines/chat-widget) with its real children
 * (machines/chat-connection over machines/socket-link, machines/chat-history)
 * and fake I/O, on a simulated clock: what the model test of the parent
 * cannot see (its children are fakes there), how it passes the news between
 * them. The room's messages and typing reach the history, the room joined
 * or lost tells it online or offline, the customer's typing reaches the room,
 * support's presence shows while joined; 'Connecting…' after 1.5 s of
 * connecting and while reconnecting (spec 4); a conversation the server ended
 * is 'Cannot start chatting', and a retry is a new guest with a new history.
 */
import { afterEach, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyActorLogic } from 'xstate';
import type { ConfigAnswer, GuestAnswer } from '../../machines/chat-connection/chat-connection.types.ts';
import type { PageAnswer, PageQuery, ReadQuery } from '../../machines/chat-history/chat-history.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { chatConnectionFor, chatHistoryFor } from '../../machines/chat-widget/chat-widget.children.ts';
import { chatWidgetMachine } from '../../machines/chat-widget/chat-widget.machine.ts';
import { socketLinkFor } from '../../machines/socket-link/socket-link.machine.ts';
import type { SocketCommand, SocketInput, SocketReport } from '../../machines/socket-link/socket-link.types.ts';
import { message } from '../model/chat-history.model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** spec 4, written out independently: how long connecting may take before the panel says so. */
const NOTICE_MS = 1500;

let stop: (() => void) | null = null;
afterEach(() => stop?.());

function harness(userId: string | null, options: { mediaEnds?: unknown } = {}) {
  const sockets: Array<{ commands: SocketCommand[]; report: (event: SocketReport) => void }> = [];
  const socket = fromCallback<SocketCommand, SocketInput>(({ sendBack, receive }) => {
    const entry = { commands: [] as SocketCommand[], report: (event: SocketReport) => sendBack(event) };
    sockets.push(entry);
    receive((command) => entry.commands.push(command));
  });
  /** The server's side: guests it issued, the pages asked for (by whom). */
  const server = { guests: ['g-first', 'g-second'], issued: 0, pages: [] as PageQuery[] };
  const connection = chatConnectionFor({
    actors: {
      socketLink: socketLinkFor(socket),
      loadConfig: fromPromise<ConfigAnswer, void>(async () => ({ ok: true, data: { PREFIX: 'wallet' } })),
      ensureGuest: fromPromise<GuestAnswer, void>(async () => {
        const guestId = server.guests[server.issued++]!;
        return { ok: true, data: { guestId, guestToken: `${guestId}.1767000000.sig` } };
      }),
    },
    actions: { endSession: () => {}, forgetGuest: () => {} },
  });
  const history = chatHistoryFor({
    loadPage: fromPromise<PageAnswer, PageQuery>(async ({ input }) => {
      server.pages.push(input);
      return { ok: true, data: [] };
    }),
    markRead: fromPromise<Result<unknown>, ReadQuery>(async () => ({ ok: true, data: {} })),
    // Each message sent ends as the test says (the server ended the conversation).
    chatMedia: fromPromise(async () => options.mediaEnds) as unknown as AnyActorLogic as never,
  });
  const clock = new SimulatedClock();
  const actor = createActor(chatWidgetMachine.provide({ actors: { connection, history } }), { input: { userId, visible: true }, clock });
  stop = () => actor.stop();
  const historyOf = () => actor.getSnapshot().children.history;
  return { actor, clock, sockets, server, historyOf, notice: () => actor.getSnapshot().hasTag('connectionNotice') };
}

it('passes the room to the history, the typing to the room, and shows presence only while joined', async () => {
  const { actor, sockets, historyOf } = harness('1001');
  actor.start();
  await settle();
  const history = historyOf()!;
  expect(history.getSnapshot().context).toMatchObject({ writer: 'member', userId: '1001', guestId: null, online: false, visible: true });
  const [socket] = sockets;
  socket!.report({ type: 'socket.connected' });
  socket!.report({ type: 'socket.presence', agents: 3 });
  expect(actor.getSnapshot().context.agents).toBe(null);
  socket!.report({ type: 'socket.joined', room: 'wallet-1001' });
  await settle();
  expect([history.getSnapshot().context.online, actor.getSnapshot().context.agents]).toEqual([true, 3]);

  socket!.report({ type: 'socket.message', message: message(1) });
  socket!.report({ type: 'socket.typing', room: 'wallet-1001', typing: true, sender: 'agent' });
  await settle();
  expect(history.getSnapshot().context.messages.map((held) => held._id)).toEqual(['1']);
  expect(history.getSnapshot().hasTag('supportTyping')).toBe(true);
  // An agent ends the conversation: the room's news reaches the history at once (the panel draws the end), before any next message.
  socket!.report({ type: 'socket.ended', room: 'wallet-1001', sessionId: 'session-2' });
  await settle();
  expect(history.getSnapshot().context.session).toBe('session-2');

  actor.send({ type: 'chat.typing', typing: true });
  actor.send({ type: 'widget.visible', visible: false });
  expect(socket!.commands).toContainEqual({ type: 'typing', room: 'wallet-1001', typing: true });
  expect(history.getSnapshot().context.visible).toBe(false);

  // A drop: the history waits offline, the presence hides (and shows again, as last told, once joined).
  socket!.report({ type: 'socket.disconnected', retrying: true });
  await settle();
  expect([history.getSnapshot().context.online, actor.getSnapshot().context.agents]).toEqual([false, null]);
  socket!.report({ type: 'socket.connected' });
  socket!.report({ type: 'socket.joined', room: 'wallet-1001' });
  await settle();
  expect([history.getSnapshot().context.online, actor.getSnapshot().context.agents, historyOf()]).toEqual([true, 3, history]);
});

it("says it is connecting only after 1.5 s of it, and at once while reconnecting", async () => {
  const { actor, clock, sockets, notice } = harness('1001');
  actor.start();
  await settle();
  clock.increment(NOTICE_MS - 1);
  expect(notice()).toBe(false);
  clock.increment(1);
  expect(notice()).toBe(true);
  sockets[0]!.report({ type: 'socket.connected' });
  sockets[0]!.report({ type: 'socket.joined', room: 'wallet-1001' });
  await settle();
  expect(notice()).toBe(false);

  sockets[0]!.report({ type: 'socket.disconnected', retrying: true });
  await settle();
  expect(notice()).toBe(true);
  // Connected again, joining: connecting anew (quiet for 1.5 s).
  sockets[0]!.report({ type: 'socket.connected' });
  await settle();
  expect(notice()).toBe(false);
  clock.increment(NOTICE_MS);
  expect(notice()).toBe(true);
});

it("is 'Cannot start chatting' when the server ended the conversation, and a retry is a new guest with a new history", async () => {
  const { actor, sockets, server, historyOf } = harness(null, { mediaEnds: { outcome: 'ended', message: 'CHAT_CLOSED' } });
  actor.start();
  await settle();
  const first = historyOf()!;
  expect(first.getSnapshot().context).toMatchObject({ writer: 'guest', userId: null, guestId: 'g-first' });
  sockets[0]!.report({ type: 'socket.connected' });
  sockets[0]!.report({ type: 'socket.joined', room: 'wallet-g-first' });
  first.send({ type: 'history.send', deliverId: 'out-0001', item: { kind: 'text', text: 'Hello' } });
  await settle();
  await settle();
  expect([actor.getSnapshot().hasTag('cannotStart'), actor.getSnapshot().context.failure, historyOf()]).toEqual([true, 'CHAT_CLOSED', undefined]);

  actor.send({ type: 'chat.retry' });
  await settle();
  const second = historyOf()!;
  expect(second).not.toBe(first);
  expect(second.getSnapshot().context).toMatchObject({ userId: null, guestId: 'g-second' });
  // The new conversation's newest page (the first guest's were read at its start and on joining).
  expect(server.pages.at(-1)).toEqual({ userId: null, guestId: 'g-second', limit: 10, skip: 0 });
  expect(server.pages.filter((query) => query.guestId === 'g-second')).toHaveLength(1);
});
