/**
 * Chat messages (spec 7 /api/chat/send-message, /history, /read-customer/;
 * spec 5 text rule; docs/decisions/0104-live-chat.md): a member or guest writes and reads only as
 * themselves; a message is stored once per deliver id, then delivered to
 * the room and the agents; history is newest first; the read mark reaches
 * the agents; a postback only of a button an agent offered in the same
 * conversation; per-sender and per-address limits answer 429.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SOCKET_INBOX, SOCKET_MESSAGING, SOCKET_READ, type ChatMessage } from '../../src/contract/chat.ts';
import { CHAT_TEXT_MAX } from '../../src/contract/rules/chat.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { chatConversations, chatMessages } from '../../src/server/db/schema.ts';
import { CHAT_HISTORY_PER_SENDER, CHAT_MESSAGES_PER_ADDRESS, CHAT_MESSAGES_PER_SENDER } from '../../src/server/policy.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { chatCall, chatMember, history, newGuest, recordHub, send, textMessage, type ChatAuth } from './helpers/chat.ts';
import { operatorToken } from './helpers/operators.ts';

async function storedMessages(t: TestApp) {
  return t.db.select().from(chatMessages).orderBy(chatMessages.id);
}

/** A support agent who answers the caller's conversation (a customer's "help" starts it) with `message`. */
async function offering(t: TestApp) {
  const support = await operatorToken(t, 'support', '0800000400');
  return async (auth: ChatAuth, message: Record<string, unknown>) => {
    await send(t, auth, textMessage('help'));
    const [latest] = await t.db.select({ id: chatMessages.conversationId }).from(chatMessages).orderBy(desc(chatMessages.id)).limit(1);
    const response = await call(t.app, endpoints.opsChatReply, { message: { ...message, deliver: { id: randomUUID() } } }, { token: support, params: { id: String(latest!.id) } });
    expect(response.statusCode, response.body).toBe(200);
  };
}

const postback = (title: string, payload: string) => ({ message: { message_type: 'postback', payload: { title, payload }, deliver: { id: randomUUID() } } });

describe('sending and reading one’s own conversation', () => {
  it('stores a member’s message, then tells their room and the agents, and answers its id and time', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const member = await chatMember(t);
    t.clock.advance(1000);

    const answer = await send(t, { token: member.token }, textMessage('  Hello, my deposit is late  ', { userId: member.userId, deviceToken: 'device-1' }));

    const [row] = await storedMessages(t);
    expect(answer).toEqual({ _id: String(row!.id), createdAt: t.clock().toISOString() });
    expect(row).toMatchObject({ sender: 'customer', messageType: 'text', operatorId: null, deviceToken: 'device-1' });
    const room = `chat-${member.userId}`;
    const [delivered] = hub.payloads('room', SOCKET_MESSAGING, room) as ChatMessage[];
    expect(delivered).toMatchObject({
      _id: answer._id,
      sender: 'customer',
      message: { message_type: 'text', payload: { text: 'Hello, my deposit is late' }, deliver: { status: 'succeed' } },
      userId: member.userId,
      guestId: null,
      username: member.phone,
      name: member.body.name,
      createdAt: answer.createdAt,
    });
    const [conversation] = await t.db.select().from(chatConversations);
    expect(delivered!.session_id).toBe(conversation!.sessionId);
    expect(hub.payloads('agents', SOCKET_MESSAGING)).toEqual([{ ...delivered, conversationId: String(conversation!.id) }]);
    expect(hub.payloads('agents', SOCKET_INBOX)).toEqual([
      {
        conversation: expect.objectContaining({
          id: String(conversation!.id),
          room,
          kind: 'member',
          userId: member.userId,
          phone: member.phone,
          lastMessage: 'Hello, my deposit is late',
          lastMessageAt: answer.createdAt,
          unread: 1,
        }),
      },
    ]);
    expect(conversation!.lastMessageAt?.toISOString()).toBe(answer.createdAt);
  });

  it('keeps a guest’s messages in the guest’s room, and history is newest first, paged by skip', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const guest = await newGuest(t);
    const auth = { guestToken: guest.guestToken };
    for (const text of ['one', 'two', 'three']) {
      await send(t, auth, textMessage(text, { guestId: guest.guestId }));
      t.clock.advance(1000);
    }

    const all = await history(t, auth, { guestId: guest.guestId, limit: 10, skip: 0 });
    expect(all.map((message) => [message.message.message_type === 'text' && message.message.payload.text, message.guestId, message.userId])).toEqual([
      ['three', guest.guestId, null],
      ['two', guest.guestId, null],
      ['one', guest.guestId, null],
    ]);
    expect((await history(t, auth, { limit: 2, skip: 1 })).map((message) => message._id)).toEqual([all[1]!._id, all[2]!._id]);
    expect(hub.payloads('room', SOCKET_MESSAGING, `chat-${guest.guestId}`)).toHaveLength(3);
  });

  it('tells only the room while no agent is connected, and the agents again once one is', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const guest = await newGuest(t);
    const auth = { guestToken: guest.guestToken };
    hub.agents = false;
    await send(t, auth, textMessage('nobody is on duty'));
    const read = await chatCall(t, endpoints.chatReadCustomer, {}, auth);
    expect(read.statusCode, read.body).toBe(200);
    expect(hub.payloads('room', SOCKET_MESSAGING, `chat-${guest.guestId}`)).toHaveLength(1);
    expect(hub.told.filter((told) => told.to === 'agents')).toEqual([]);

    hub.agents = true;
    t.clock.advance(1000);
    await send(t, auth, textMessage('is anyone there?'));
    expect(hub.payloads('agents', SOCKET_MESSAGING)).toHaveLength(1);
    const [line] = hub.payloads('agents', SOCKET_INBOX) as { conversation: { lastMessage: string; unread: number } }[];
    expect(line?.conversation).toMatchObject({ lastMessage: 'is anyone there?', unread: 2 });
  });

  it('refuses another member’s or guest’s id, and a sender other than the customer, storing nothing', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const member = await chatMember(t);
    const other = await chatMember(t);
    const guest = await newGuest(t);
    const otherGuest = await newGuest(t);
    await send(t, { token: other.token }, textMessage('the other member’s secret'));
    await send(t, { guestToken: otherGuest.guestToken }, textMessage('the other guest’s secret'));
    const before = await storedMessages(t);
    const toldBefore = hub.told.length;

    const attempts = [
      [{ token: member.token }, textMessage('as another member', { userId: other.userId })],
      [{ token: member.token }, textMessage('as a guest', { guestId: otherGuest.guestId })],
      [{ guestToken: guest.guestToken }, textMessage('as another guest', { guestId: otherGuest.guestId })],
      [{ guestToken: guest.guestToken }, textMessage('as a member', { userId: member.userId })],
      [{ token: member.token }, textMessage('as an agent', { sender: 'agent' })],
      [{ guestToken: guest.guestToken }, textMessage('as the system', { sender: 'system' })],
    ] as const;
    for (const [auth, body] of attempts) {
      const response = await chatCall(t, endpoints.chatSendMessage, body, auth);
      expect([body.message.payload.text, response.statusCode, response.json()]).toEqual([body.message.payload.text, 403, { message: 'UNAUTHORIZED' }]);
    }
    for (const [auth, body] of [
      [{ token: member.token }, { userId: other.userId }],
      [{ guestToken: guest.guestToken }, { guestId: otherGuest.guestId }],
      [{ guestToken: guest.guestToken }, { userId: other.userId }],
    ] as const) {
      const read = await chatCall(t, endpoints.chatHistory, body, auth);
      expect([read.statusCode, read.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      const mark = await chatCall(t, endpoints.chatReadCustomer, body, auth);
      expect([mark.statusCode, mark.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }

    expect(await storedMessages(t)).toEqual(before);
    expect(hub.told).toHaveLength(toldBefore);
    // Each sees only their own conversation (none yet).
    expect(await history(t, { token: member.token })).toEqual([]);
    expect(await history(t, { guestToken: guest.guestToken }, { guestId: '', userId: null })).toEqual([]);
  });

  it('takes text, media and postback from customers; buttons, cards and the rest are the agents’', async () => {
    const t = await buildTestApp();
    const member = await chatMember(t);
    await (await offering(t))({ token: member.token }, { message_type: 'buttons', payload: { text: 'How can we help?' }, payloads: [{ type: 'postback', title: 'Deposit help', payload: 'DEPOSIT_HELP' }] });
    const agentOnly = [
      { message_type: 'buttons', payload: { text: 'Pick' }, payloads: [{ type: 'web', title: 'Site', payload: 'https://example.com' }] },
      { message_type: 'quick_replies', payload: { text: 'Pick' }, payloads: [{ type: 'text', title: 'Yes', payload: '' }] },
      { message_type: 'generic', payloads: [{ title: 'Card' }] },
      { message_type: 'unknown', payload: { anything: true } },
    ];
    for (const message of agentOnly) {
      const response = await chatCall(t, endpoints.chatSendMessage, { message: { ...message, deliver: { id: `id-${message.message_type}` } } }, { token: member.token });
      expect([message.message_type, response.statusCode, response.json()]).toEqual([message.message_type, 400, { message: 'KEY_INVALID' }]);
    }
    await send(t, { token: member.token }, postback('Deposit help', 'DEPOSIT_HELP'));
    expect((await storedMessages(t)).map((row) => row.messageType)).toEqual(['text', 'buttons', 'postback']);
  });

  it('tells the agents of a postback as an inbox event with its payload', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const guest = await newGuest(t);
    await (await offering(t))({ guestToken: guest.guestToken }, { message_type: 'quick_replies', payload: { text: 'Shall we call?' }, payloads: [{ type: 'postback', title: 'Talk to us', payload: 'TALK' }] });
    const before = hub.told.length;
    await send(t, { guestToken: guest.guestToken }, postback('Talk to us', 'TALK'));
    const told = hub.told.slice(before).filter((one) => one.to === 'agents' && one.event === SOCKET_INBOX);
    expect(told.map((one) => one.payload)).toEqual([{ conversation: expect.objectContaining({ kind: 'guest', guestId: guest.guestId, lastMessage: 'Talk to us' }), postback: { title: 'Talk to us', payload: 'TALK' } }]);
  });

  it('takes a postback only of a button an agent offered in the same conversation; any other is 400 KEY_INVALID, stored and told to no one', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const offer = await offering(t);
    const member = await chatMember(t);
    const guest = await newGuest(t);
    const mine = { token: member.token };
    await offer(mine, {
      message_type: 'buttons',
      payload: { text: 'Choose' },
      payloads: [
        { type: 'postback', title: 'Deposit help', payload: 'DEPOSIT_HELP' },
        { type: 'web', title: 'Site', payload: 'https://example.com' },
        { type: 'text', title: 'Say hello', payload: 'HELLO' },
      ],
    });
    await offer(mine, { message_type: 'quick_replies', payload: { text: 'Quick' }, payloads: [{ type: 'postback', title: 'Yes', payload: 'YES' }] });
    await offer(mine, { message_type: 'generic', payloads: [{ title: 'Bonus', buttons: [{ type: 'postback', title: 'Get it', payload: 'BONUS_1' }] }] });
    await offer({ guestToken: guest.guestToken }, { message_type: 'buttons', payload: { text: 'Confirm?' }, payloads: [{ type: 'postback', title: 'Confirm refund of 50,000 THB', payload: 'REFUND_50000' }] });
    const stored = await storedMessages(t);
    const toldBefore = hub.told.length;

    for (const [title, payload] of [
      ['Confirm refund of 50,000 THB', 'REFUND_50000'], // offered in another conversation
      ['Deposit help', 'REFUND_50000'], // an offered title with another payload
      ['Confirm refund of 50,000 THB', 'DEPOSIT_HELP'], // an offered payload under another title
      ['Site', 'https://example.com'], // a web button, not a postback
      ['Say hello', 'HELLO'], // a text button sends its title as text
      ['Bonus', 'BONUS_1'], // a card's title is no button
    ] as const) {
      const response = await chatCall(t, endpoints.chatSendMessage, postback(title, payload), mine);
      expect([title, payload, response.statusCode, response.json()]).toEqual([title, payload, 400, { message: 'KEY_INVALID' }]);
    }
    expect(await storedMessages(t)).toEqual(stored);
    expect(hub.told).toHaveLength(toldBefore);

    // Titles are stored trimmed, as the agents' buttons are.
    for (const [title, payload] of [['  Deposit help ', 'DEPOSIT_HELP'], ['Yes', 'YES'], ['Get it', 'BONUS_1']] as const) await send(t, mine, postback(title, payload));
    await send(t, { guestToken: guest.guestToken }, postback('Confirm refund of 50,000 THB', 'REFUND_50000'));
    expect((await storedMessages(t)).slice(stored.length).map((row) => [row.sender, row.body])).toEqual([
      ['customer', expect.objectContaining({ payload: { title: 'Deposit help', payload: 'DEPOSIT_HELP' } })],
      ['customer', expect.objectContaining({ payload: { title: 'Yes', payload: 'YES' } })],
      ['customer', expect.objectContaining({ payload: { title: 'Get it', payload: 'BONUS_1' } })],
      ['customer', expect.objectContaining({ payload: { title: 'Confirm refund of 50,000 THB', payload: 'REFUND_50000' } })],
    ]);
  });

  it(`refuses empty, blank and over-${CHAT_TEXT_MAX}-character text with CHAT_TEXT_INVALID; exactly ${CHAT_TEXT_MAX} is stored`, async () => {
    const t = await buildTestApp();
    const member = await chatMember(t);
    for (const text of ['', '     ', 'x'.repeat(CHAT_TEXT_MAX + 1)]) {
      const response = await chatCall(t, endpoints.chatSendMessage, textMessage(text), { token: member.token });
      expect([text.length, response.statusCode, response.json()]).toEqual([text.length, 400, { message: 'CHAT_TEXT_INVALID' }]);
    }
    expect(await storedMessages(t)).toEqual([]);
    await send(t, { token: member.token }, textMessage(` ${'x'.repeat(CHAT_TEXT_MAX)} `));
    expect(await storedMessages(t)).toHaveLength(1);
  });

  it('keeps line breaks and tabs in a message; any other control character is KEY_INVALID', async () => {
    const t = await buildTestApp();
    const member = await chatMember(t);
    await send(t, { token: member.token }, textMessage('First line\r\nsecond\tline'));
    const [row] = await storedMessages(t);
    expect(row!.body).toMatchObject({ payload: { text: 'First line\r\nsecond\tline' } });
    for (const text of ['bell\u0007', 'nul\u0000', 'escape\u001b[0m']) {
      const response = await chatCall(t, endpoints.chatSendMessage, textMessage(text), { token: member.token });
      expect([text, response.statusCode, response.json()]).toEqual([text, 400, { message: 'KEY_INVALID' }]);
    }
    expect(await storedMessages(t)).toHaveLength(1);
  });
});

describe('resends', () => {
  it('stores a message once per deliver id, answers the first row again and delivers it again under the same id', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const member = await chatMember(t);
    const first = await send(t, { token: member.token }, textMessage('only once', {}, 'deliver-id-0001'));
    t.clock.advance(5000);
    const again = await send(t, { token: member.token }, textMessage('only once', {}, 'deliver-id-0001'));

    expect(again).toEqual(first);
    expect(await storedMessages(t)).toHaveLength(1);
    // Sockets merge messages by _id: a delivery lost with the first answer is made good, and nothing shows twice.
    expect((hub.payloads('room', SOCKET_MESSAGING) as ChatMessage[]).map((message) => message._id)).toEqual([first._id, first._id]);
    // Another sender may use the same deliver id: ids are the sender's own.
    const guest = await newGuest(t);
    await send(t, { guestToken: guest.guestToken }, textMessage('mine', {}, 'deliver-id-0001'));
    expect(await storedMessages(t)).toHaveLength(2);
  });

  it('stores 10 concurrent resends of a guest’s first message once, in one conversation', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const guest = await newGuest(t);
    const body = textMessage('sent from a flaky network', {}, 'deliver-id-race');
    const answers = await Promise.all(Array.from({ length: 10 }, () => chatCall(t, endpoints.chatSendMessage, body, { guestToken: guest.guestToken })));

    expect(answers.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((response) => response.body)).size).toBe(1);
    expect(await storedMessages(t)).toHaveLength(1);
    expect(await t.db.select().from(chatConversations)).toHaveLength(1);
    expect(new Set((hub.payloads('room', SOCKET_MESSAGING) as ChatMessage[]).map((message) => message._id)).size).toBe(1);
  });
});

describe('texts sent together (stored in one transaction)', () => {
  it('stores each once under its own sender, answered with its own row; a closed conversation refuses its own text only', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const member = await chatMember(t);
    const guests = await Promise.all(Array.from({ length: 5 }, () => newGuest(t)));
    const closed = guests[4]!;
    await send(t, { guestToken: closed.guestToken }, textMessage('before closing'));
    await t.db.update(chatConversations).set({ closedAt: t.clock() }).where(eq(chatConversations.guestId, closed.guestId));
    const [closedBefore] = await t.db.select().from(chatConversations).where(eq(chatConversations.guestId, closed.guestId));
    t.clock.advance(1000);

    const sends = [
      ...guests.map((guest, index) => ({ auth: { guestToken: guest.guestToken }, body: textMessage(`guest ${index}`) })),
      { auth: { token: member.token }, body: textMessage('member', { userId: member.userId }) },
      // The same text twice (a resend racing its first try): stored once, both answered with it.
      { auth: { guestToken: guests[0]!.guestToken }, body: textMessage('twice', {}, 'deliver-id-twice') },
      { auth: { guestToken: guests[0]!.guestToken }, body: textMessage('twice', {}, 'deliver-id-twice') },
    ];
    const transactions = vi.spyOn(t.db, 'transaction');
    const answers = await Promise.all(sends.map(({ auth, body }) => chatCall(t, endpoints.chatSendMessage, body, auth)));

    // Arriving together, they share transactions (group commit): fewer than one each.
    expect(transactions.mock.calls.length).toBeGreaterThan(0);
    expect(transactions.mock.calls.length).toBeLessThan(sends.length / 2);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 409, 200, 200, 200]);
    expect(answers[4]!.json()).toEqual({ message: 'CHAT_CLOSED' });
    const stored = await storedMessages(t);
    const textOf = (row: (typeof stored)[number]) => (row.body as { payload: { text: string } }).payload.text;
    const answered = answers.map((response) => (response.statusCode === 200 ? stored.find((row) => String(row.id) === response.json()._id) : undefined));
    expect(answered.map((row) => row && textOf(row))).toEqual(['guest 0', 'guest 1', 'guest 2', 'guest 3', undefined, 'member', 'twice', 'twice']);
    expect(answers[6]!.body).toBe(answers[7]!.body);
    expect(stored.map(textOf).sort()).toEqual(['before closing', 'guest 0', 'guest 1', 'guest 2', 'guest 3', 'member', 'twice'].sort());
    // Each text in its sender's conversation; the closed one neither written to nor touched.
    const conversations = await t.db.select().from(chatConversations);
    const conversationOf = (row: (typeof stored)[number] | undefined) => conversations.find((conversation) => conversation.id === row?.conversationId);
    expect(answered.slice(0, 4).map((row) => conversationOf(row)?.guestId)).toEqual(guests.slice(0, 4).map((guest) => guest.guestId));
    expect(conversationOf(answered[5])?.userId).toBe(Number(member.userId));
    expect(conversations.find((conversation) => conversation.guestId === closed.guestId)).toEqual(closedBefore);
    // Told once each (the resend again under the same _id), the refused one to no one.
    const told = (hub.payloads('room', SOCKET_MESSAGING) as ChatMessage[]).map((message) => (message.message as { payload: { text: string } }).payload.text);
    expect(told.filter((text) => text !== 'before closing').sort()).toEqual(['guest 0', 'guest 1', 'guest 2', 'guest 3', 'member', 'twice', 'twice'].sort());
  });
});

describe('a text the database could not store', () => {
  it('is refused alone with KEY_INVALID (half of a UTF-16 pair); the texts sent with it are stored', async () => {
    const t = await buildTestApp();
    const guests = await Promise.all(Array.from({ length: 4 }, () => newGuest(t)));
    const bodies = [
      textMessage('fine 0'),
      textMessage('broken \ud800 text'),
      textMessage('fine 2'),
      textMessage('fine 3', { deviceToken: 'device-\udc00' }),
    ];

    const answers = await Promise.all(guests.map((guest, index) => chatCall(t, endpoints.chatSendMessage, bodies[index], { guestToken: guest.guestToken })));

    expect(answers.map((response) => [response.statusCode, response.statusCode === 200 ? 'stored' : response.json().message])).toEqual([
      [200, 'stored'],
      [400, 'KEY_INVALID'],
      [200, 'stored'],
      [400, 'KEY_INVALID'],
    ]);
    expect((await storedMessages(t)).map((row) => (row.body as { payload: { text: string } }).payload.text).sort()).toEqual(['fine 0', 'fine 2']);
  });
});

describe('delivery comes after storing', () => {
  it('has stored the message when telling the sockets fails, and a resend finds it and delivers it', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    hub.fail = true;
    const member = await chatMember(t);
    const body = textMessage('stored first', {}, 'deliver-id-stored');
    const response = await chatCall(t, endpoints.chatSendMessage, body, { token: member.token });

    expect(response.statusCode).toBe(500);
    const stored = await storedMessages(t);
    expect(stored.map((row) => (row.body as { payload: { text: string } }).payload.text)).toEqual(['stored first']);
    hub.fail = false;
    expect((await send(t, { token: member.token }, body))._id).toBe(String(stored[0]!.id));
    // The resend delivers what the failed call could not.
    expect((hub.payloads('room', SOCKET_MESSAGING) as ChatMessage[]).map((message) => message._id)).toEqual([String(stored[0]!.id)]);
  });
});

describe('the read mark', () => {
  it('records when the customer read and tells the agents', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const guest = await newGuest(t);
    const auth = { guestToken: guest.guestToken };
    // Before any message there is nothing to mark, and it is no error.
    expect((await chatCall(t, endpoints.chatReadCustomer, { guestId: guest.guestId }, auth)).json()).toEqual({ message: 'SUCCESS' });
    await send(t, auth, textMessage('hello'));
    t.clock.advance(2000);

    const response = await chatCall(t, endpoints.chatReadCustomer, { guestId: guest.guestId, userId: null }, auth);

    expect([response.statusCode, response.json()]).toEqual([200, { message: 'SUCCESS' }]);
    const [conversation] = await t.db.select().from(chatConversations);
    expect(conversation!.customerReadAt?.toISOString()).toBe(t.clock().toISOString());
    expect(hub.payloads('agents', SOCKET_READ)).toEqual([{ room: `chat-${guest.guestId}`, sender: 'customer', readAt: t.clock().toISOString() }]);
    expect(hub.payloads('room', SOCKET_READ)).toEqual([]);
  });

  it('tells the agents of a read once: a repeated read with nothing new moves no mark and tells no one', async () => {
    const t = await buildTestApp();
    const hub = recordHub(t);
    const guest = await newGuest(t);
    const auth = { guestToken: guest.guestToken };
    await send(t, auth, textMessage('hello'));
    t.clock.advance(1000);
    const firstRead = t.clock().toISOString();
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1000);
      expect((await chatCall(t, endpoints.chatReadCustomer, { guestId: guest.guestId }, auth)).statusCode).toBe(200);
    }
    expect(hub.payloads('agents', SOCKET_READ)).toHaveLength(1);
    const [conversation] = await t.db.select().from(chatConversations);
    expect(conversation!.customerReadAt!.getTime()).toBe(new Date(firstRead).getTime() + 1000);
  });
});

describe('limits', () => {
  it(`allows ${CHAT_MESSAGES_PER_SENDER.max} messages a minute per sender, then 429 with Retry-After`, async () => {
    const t = await buildTestApp();
    const guest = await newGuest(t);
    const other = await newGuest(t);
    for (let i = 0; i < CHAT_MESSAGES_PER_SENDER.max; i += 1) await send(t, { guestToken: guest.guestToken }, textMessage(`message ${i}`));

    const refused = await chatCall(t, endpoints.chatSendMessage, textMessage('one too many'), { guestToken: guest.guestToken });
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedMessages(t)).toHaveLength(CHAT_MESSAGES_PER_SENDER.max);
    await send(t, { guestToken: other.guestToken }, textMessage('another guest is not held back'));
    t.clock.advance(CHAT_MESSAGES_PER_SENDER.windowMs);
    await send(t, { guestToken: guest.guestToken }, textMessage('a minute later'));
  });

  it(`allows ${CHAT_MESSAGES_PER_ADDRESS.max} messages a minute per client address, whoever sends them`, async () => {
    const t = await buildTestApp();
    const ip = '198.51.100.4';
    const guests = await Promise.all(Array.from({ length: Math.ceil(CHAT_MESSAGES_PER_ADDRESS.max / CHAT_MESSAGES_PER_SENDER.max) }, () => newGuest(t)));
    let sent = 0;
    for (const guest of guests) {
      for (let i = 0; i < CHAT_MESSAGES_PER_SENDER.max && sent < CHAT_MESSAGES_PER_ADDRESS.max; i += 1, sent += 1) {
        await send(t, { guestToken: guest.guestToken }, textMessage(`message ${sent}`), { ip });
      }
    }
    const member = await chatMember(t);
    const refused = await chatCall(t, endpoints.chatSendMessage, textMessage('from the same address'), { token: member.token }, { ip });
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    await send(t, { token: member.token }, textMessage('from elsewhere'), { ip: '198.51.100.5' });
  });

  it(`allows ${CHAT_HISTORY_PER_SENDER.max} history pages a minute per sender, then 429`, async () => {
    const t = await buildTestApp();
    const guest = await newGuest(t);
    const auth = { guestToken: guest.guestToken };
    for (let i = 0; i < CHAT_HISTORY_PER_SENDER.max; i += 1) await history(t, auth, { limit: 10, skip: i * 10 });

    const refused = await chatCall(t, endpoints.chatHistory, { limit: 10, skip: 0 }, auth);
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    t.clock.advance(CHAT_HISTORY_PER_SENDER.windowMs);
    expect(await history(t, auth, { limit: 10, skip: 0 })).toEqual([]);
  });

  it('leaves the per-address limit off with LIMITS_PER_IP=off (load tests), the per-sender one on', async () => {
    const t = await buildTestApp({ limits: { perIp: null, loginsGlobal: { max: 1000, windowMs: 60_000 } } });
    const guests = await Promise.all(Array.from({ length: 5 }, () => newGuest(t)));
    for (const guest of guests) for (let i = 0; i < CHAT_MESSAGES_PER_SENDER.max; i += 1) await send(t, { guestToken: guest.guestToken }, textMessage(`m${i}`));
    expect(await storedMessages(t)).toHaveLength(5 * CHAT_MESSAGES_PER_SENDER.max);
    expect((await chatCall(t, endpoints.chatSendMessage, textMessage('too many'), { guestToken: guests[0]!.guestToken })).statusCode).toBe(429);
  });
});
