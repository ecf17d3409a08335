/**
 * The agent inbox with its real children (machines/inbox-list,
 * inbox-conversation, inbox-composer, inbox-outbox over machines/chat-media,
 * canned-replies, socket-link) and fake I/O: what the model tests of each
 * cannot see, how the inbox passes the news between them. After a drop the
 * list and the open conversation are read again; a stored reply shows in
 * its conversation only; replies go one at a time in order, a failed one
 * waits and a retry goes after what is queued then, under the same deliver
 * id; a file is uploaded with its progress, then sent; an ended
 * conversation is read again and marked until its customer writes; a
 * postback highlights its row, and reading the open one clears its count.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentsCopy, customerText, GUEST, MEMBER, page, PHOTO } from '../model/agent-inbox.fixtures.ts';
import { fakeSocket, inboxHarness, settle, type Call } from './chat-inbox-harness.ts';

type Harness = ReturnType<typeof inboxHarness>;
let running: Harness | null = null;
afterEach(() => running?.actor.stop());

/** The inbox started, its socket connected, the member's conversation open. */
async function withMemberOpen() {
  const { socket, logic } = fakeSocket();
  const harness = inboxHarness(logic);
  running = harness;
  harness.actor.start();
  socket.report({ type: 'socket.connected' });
  harness.actor.send({ type: 'conversation.select', id: MEMBER.id });
  await settle();
  return { ...harness, socket };
}

const messageIds = (harness: Harness) => harness.child('conversation').getSnapshot().context.messages.map((message) => message._id);
const sent = (call: Call) => call.input as { conversationId: string; message: { message_type: string; deliver: { id: string }; payload: unknown } };

describe('the agent inbox and its children', () => {
  it('reads the list and the open conversation again when the socket comes back', async () => {
    const harness = await withMemberOpen();
    harness.socket.report({ type: 'socket.disconnected', retrying: true });
    harness.socket.report({ type: 'socket.connected' });
    await settle();
    const [catchUp] = harness.take('catchUp');
    expect(catchUp?.input).toEqual({ id: MEMBER.id, skip: 0 });
    catchUp!.resolve({ ok: true, data: page(MEMBER.id, 70, 2) });
    await settle();
    expect(messageIds(harness).slice(-2)).toEqual(['m1-1069', 'm1-1070']);
    // The list read once at the start and once more now (its reads answer at once here).
    expect(harness.child('list').getSnapshot().matches('ready')).toBe(true);
  });

  it('reads back page by page after a drop until it reaches what it held, so no message missed meanwhile is lost', async () => {
    // Held: the customer's messages of minutes 48 to 50. Missed: 15 more (51 to 65), with the agent's reply (stored meanwhile) among them.
    const harness = await withMemberOpen();
    const reply = { ...customerText(MEMBER.id, 56), _id: 'stored-reply', sender: 'agent' as const };
    reply.message = { ...reply.message, deliver: { id: 'reply-0001', status: 'succeed' } };
    reply.createdAt = new Date(Date.parse(reply.createdAt) + 30_000).toISOString();
    harness.socket.report({ type: 'socket.disconnected', retrying: true });
    harness.child('conversation').send({ type: 'reply.stored', message: reply });
    harness.socket.report({ type: 'socket.connected' });
    await settle();
    const newest = harness.take('catchUp');
    expect(newest.map((call) => call.input)).toEqual([{ id: MEMBER.id, skip: 0 }]);
    newest[0]!.resolve({ ok: true, data: [...page(MEMBER.id, 65, 9), reply] });
    await settle();
    // That page's oldest is the reply held, yet older ones were missed: read on.
    const next = harness.take('catchUp');
    expect(next.map((call) => call.input)).toEqual([{ id: MEMBER.id, skip: 10 }]);
    next[0]!.resolve({ ok: true, data: page(MEMBER.id, 56, 10) });
    await settle();
    expect(harness.take('catchUp')).toEqual([]);
    const minutes = Array.from({ length: 65 - 47 + 1 }, (_, index) => `m1-${String(1047 + index)}`);
    expect(messageIds(harness).filter((id) => id.startsWith('m1-'))).toEqual(minutes);
    expect(messageIds(harness)).toContain('stored-reply');
  });

  it('does not stop its catch-up at a message that arrived while it read: only what it held before counts', async () => {
    const harness = await withMemberOpen();
    harness.socket.report({ type: 'socket.disconnected', retrying: true });
    harness.socket.report({ type: 'socket.connected' });
    await settle();
    const newest = harness.take('catchUp');
    // Before the first page answers, the customer writes again (minute 66); the page holds it.
    harness.socket.report({ type: 'socket.message', message: agentsCopy(customerText(MEMBER.id, 66)) });
    newest[0]!.resolve({ ok: true, data: page(MEMBER.id, 66, 10) });
    await settle();
    const next = harness.take('catchUp');
    expect(next.map((call) => call.input)).toEqual([{ id: MEMBER.id, skip: 10 }]);
    next[0]!.resolve({ ok: true, data: page(MEMBER.id, 56, 10) });
    await settle();
    expect(harness.take('catchUp')).toEqual([]);
    expect(messageIds(harness).filter((id) => id.startsWith('m1-'))).toEqual(Array.from({ length: 66 - 47 + 1 }, (_, index) => `m1-${String(1047 + index)}`));
  });

  it('shows a stored reply in its conversation only, and sends replies one at a time in order', async () => {
    const harness = await withMemberOpen();
    const composer = harness.child('composer');
    composer.send({ type: 'draft.change', text: 'First' });
    composer.send({ type: 'draft.send', id: 'reply-0001' });
    composer.send({ type: 'draft.change', text: 'Second' });
    composer.send({ type: 'draft.send', id: 'reply-0002' });
    await settle();
    // Only the first is on its way.
    const [first, ...others] = harness.take('send');
    expect([sent(first!), others]).toEqual([{ conversationId: '1', message: { message_type: 'text', payload: { text: 'First' }, deliver: { id: 'reply-0001', status: 'sending' } } }, []]);

    // Refused: it waits; the second goes.
    first!.resolve({ ok: false, message: 'CHAT_CLOSED' });
    await settle();
    expect(harness.child('outbox').getSnapshot().context.entries.map((entry) => [entry.id, entry.status, entry.error])).toEqual([
      ['reply-0001', 'failed', 'CHAT_CLOSED'],
      ['reply-0002', 'queued', null],
    ]);
    const [second] = harness.take('send');
    expect(sent(second!).message.deliver.id).toBe('reply-0002');

    // Retried while the second is on its way: it goes after it, under the same deliver id.
    harness.child('outbox').send({ type: 'outbox.retry', id: 'reply-0001' });
    await settle();
    expect(harness.take('send')).toEqual([]);
    second!.resolve({ ok: true, data: { _id: 'stored-2', createdAt: '2026-03-02T10:31:00.000Z' } });
    await settle();
    const [again] = harness.take('send');
    expect(sent(again!).message.deliver.id).toBe('reply-0001');
    // The stored reply shows at once in its conversation, as the agent's.
    expect(harness.child('conversation').getSnapshot().context.messages.at(-1)).toMatchObject({ _id: 'stored-2', sender: 'agent', conversationId: '1', message: { deliver: { id: 'reply-0002', status: 'succeed' } } });

    // Stored while the agent reads the guest's conversation: not shown there.
    harness.actor.send({ type: 'conversation.select', id: GUEST.id });
    await settle();
    again!.resolve({ ok: true, data: { _id: 'stored-1', createdAt: '2026-03-02T10:32:00.000Z' } });
    await settle();
    expect(messageIds(harness)).not.toContain('stored-1');
    expect(harness.child('outbox').getSnapshot().context.entries).toEqual([]);
  });

  it('uploads a file with its progress into its conversation, then sends it as media with the upload’s link shown', async () => {
    const harness = await withMemberOpen();
    harness.child('composer').send({ type: 'media.pick', id: 'media-0001', file: PHOTO });
    await settle();
    const [upload] = harness.take('upload');
    const asked = upload!.input as { conversationId: string; fileType: string; reportProgress: (percent: number) => void };
    expect([asked.conversationId, asked.fileType]).toEqual(['1', 'image']);
    asked.reportProgress(40);
    const item = harness.child('outbox').getSnapshot().children['media-0001']!;
    expect((item.getSnapshot() as { context: { progress: number } }).context.progress).toBe(40);
    upload!.resolve({ ok: true, data: { path: 'chat/1/photo.jpg', url: '/files/chat/1/photo.jpg?sig=x', fileType: 'image' } });
    await settle();
    const [send] = harness.take('send');
    expect(sent(send!)).toEqual({
      conversationId: '1',
      message: { message_type: 'media', payload: { message: '', url: false, fileType: 'image', filePath: 'chat/1/photo.jpg' }, deliver: { id: 'media-0001', status: 'sending' } },
    });
    send!.resolve({ ok: true, data: { _id: 'stored-media', createdAt: '2026-03-02T10:33:00.000Z' } });
    await settle();
    expect(harness.child('conversation').getSnapshot().context.messages.at(-1)?.message).toMatchObject({ payload: { url: true, filePath: '/files/chat/1/photo.jpg?sig=x' } });
  });

  it('reads an ended conversation again and marks it ended until its customer writes', async () => {
    const harness = await withMemberOpen();
    harness.child('composer').send({ type: 'dialog.open', dialog: 'end' });
    harness.child('composer').send({ type: 'conversation.end', id: 'end-0001' });
    // A second end of the same conversation waits for none.
    harness.child('composer').send({ type: 'conversation.end', id: 'end-0002' });
    await settle();
    const ends = harness.take('endConversation');
    expect(ends.map((call) => call.input)).toEqual([{ id: '1' }]);
    ends[0]!.resolve({ ok: true, data: { message: 'SUCCESS' } });
    await settle();
    expect(harness.actor.getSnapshot().context.ended).toEqual(['1']);
    expect(harness.take('catchUp').map((call) => call.input)).toEqual([{ id: '1', skip: 0 }]);
    harness.socket.report({ type: 'socket.message', message: agentsCopy(customerText('1', 90)) });
    expect(harness.actor.getSnapshot().context.ended).toEqual([]);
  });

  it('highlights a postback of a conversation not open, passes the open one’s news to it, and clears its unread count once read', async () => {
    const harness = await withMemberOpen();
    const rows = () => harness.child('list').getSnapshot().context;
    // Opened and marked read at once (its answer came): the member's row has nothing unread.
    expect(rows().conversations.find((row) => row.id === '1')?.unread).toBe(0);
    harness.socket.report({ type: 'socket.inbox', conversation: { ...GUEST, unread: 1 }, postback: { title: 'Deposit', payload: 'DEPOSIT' } });
    harness.socket.report({ type: 'socket.inbox', conversation: { ...MEMBER, closed: true }, postback: { title: 'Deposit', payload: 'DEPOSIT' } });
    expect(rows().postbacks).toEqual(['2']);
    expect(harness.child('conversation').getSnapshot().context.panel?.conversation.closed).toBe(true);
    harness.socket.report({ type: 'socket.typing', room: MEMBER.room, typing: true, sender: 'customer' });
    harness.socket.report({ type: 'socket.read', room: MEMBER.room, sender: 'customer', readAt: '2026-03-02T10:05:00.000Z' });
    expect(harness.child('conversation').getSnapshot().context).toMatchObject({ memberTyping: true, customerReadAt: '2026-03-02T10:05:00.000Z' });
    harness.actor.send({ type: 'conversation.select', id: GUEST.id });
    await settle();
    expect(rows().postbacks).toEqual([]);
  });
});
