/**
 * What the chat's functions tell the sockets, by one rule whoever writes
 * (docs/decisions/0112-one-rule-for-what-the-chat-tells.md): a customer's
 * message and an agent's reply reach the room and the agents in the same
 * shapes; the agents are told only while one is connected; a read mark is
 * told only when it moved, an agent's to the room too; ending a session
 * tells the room its new session and the agents its line. Called as the routes call them, with a hub
 * that records.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ChatConversation, SOCKET_ENDED, SOCKET_INBOX, SOCKET_MESSAGING, SOCKET_READ, type ChatMessage, type ChatMessageBody } from '../../src/contract/chat.ts';
import type { GuestCaller } from '../../src/server/auth/callers.ts';
import { chatContext, type ChatContext } from '../../src/server/chat/context.ts';
import { endConversation } from '../../src/server/chat/ending.ts';
import { inboxSummary } from '../../src/server/chat/inbox.ts';
import { markReadBy } from '../../src/server/chat/read-marks.ts';
import { sendAgentReply, sendCustomerMessage } from '../../src/server/chat/send.ts';
import { chatConversations } from '../../src/server/db/schema.ts';
import { addOperator } from '../../src/server/operators/accounts.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { newGuest, RecordingHub, textMessage, type Told } from './helpers/chat.ts';
import { operatorIdOf } from './helpers/money.ts';

const SUPPORT_PHONE = '0800000500';

interface Desk {
  t: TestApp;
  chat: ChatContext;
  hub: RecordingHub;
  guest: GuestCaller;
  room: string;
  supportId: number;
}

/** A guest, a support agent, and the chat's context with a recording hub. */
async function desk(): Promise<Desk> {
  const t = await buildTestApp();
  const hub = new RecordingHub();
  const { guestId } = await newGuest(t);
  await addOperator(t.db, { phone: SUPPORT_PHONE, role: 'support', name: 'support operator' }, t.clock());
  return { t, chat: { ...chatContext(t.app), hub }, hub, guest: { kind: 'guest', guestId }, room: `chat-${guestId}`, supportId: await operatorIdOf(t.db, SUPPORT_PHONE) };
}

/** A customer's text as the route hands it on: validated by the contract. */
const said = (text: string) => v.parse(ChatConversation, textMessage(text));

const reply = (text: string): ChatMessageBody => ({ message_type: 'text', payload: { text }, deliver: { id: randomUUID(), status: 'sending' } });

/** What `work` made the hub tell. */
async function toldBy(hub: RecordingHub, work: () => Promise<unknown>): Promise<Told[]> {
  const before = hub.told.length;
  await work();
  return hub.told.slice(before);
}

describe('sending', () => {
  it('tells the room the message, and the agents the same message with its conversation and the inbox line, from either side', async () => {
    const { t, chat, hub, guest, room, supportId } = await desk();

    const fromCustomer = await toldBy(hub, () => sendCustomerMessage(chat, guest, said('my deposit is late'), t.clock()));
    const [conversation] = await t.db.select().from(chatConversations);
    const lineAfterCustomer = await inboxSummary(t.db, chat.prefix, conversation!.id);
    t.clock.advance(1000);
    const fromAgent = await toldBy(hub, () => sendAgentReply(chat, conversation!.id, supportId, reply('we are looking'), t.clock()));
    const lineAfterAgent = await inboxSummary(t.db, chat.prefix, conversation!.id);

    for (const [told, line, sender] of [
      [fromCustomer, lineAfterCustomer, 'customer'],
      [fromAgent, lineAfterAgent, 'agent'],
    ] as const) {
      const message = told[0]?.payload as ChatMessage;
      expect(message).toMatchObject({ sender, guestId: guest.guestId, session_id: conversation!.sessionId });
      expect(told).toEqual([
        { to: 'room', room, event: SOCKET_MESSAGING, payload: message },
        { to: 'agents', event: SOCKET_MESSAGING, payload: { ...message, conversationId: String(conversation!.id) } },
        { to: 'agents', event: SOCKET_INBOX, payload: { conversation: line } },
      ]);
    }
    expect(Object.keys(fromAgent[0]!.payload as ChatMessage).sort()).toEqual(Object.keys(fromCustomer[0]!.payload as ChatMessage).sort());
    expect([lineAfterCustomer?.unread, lineAfterAgent?.unread]).toEqual([1, 0]);
  });

  it('tells only the room, from either side, while no agent is connected', async () => {
    const { t, chat, hub, guest, room, supportId } = await desk();
    hub.agents = false;

    const fromCustomer = await toldBy(hub, () => sendCustomerMessage(chat, guest, said('anyone?'), t.clock()));
    const [conversation] = await t.db.select().from(chatConversations);
    const fromAgent = await toldBy(hub, () => sendAgentReply(chat, conversation!.id, supportId, reply('yes'), t.clock()));

    expect([...fromCustomer, ...fromAgent].map((told) => [told.to, told.room, told.event])).toEqual([
      ['room', room, SOCKET_MESSAGING],
      ['room', room, SOCKET_MESSAGING],
    ]);
  });
});

describe('read marks', () => {
  it('are told when they move and not when read again, from either side; an agent’s reaches the room too', async () => {
    const { t, chat, hub, guest, room } = await desk();
    await sendCustomerMessage(chat, guest, said('hello'), t.clock());
    const [conversation] = await t.db.select().from(chatConversations);
    const agent = { side: 'agent', conversationId: conversation!.id } as const;
    t.clock.advance(1000);

    const customerRead = await toldBy(hub, () => markReadBy(chat, { side: 'customer', caller: guest }, t.clock()));
    const customerReadAgain = await toldBy(hub, () => markReadBy(chat, { side: 'customer', caller: guest }, t.clock()));
    const agentRead = await toldBy(hub, () => markReadBy(chat, agent, t.clock()));
    const readAt = t.clock().toISOString();
    t.clock.advance(1000);
    const agentReadAgain = await toldBy(hub, () => markReadBy(chat, agent, t.clock()));

    const line = await inboxSummary(t.db, chat.prefix, conversation!.id);
    expect(customerRead.map((told) => [told.to, told.event])).toEqual([
      ['agents', SOCKET_READ],
      ['agents', SOCKET_INBOX],
    ]);
    expect(customerReadAgain).toEqual([]);
    expect(agentRead).toEqual([
      { to: 'room', room, event: SOCKET_READ, payload: { room, sender: 'agent', readAt } },
      { to: 'agents', event: SOCKET_READ, payload: { room, sender: 'agent', readAt } },
      { to: 'agents', event: SOCKET_INBOX, payload: { conversation: line } },
    ]);
    expect(agentReadAgain).toEqual([]);
    expect(line?.unread).toBe(0);

    t.clock.advance(1000);
    await sendCustomerMessage(chat, guest, said('one more'), t.clock());
    t.clock.advance(1000);
    expect((await toldBy(hub, () => markReadBy(chat, agent, t.clock()))).map((told) => [told.to, told.event])).toEqual([
      ['room', SOCKET_READ],
      ['agents', SOCKET_READ],
      ['agents', SOCKET_INBOX],
    ]);
  });

  it('while no agent is connected: an agent’s reaches the room (the customer’s ticks), the customer’s no one', async () => {
    const { t, chat, hub, guest, room } = await desk();
    await sendCustomerMessage(chat, guest, said('hello'), t.clock());
    const [conversation] = await t.db.select().from(chatConversations);
    hub.agents = false;
    t.clock.advance(1000);

    expect(await toldBy(hub, () => markReadBy(chat, { side: 'customer', caller: guest }, t.clock()))).toEqual([]);
    expect(await toldBy(hub, () => markReadBy(chat, { side: 'agent', conversationId: conversation!.id }, t.clock()))).toEqual([
      { to: 'room', room, event: SOCKET_READ, payload: { room, sender: 'agent', readAt: t.clock().toISOString() } },
    ]);
  });

  it('mark nothing for a customer without a conversation, and answer NO_DATA for an agent naming none', async () => {
    const { t, chat, hub, guest } = await desk();
    expect(await toldBy(hub, () => markReadBy(chat, { side: 'customer', caller: guest }, t.clock()))).toEqual([]);
    await expect(markReadBy(chat, { side: 'agent', conversationId: 999_999 }, t.clock())).rejects.toMatchObject({ statusCode: 404, message: 'NO_DATA' });
  });
});

describe('ending a session', () => {
  it('tells the room the new session at once, and the agents the conversation’s line while one is connected; a closed conversation is CHAT_CLOSED', async () => {
    const { t, chat, hub, guest, room } = await desk();
    await sendCustomerMessage(chat, guest, said('hello'), t.clock());
    const [conversation] = await t.db.select().from(chatConversations);
    const session = async () => (await t.db.select().from(chatConversations))[0]!.sessionId;

    const ended = await toldBy(hub, () => endConversation(chat, conversation!.id));
    expect(ended).toEqual([
      { to: 'room', room, event: SOCKET_ENDED, payload: { room, session_id: await session() } },
      { to: 'agents', event: SOCKET_INBOX, payload: { conversation: await inboxSummary(t.db, chat.prefix, conversation!.id) } },
    ]);
    // Without an agent connected the room still hears it (as it hears every message); the agents' line is not built.
    hub.agents = false;
    expect(await toldBy(hub, () => endConversation(chat, conversation!.id))).toEqual([{ to: 'room', room, event: SOCKET_ENDED, payload: { room, session_id: await session() } }]);
    expect(await session()).not.toBe(conversation!.sessionId);

    await t.db.update(chatConversations).set({ closedAt: t.clock() }).where(eq(chatConversations.id, conversation!.id));
    await expect(endConversation(chat, conversation!.id)).rejects.toMatchObject({ statusCode: 409, message: 'CHAT_CLOSED' });
  });
});
