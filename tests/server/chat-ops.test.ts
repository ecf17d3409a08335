/**
 * The agents' side of the chat (/api/ops/chat/*; docs/decisions/0106-chat-widget-and-inbox.md): support
 * and admin operators only (canned reply edits admin only); the inbox by
 * last message with unread counts and a search by phone or name; the
 * member's panel from the ledger; replies of every message type, stored
 * then delivered to the room and the other agents; the read mark; ending a
 * session; uploads to a conversation; canned replies with their audit rows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SOCKET_ENDED, SOCKET_INBOX, SOCKET_MESSAGING, SOCKET_READ, type ChatMessage, type InboxConversation } from '../../src/contract/chat.ts';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { cannedReplyRefusal, chatFileRefusal } from '../../src/contract/rules/chat.ts';
import { auditLog, chatConversations, chatMessages, users } from '../../src/server/db/schema.ts';
import { DEMO_CANNED_REPLIES } from '../../src/server/db/seed-data.ts';
import { CHAT_INBOX_PAGE_SIZE } from '../../src/server/policy.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { buildTestApp } from './helpers/app.ts';
import { addTestGames, TestProvider } from './helpers/games.ts';
import { deposit, memberWithMoney, operatorIdOf, OPERATOR, type MoneyApp } from './helpers/money.ts';
import { login } from './helpers/members.ts';
import { call } from './helpers/http.ts';
import { chatCall, chatMember, history, newGuest, pictures, recordHub, send, textMessage, uploadFile } from './helpers/chat.ts';
import { operatorToken } from './helpers/operators.ts';

interface ChatOpsApp extends MoneyApp {
  support: string;
}

/** A money app (admin, test games) whose uploads go to a folder of this test's own, and a support operator. */
async function chatOpsApp(): Promise<ChatOpsApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-chat-ops-'));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const provider = new TestProvider();
  const t = await buildTestApp({ operator: OPERATOR, dataDir }, { games: new Map([[provider.name, provider]]) });
  await addTestGames(t.db);
  onTestFinished(async () => expect(await checkLedger(t.db)).toEqual([]));
  const m = { ...t, provider, operatorToken: await login(t, OPERATOR.phone, OPERATOR.password) };
  return { ...m, support: await operatorToken(m, 'support', '0800000200') };
}

async function ops(t: MoneyApp, endpoint: Endpoint, token: string, options: { body?: unknown; params?: Record<string, string>; query?: Record<string, string> } = {}) {
  const response = await call(t.app, endpoint, options.body, { token, ...(options.params && { params: options.params }), ...(options.query && { query: options.query }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function inbox(t: ChatOpsApp, query: Record<string, string> = {}): Promise<{ conversations: InboxConversation[]; total: number }> {
  return ops(t, endpoints.opsChatInbox, t.support, { query });
}

const reply = (id: string, message: Record<string, unknown>) => ({ params: { id }, body: { message: { deliver: { id: `agent-${Math.random().toString(36).slice(2, 12)}` }, ...message } } });

describe('who may use the agent endpoints', () => {
  it('lets support and admin in; members, marketing and finance get 403; canned edits are admin only', async () => {
    const t = await chatOpsApp();
    const admin = t.operatorToken;
    const marketing = await operatorToken(t, 'marketing', '0800000201');
    const finance = await operatorToken(t, 'finance', '0800000202');
    const member = await chatMember(t);
    await send(t, { token: member.token }, textMessage('hello'));
    const [conversation] = await t.db.select().from(chatConversations);
    const id = String(conversation!.id);
    const [canned] = (await ops(t, endpoints.opsChatCanned, t.support)).replies;

    const agentCalls: [Endpoint, { body?: unknown; params?: Record<string, string> }][] = [
      [endpoints.opsChatInbox, {}],
      [endpoints.opsChatCustomer, { params: { id } }],
      [endpoints.opsChatHistory, { params: { id }, body: {} }],
      [endpoints.opsChatRead, { params: { id } }],
      [endpoints.opsChatCanned, {}],
    ];
    const adminCalls: [Endpoint, { body?: unknown; params?: Record<string, string> }][] = [
      [endpoints.opsChatCannedCreate, { body: { title: 'New', text: 'A new reply' } }],
      [endpoints.opsChatCannedChange, { params: { id: canned.id }, body: { title: 'Changed', text: 'Changed text' } }],
      [endpoints.opsChatCannedDelete, { params: { id: canned.id } }],
    ];
    for (const [endpoint, options] of [...agentCalls, ...adminCalls]) {
      for (const [who, token] of [['member', member.token], ['marketing', marketing], ['finance', finance]] as const) {
        const response = await call(t.app, endpoint, options.body, { token, ...(options.params && { params: options.params }) });
        expect([endpoint.path, who, response.statusCode, response.json()]).toEqual([endpoint.path, who, 403, { message: 'UNAUTHORIZED' }]);
      }
    }
    for (const [endpoint, options] of adminCalls) {
      const response = await call(t.app, endpoint, options.body, { token: t.support, ...(options.params && { params: options.params }) });
      expect([endpoint.path, response.statusCode]).toEqual([endpoint.path, 403]);
    }
    const guest = await newGuest(t);
    const asGuest = await chatCall(t, endpoints.opsChatInbox, undefined, { guestToken: guest.guestToken });
    expect([asGuest.statusCode, asGuest.json()]).toEqual([401, { message: 'invalid-token' }]);

    for (const [endpoint, options] of agentCalls) {
      for (const token of [t.support, admin]) await ops(t, endpoint, token, options);
    }
    for (const [endpoint, options] of adminCalls) await ops(t, endpoint, admin, options);
    // An operator's token is no chat caller either: the customer's calls are the customer's.
    const operatorAsCustomer = await chatCall(t, endpoints.chatSendMessage, textMessage('as an operator'), { token: admin });
    expect([operatorAsCustomer.statusCode, operatorAsCustomer.json()]).toEqual([401, { message: 'invalid-token' }]);
  });

  it('answers NO_DATA for a conversation that does not exist', async () => {
    const t = await chatOpsApp();
    for (const [id, status] of [['999999', 404], ['abc', 400]] as const) {
      const response = await call(t.app, endpoints.opsChatCustomer, undefined, { token: t.support, params: { id } });
      expect([id, response.statusCode, response.json()]).toEqual([id, status, { message: 'NO_DATA' }]);
    }
    const replyToNone = await call(t.app, endpoints.opsChatReply, reply('999999', { message_type: 'text', payload: { text: 'hi' } }).body, { token: t.support, params: { id: '999999' } });
    expect([replyToNone.statusCode, replyToNone.json()]).toEqual([404, { message: 'NO_DATA' }]);
  });
});

describe('the inbox', () => {
  it('lists conversations by last message with unread customer messages, cleared by the agent’s read', async () => {
    const t = await chatOpsApp();
    const hub = recordHub(t);
    const member = await chatMember(t);
    const guest = await newGuest(t);
    await send(t, { token: member.token }, textMessage('first'));
    t.clock.advance(1000);
    await send(t, { guestToken: guest.guestToken }, textMessage('guest one'));
    t.clock.advance(1000);
    await send(t, { guestToken: guest.guestToken }, textMessage('guest two'));
    t.clock.advance(1000);
    await send(t, { token: member.token }, textMessage('latest'));

    const listed = await inbox(t);
    expect(listed.total).toBe(2);
    expect(listed.conversations.map((c) => [c.kind, c.lastMessage, c.lastMedia, c.unread, c.name, c.phone])).toEqual([
      ['member', 'latest', null, 2, member.body.name, member.phone],
      ['guest', 'guest two', null, 2, '', null],
    ]);
    expect(listed.conversations[1]).toMatchObject({ room: `chat-${guest.guestId}`, guestId: guest.guestId, userId: null, closed: false });

    const memberConversation = listed.conversations[0]!;
    t.clock.advance(1000);
    await ops(t, endpoints.opsChatRead, t.support, { params: { id: memberConversation.id } });
    const readAt = t.clock().toISOString();
    expect(hub.payloads('room', SOCKET_READ, memberConversation.room)).toEqual([{ room: memberConversation.room, sender: 'agent', readAt }]);
    expect(hub.payloads('agents', SOCKET_READ)).toContainEqual({ room: memberConversation.room, sender: 'agent', readAt });
    expect((await inbox(t)).conversations.map((c) => c.unread)).toEqual([0, 2]);
    t.clock.advance(1000);
    await send(t, { token: member.token }, textMessage('one more'));
    expect((await inbox(t)).conversations.map((c) => c.unread)).toEqual([1, 2]);
    // The agent's own replies are never unread to agents, and replying reads the conversation.
    await ops(t, endpoints.opsChatReply, t.support, reply(listed.conversations[1]!.id, { message_type: 'text', payload: { text: 'Hello guest' } }));
    expect((await inbox(t)).conversations.map((c) => [c.lastMessage, c.unread])).toEqual([
      ['Hello guest', 0],
      ['one more', 1],
    ]);
  });

  it('searches by a phone number’s digits or part of a name; % and _ are plain characters', async () => {
    const t = await chatOpsApp();
    const somchai = await chatMember(t);
    await t.db.update(users).set({ name: 'Somchai 100% Jaidee' }).where(eq(users.phone, somchai.phone));
    const other = await chatMember(t);
    await t.db.update(users).set({ name: 'Malee_Suksan' }).where(eq(users.phone, other.phone));
    const guest = await newGuest(t);
    for (const auth of [{ token: somchai.token }, { token: other.token }, { guestToken: guest.guestToken }]) await send(t, auth, textMessage('hi'));

    const found = async (q: string) => (await inbox(t, { q })).conversations.map((c) => c.phone);
    expect(await found(somchai.phone)).toEqual([somchai.phone]);
    expect(await found(`${somchai.phone.slice(0, 3)}-${somchai.phone.slice(3)}`)).toEqual([somchai.phone]);
    expect(await found('somchai')).toEqual([somchai.phone]);
    expect(await found('100%')).toEqual([somchai.phone]);
    expect(await found('%')).toEqual([somchai.phone]);
    expect(await found('e_S')).toEqual([other.phone]);
    expect(await found('_')).toEqual([other.phone]);
    expect(await found('nobody')).toEqual([]);
    expect((await inbox(t, { q: '' })).total).toBe(3);
  });

  it(`pages ${CHAT_INBOX_PAGE_SIZE} at a time by skip`, async () => {
    const t = await chatOpsApp();
    const guests = [];
    for (let i = 0; i < CHAT_INBOX_PAGE_SIZE + 3; i += 1) {
      // Each from an address of its own: new guests are limited per address.
      const guest = await newGuest(t, { ip: `192.0.2.${i + 1}` });
      await send(t, { guestToken: guest.guestToken }, textMessage(`guest ${i}`));
      t.clock.advance(1000);
      guests.push(guest);
    }
    const first = await inbox(t);
    const second = await inbox(t, { skip: String(CHAT_INBOX_PAGE_SIZE) });
    expect([first.total, first.conversations.length, second.conversations.length]).toEqual([CHAT_INBOX_PAGE_SIZE + 3, CHAT_INBOX_PAGE_SIZE, 3]);
    expect([...first.conversations, ...second.conversations].map((c) => c.guestId)).toEqual(guests.map((guest) => guest.guestId).reverse());
    const bad = await call(t.app, endpoints.opsChatInbox, undefined, { token: t.support, query: { skip: '-1' } });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('lists no conversation before its first message: a file uploaded and never sent leaves nothing to answer', async () => {
    const t = await chatOpsApp();
    const guest = await newGuest(t);
    const { png } = await pictures();
    const upload = await uploadFile(t, endpoints.chatUploadImage, { guestToken: guest.guestToken }, png, { filename: 'photo.png' });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(await inbox(t)).toEqual({ conversations: [], total: 0 });

    await send(t, { guestToken: guest.guestToken }, textMessage('now a message'));
    expect((await inbox(t)).conversations.map((c) => [c.guestId, c.lastMessage])).toEqual([[guest.guestId, 'now a message']]);
  });
});

describe('the customer panel', () => {
  it('shows the member, what they hold in the wallet and games, and their last 5 deposits; nothing for a guest', async () => {
    const t = await chatOpsApp();
    const member = await memberWithMoney(t, { wallet: 150, inGames: { TEST_SLOT: 50 } });
    for (const [i, amount] of [10, 20, 30, 40, 50, 60].entries()) {
      t.clock.advance(1000);
      await deposit(t, member.phone, amount, `PANEL-REF-${i}`);
    }
    await send(t, { token: member.token }, textMessage('where is my money'));
    const guest = await newGuest(t);
    await send(t, { guestToken: guest.guestToken }, textMessage('hello'));
    const [memberConversation, guestConversation] = (await inbox(t)).conversations.reverse();

    const panel = await ops(t, endpoints.opsChatCustomer, t.support, { params: { id: memberConversation!.id } });
    expect(panel.conversation).toEqual(memberConversation);
    expect(panel.member).toEqual({
      userId: String(member.userId),
      name: member.body.name,
      phone: member.phone,
      status: 'active',
      currency: 'BAHT',
      holdings: 150 + 50 + 210,
      deposits: [60, 50, 40, 30, 20].map((amount, i) => ({ amount, createdAt: expect.any(String), source: `PANEL-REF-${5 - i}` })),
    });
    expect((await ops(t, endpoints.opsChatCustomer, t.support, { params: { id: guestConversation!.id } })).member).toBeNull();
  });
});

describe('replies', () => {
  it('stores every message type as the agent’s, then delivers it to the room and the agents; history shows it', async () => {
    const t = await chatOpsApp();
    const hub = recordHub(t);
    const guest = await newGuest(t);
    await send(t, { guestToken: guest.guestToken }, textMessage('help'));
    const [conversation] = (await inbox(t)).conversations;
    const messages = [
      { message_type: 'text', payload: { text: 'How can we help?' } },
      { message_type: 'buttons', payload: { text: 'Choose' }, payloads: [{ type: 'web', title: 'Site', payload: 'https://example.com' }, { type: 'call', title: 'Call', payload: '021234567' }, { type: 'postback', title: 'Deposit', payload: 'DEPOSIT' }] },
      { message_type: 'quick_replies', payload: { text: 'Quick' }, payloads: [{ type: 'text', title: 'Yes', payload: '' }] },
      { message_type: 'generic', payloads: [{ title: 'Bonus', subtitle: 'Up to 100%', image_url: 'https://example.com/a.png', buttons: [] }] },
      { message_type: 'unknown', payload: { future: 'thing' } },
    ];
    const before = hub.told.length;
    for (const message of messages) await ops(t, endpoints.opsChatReply, t.support, reply(conversation!.id, message));

    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.sender, 'agent'));
    const supportId = await operatorIdOf(t.db, '0800000200');
    expect(rows.map((row) => [row.messageType, row.operatorId])).toEqual(messages.map((message) => [message.message_type, supportId]));
    const toRoom = hub.told.slice(before).filter((told) => told.to === 'room' && told.event === SOCKET_MESSAGING).map((told) => told.payload as ChatMessage);
    expect(toRoom.map((message) => [message.sender, message.message.message_type, message.name, message.guestId])).toEqual(
      messages.map((message) => ['agent', message.message_type, 'support operator', guest.guestId]),
    );
    expect(hub.payloads('agents', SOCKET_MESSAGING).slice(-messages.length)).toEqual(toRoom.map((message) => ({ ...message, conversationId: conversation!.id })));
    expect(hub.payloads('agents', SOCKET_INBOX).at(-1)).toEqual({ conversation: expect.objectContaining({ id: conversation!.id, unread: 0 }) });

    const customerView = await history(t, { guestToken: guest.guestToken });
    expect(customerView.map((message) => message.message.message_type)).toEqual([...messages.map((message) => message.message_type)].reverse().concat('text'));
    const agentView = await ops(t, endpoints.opsChatHistory, t.operatorToken, { params: { id: conversation!.id }, body: { limit: 2, skip: 0 } });
    expect(agentView.map((message: ChatMessage) => [message.message.message_type, message.conversationId])).toEqual([
      ['unknown', conversation!.id],
      ['generic', conversation!.id],
    ]);
  });

  it('refuses a web address that is no http(s) address and a card image of another site’s path: 400, nothing stored or delivered', async () => {
    const t = await chatOpsApp();
    const hub = recordHub(t);
    const guest = await newGuest(t);
    await send(t, { guestToken: guest.guestToken }, textMessage('help'));
    const [conversation] = (await inbox(t)).conversations;
    const script = { type: 'web', title: 'Open', payload: 'javascript:alert(1)' };
    const refused = [
      { message_type: 'buttons', payload: { text: 'Choose' }, payloads: [script] },
      { message_type: 'quick_replies', payload: { text: 'Choose' }, payloads: [{ ...script, payload: '//evil.host/x' }] },
      { message_type: 'generic', payloads: [{ title: 'Bonus', buttons: [script] }] },
      { message_type: 'generic', payloads: [{ title: 'Bonus', image_url: '//evil.host/x' }] },
      { message_type: 'generic', payloads: [{ title: 'Bonus', image_url: 'javascript:alert(1)' }] },
    ];
    const before = hub.told.length;
    for (const message of refused) {
      const response = await call(t.app, endpoints.opsChatReply, reply(conversation!.id, message).body, { token: t.support, params: { id: conversation!.id } });
      expect([message, response.statusCode, response.json()]).toEqual([message, 400, { message: 'KEY_INVALID' }]);
    }
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.sender, 'agent'))).toEqual([]);
    expect(hub.told.slice(before)).toEqual([]);

    // A path on this site, as the card builder writes it, and a postback carrying anything are fine.
    await ops(t, endpoints.opsChatReply, t.support, reply(conversation!.id, { message_type: 'generic', payloads: [{ title: 'Bonus', image_url: '/images/bonuses/welcome.svg', buttons: [{ type: 'postback', title: 'Get it', payload: 'javascript:alert(1)' }] }] }));
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.sender, 'agent'))).toHaveLength(1);
  });

  it('stores an agent’s resend once and delivers it again under the same id', async () => {
    const t = await chatOpsApp();
    const hub = recordHub(t);
    const member = await chatMember(t);
    await send(t, { token: member.token }, textMessage('hi'));
    const [conversation] = (await inbox(t)).conversations;
    const once = reply(conversation!.id, { message_type: 'text', payload: { text: 'Once' } });
    const first = await ops(t, endpoints.opsChatReply, t.support, once);
    expect(await ops(t, endpoints.opsChatReply, t.support, once)).toEqual(first);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.sender, 'agent'))).toHaveLength(1);
    const told = (hub.payloads('room', SOCKET_MESSAGING) as { _id: string }[]).map((message) => message._id);
    expect(told.slice(1)).toEqual([first._id, first._id]);
  });

  it('sends an agent’s upload to its conversation only', async () => {
    const t = await chatOpsApp();
    const member = await chatMember(t);
    const guest = await newGuest(t);
    await send(t, { token: member.token }, textMessage('hi'));
    await send(t, { guestToken: guest.guestToken }, textMessage('hi'));
    const [guestConversation, memberConversation] = (await inbox(t)).conversations;
    const { png } = await pictures();

    const upload = await uploadFile(t, endpoints.opsChatUploadImage, { token: t.support }, png, { filename: 'promo.png' }, { params: { id: memberConversation!.id } });
    expect(upload.statusCode, upload.body).toBe(200);
    const { path: key, fileType } = upload.json();
    expect(fileType).toBe('image');
    const media = (filePath: string) => ({ message_type: 'media', payload: { message: 'Our promotion', fileType: 'image', filePath } });

    const elsewhere = await call(t.app, endpoints.opsChatReply, reply(guestConversation!.id, media(key)).body, { token: t.support, params: { id: guestConversation!.id } });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    await ops(t, endpoints.opsChatReply, t.support, reply(memberConversation!.id, media(key)));
    const [latest] = await history(t, { token: member.token });
    expect(latest!.message).toMatchObject({ message_type: 'media', payload: { message: 'Our promotion', url: true } });
    // The inbox row names a picture by its kind (the agent's language; the file keeps no name), with its caption.
    expect((await inbox(t)).conversations.find((c) => c.id === memberConversation!.id)).toMatchObject({ lastMessage: 'Our promotion', lastMedia: 'image' });
    const spoofed = await uploadFile(t, endpoints.opsChatUploadVideo, { token: t.support }, png, { filename: 'clip.mp4' }, { params: { id: memberConversation!.id } });
    expect([spoofed.statusCode, spoofed.json()]).toEqual([400, { message: 'CHAT_FILE_NOT_SUPPORTED' }]);
    // An empty file is no picture: the code the inbox's own rule gives it before uploading (rules/chat.ts chatFileRefusal).
    const empty = await uploadFile(t, endpoints.opsChatUploadImage, { token: t.support }, Buffer.alloc(0), { filename: 'empty.png' }, { params: { id: memberConversation!.id } });
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: chatFileRefusal({ name: 'empty.png', size: 0 })?.code }]);
  });
});

describe('ending a conversation', () => {
  it('starts a new session: the next messages carry a new session_id', async () => {
    const t = await chatOpsApp();
    const hub = recordHub(t);
    const member = await chatMember(t);
    await send(t, { token: member.token }, textMessage('before the end'));
    const [conversation] = (await inbox(t)).conversations;

    await ops(t, endpoints.opsChatEnd, t.support, { params: { id: conversation!.id } });
    expect(hub.payloads('agents', SOCKET_INBOX).at(-1)).toEqual({ conversation: expect.objectContaining({ id: conversation!.id }) });
    // The customer's room hears the end at once, with the session the next message carries (an open widget draws the end now).
    const ended = hub.payloads('room', SOCKET_ENDED, conversation!.room) as { room: string; session_id: string }[];
    expect(ended).toEqual([{ room: conversation!.room, session_id: expect.any(String) }]);
    await send(t, { token: member.token }, textMessage('after the end'));

    const [after, before] = await history(t, { token: member.token });
    expect(after!.session_id).not.toBe(before!.session_id);
    expect(after!.session_id).toBe(ended[0]!.session_id);
  });

  it('refuses replies to a closed guest conversation with CHAT_CLOSED', async () => {
    const t = await chatOpsApp();
    const guest = await newGuest(t);
    await send(t, { guestToken: guest.guestToken }, textMessage('hi'));
    const [conversation] = (await inbox(t)).conversations;
    await t.db.update(chatConversations).set({ closedAt: t.clock() }).where(eq(chatConversations.id, Number(conversation!.id)));
    const refused = await call(t.app, endpoints.opsChatReply, reply(conversation!.id, { message_type: 'text', payload: { text: 'too late' } }).body, { token: t.support, params: { id: conversation!.id } });
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'CHAT_CLOSED' }]);
    expect((await inbox(t)).conversations[0]!.closed).toBe(true);
  });
});

describe('canned replies', () => {
  it('lists the demo’s, and an admin creates, changes and deletes them with an audit row each', async () => {
    const t = await chatOpsApp();
    const listed = (await ops(t, endpoints.opsChatCanned, t.support)).replies as { id: string; title: string; text: string }[];
    expect(listed.map(({ title, text }) => ({ title, text }))).toEqual(expect.arrayContaining(DEMO_CANNED_REPLIES));

    const created = await ops(t, endpoints.opsChatCannedCreate, t.operatorToken, { body: { title: '  Withdrawal time ', text: 'Withdrawals arrive within 15 minutes.' } });
    expect(created).toEqual({ id: expect.any(String), title: 'Withdrawal time', text: 'Withdrawals arrive within 15 minutes.' });
    const changed = await ops(t, endpoints.opsChatCannedChange, t.operatorToken, { params: { id: created.id }, body: { title: 'Withdrawal time', text: 'Within 10 minutes.' } });
    expect(changed.text).toBe('Within 10 minutes.');
    await ops(t, endpoints.opsChatCannedDelete, t.operatorToken, { params: { id: created.id } });
    expect((await ops(t, endpoints.opsChatCanned, t.support)).replies).toEqual(listed);

    const adminId = await operatorIdOf(t.db, OPERATOR.phone);
    const audit = await t.db.select({ operatorId: auditLog.operatorId, action: auditLog.action, subject: auditLog.subject }).from(auditLog);
    expect(audit).toEqual(['chat.canned.create', 'chat.canned.change', 'chat.canned.delete'].map((action) => ({ operatorId: adminId, action, subject: created.id })));
    const gone = await call(t.app, endpoints.opsChatCannedDelete, undefined, { token: t.operatorToken, params: { id: created.id } });
    expect([gone.statusCode, gone.json()]).toEqual([404, { message: 'NO_DATA' }]);
    const blank = await call(t.app, endpoints.opsChatCannedCreate, { title: ' ', text: 'x' }, { token: t.operatorToken });
    expect([blank.statusCode, blank.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('refuses a reply as the inbox’s rule does: a bad title KEY_INVALID, a bad text CHAT_TEXT_INVALID; the demo’s pass it', async () => {
    const t = await chatOpsApp();
    for (const reply of [{ title: ' ', text: 'x' }, { title: 'Title', text: ' ' }, { title: '', text: '' }, { title: 't'.repeat(81), text: 'x' }, { title: 'Title', text: 'x'.repeat(2001) }]) {
      const refused = await call(t.app, endpoints.opsChatCannedCreate, reply, { token: t.operatorToken });
      expect([reply, refused.statusCode, refused.json()]).toEqual([reply, 400, { message: cannedReplyRefusal(reply) }]);
    }
    expect(DEMO_CANNED_REPLIES.map(cannedReplyRefusal)).toEqual(DEMO_CANNED_REPLIES.map(() => null));
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});

describe('the customer panel and withdrawals', () => {
  it('leaves out money held for a pending withdrawal: it is on its way to the bank', async () => {
    const t = await chatOpsApp();
    const member = await memberWithMoney(t, { wallet: 300, inGames: { TEST_SLOT: 50 } });
    const held = await call(t.app, endpoints.withdraw, { amount: 100 }, { token: member.token });
    expect(held.statusCode, held.body).toBe(200);
    await send(t, { token: member.token }, textMessage('when does my withdrawal arrive'));
    const [conversation] = (await inbox(t)).conversations;

    const panel = await ops(t, endpoints.opsChatCustomer, t.support, { params: { id: conversation!.id } });

    // The wallet posts 300 until the withdrawal is paid; the member can spend 200 of it.
    expect(panel.member.holdings).toBe(200 + 50);
  });
});
