/**
 * What the chat history's model tests cannot see (their children are fakes
 * and their clock only jumps to a timer's end), on a simulated clock: the
 * read mark's debounce starting again with each agent message (spec 7: 1 s
 * after the last), support's typing shown 15 s after it last said so, and
 * the history with its real chat-media children: a message written offline
 * goes once the chat is connected, 500 ms later, once, and shows once when
 * the room's copy comes too; a send the server refuses for good ends the
 * conversation.
 */
import { expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { chatHistoryMachine } from '../../machines/chat-history/chat-history.machine.ts';
import type { PageAnswer, PageQuery, ReadQuery } from '../../machines/chat-history/chat-history.types.ts';
import { chatMediaMachine } from '../../machines/chat-media/chat-media.machine.ts';
import type { SendAnswer, SendInput, UploadAnswer, UploadInput } from '../../machines/chat-media/chat-media.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import type { ChatMessage } from '../../src/contract/chat.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function agentMessage(n: number): ChatMessage {
  return {
    _id: String(n),
    sender: 'agent',
    message: { message_type: 'text', payload: { text: `hello ${n}` }, deliver: { id: `agent-msg-${n}`, status: 'succeed' } },
    userId: '1001',
    guestId: null,
    username: null,
    name: 'Support',
    deviceToken: null,
    createdAt: new Date(Date.UTC(2026, 10, 26, 3, n)).toISOString(),
    session_id: '5',
  };
}

function harness(firstPage: ChatMessage[], sendAnswer: SendAnswer = { ok: true, data: { _id: '500', createdAt: '2026-11-26T04:00:00.000Z' } }) {
  const reads: ReadQuery[] = [];
  const sends: SendInput[] = [];
  const pages: PageQuery[] = [];
  const clock = new SimulatedClock();
  const loadPage = fromPromise<PageAnswer, PageQuery>(async ({ input }) => {
    pages.push(input);
    return { ok: true, data: input.skip === 0 ? [...firstPage].reverse() : [] };
  });
  const markRead = fromPromise<Result<unknown>, ReadQuery>(async ({ input }) => {
    reads.push(input);
    return { ok: true, data: { message: 'SUCCESS' } };
  });
  const send = fromPromise<SendAnswer, SendInput>(async ({ input }) => {
    sends.push(input);
    return sendAnswer;
  });
  const upload = fromPromise<UploadAnswer, UploadInput>(async () => ({ ok: false, message: 'unused' }));
  const chatMedia = chatMediaMachine.provide({ actors: { send, upload } });
  const actor = createActor(chatHistoryMachine.provide({ actors: { loadPage, markRead, chatMedia } }), {
    input: { writer: 'member', userId: '1001', guestId: null, visible: true, online: false },
    clock,
  });
  return { actor, clock, reads, sends, pages };
}

it('marks read 1 s after the last agent message, once, and starts the second again with each message', async () => {
  const { actor, clock, reads } = harness([agentMessage(1)]);
  actor.start();
  await settle();
  clock.increment(800);
  // Another message within the second: the mark waits a whole second from it.
  actor.send({ type: 'history.received', message: agentMessage(2) });
  clock.increment(999);
  await settle();
  expect(reads).toEqual([]);
  clock.increment(1);
  await settle();
  expect(reads).toEqual([{ userId: '1001', guestId: null }]);
  // The customer's own messages and messages already held mark nothing.
  actor.send({ type: 'history.received', message: agentMessage(2) });
  clock.increment(5000);
  await settle();
  expect(reads).toHaveLength(1);

  // Panel closed: nothing is marked until it opens again.
  actor.send({ type: 'history.visible', visible: false });
  actor.send({ type: 'history.received', message: agentMessage(3) });
  clock.increment(5000);
  await settle();
  expect(reads).toHaveLength(1);
  actor.send({ type: 'history.visible', visible: true });
  clock.increment(1000);
  await settle();
  expect(reads).toHaveLength(2);
  actor.stop();
});

it('sends a message written offline once the chat is connected, 500 ms later, once, and shows it once', async () => {
  const { actor, clock, sends, pages } = harness([]);
  actor.start();
  await settle();
  actor.send({ type: 'history.send', deliverId: 'b1f0c4a2-0001', item: { kind: 'text', text: ' hi ' } });
  clock.increment(10_000);
  await settle();
  expect(sends).toEqual([]);
  expect(actor.getSnapshot().context.outgoing).toEqual(['b1f0c4a2-0001']);

  actor.send({ type: 'history.online' });
  clock.increment(499);
  await settle();
  expect(sends).toEqual([]);
  clock.increment(1);
  await settle();
  expect(sends).toEqual([
    { sender: 'customer', message: { message_type: 'text', payload: { text: 'hi' }, deliver: { id: 'b1f0c4a2-0001', status: 'sending' } }, userId: '1001' },
  ]);
  // Sent: the item is gone, its message is in the history.
  expect(actor.getSnapshot().context.outgoing).toEqual([]);
  expect(Object.keys(actor.getSnapshot().children)).not.toContain('b1f0c4a2-0001');

  // The room's copy replaces the widget's own; a drop and a return send nothing again.
  const echo: ChatMessage = {
    ...actor.getSnapshot().context.messages[0]!,
    message: { message_type: 'text', payload: { text: 'hi' }, deliver: { id: 'b1f0c4a2-0001', status: 'succeed' } },
    session_id: '5',
  };
  actor.send({ type: 'history.received', message: echo });
  actor.send({ type: 'history.offline' });
  actor.send({ type: 'history.online' });
  clock.increment(10_000);
  await settle();
  expect(sends).toHaveLength(1);
  expect(actor.getSnapshot().context.messages).toEqual([echo]);
  // Each return read the newest page again: the first page, then a catch-up on each connect.
  expect(pages.map((query) => query.skip)).toEqual([0, 0, 0]);
  actor.stop();
});

it('shows support typing until it stops or writes, and forgets it 15 s after it last said so', async () => {
  const { actor, clock } = harness([]);
  const typing = () => actor.getSnapshot().hasTag('supportTyping');
  actor.start();
  await settle();
  // The customer's own typing is not shown to them.
  actor.send({ type: 'history.typing', typing: true, sender: 'customer' });
  expect(typing()).toBe(false);

  actor.send({ type: 'history.typing', typing: true, sender: 'agent' });
  clock.increment(10_000);
  // Said again: 15 s from now, not from the first.
  actor.send({ type: 'history.typing', typing: true, sender: 'agent' });
  clock.increment(14_999);
  expect(typing()).toBe(true);
  clock.increment(1);
  expect(typing()).toBe(false);

  // Stopped, or a message from support: at once.
  actor.send({ type: 'history.typing', typing: true, sender: 'agent' });
  actor.send({ type: 'history.typing', typing: false, sender: 'agent' });
  expect(typing()).toBe(false);
  actor.send({ type: 'history.typing', typing: true, sender: 'agent' });
  actor.send({ type: 'history.received', message: agentMessage(4) });
  expect(typing()).toBe(false);
  actor.stop();
});

it('ends the conversation when the server refuses a send with CHAT_CLOSED: told once, the item gone, nothing resent', async () => {
  const { actor, clock, sends } = harness([], { ok: false, message: 'CHAT_CLOSED' });
  const ended: string[] = [];
  actor.on('conversation.ended', ({ message }) => ended.push(message));
  actor.start();
  await settle();
  actor.send({ type: 'history.online' });
  await settle();
  actor.send({ type: 'history.send', deliverId: 'b1f0c4a2-0002', item: { kind: 'text', text: 'hello' } });
  clock.increment(500);
  await settle();
  expect([sends.length, ended, actor.getSnapshot().context.outgoing]).toEqual([1, ['CHAT_CLOSED'], []]);
  clock.increment(60_000);
  await settle();
  expect([sends.length, ended]).toEqual([1, ['CHAT_CLOSED']]);
  actor.stop();
});
