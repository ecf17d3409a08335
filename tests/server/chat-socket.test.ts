/**
 * The chat's socket (spec 7 the realtime socket; docs/decisions/0105-chat-realtime.md): socket.io on the API's
 * own HTTP server, a real socket.io-client over a websocket. Who connects
 * is proven at the handshake (a member's or an agent's token, a guest's
 * signed token), a join is authorised (one's own room; an agent any
 * conversation), a foreign page is refused, a holder has only so many
 * sockets live, and a socket whose session ends is closed: at once when
 * this app ends it, at the sweep otherwise.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  chatRoom,
  SOCKET_INBOX,
  SOCKET_MESSAGING,
  SOCKET_PRESENCE,
  SOCKET_REFUSED,
  SOCKET_TYPING,
} from '../../src/contract/chat.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { createGuest } from '../../src/server/chat/guests.ts';
import { signGuestToken } from '../../src/server/chat/guest-token.ts';
import { chatGuests, users } from '../../src/server/db/schema.ts';
import { disableOperator } from '../../src/server/operators/accounts.ts';
import {
  CHAT_GUEST_TOKEN_LIFETIME_MS,
  CHAT_SOCKET_AGENT_ROOMS_MAX,
  CHAT_SOCKET_EVENT_BUDGET,
  CHAT_SOCKETS_PER_ADDRESS,
  CHAT_SOCKETS_PER_CREDENTIAL,
  CHAT_SOCKETS_PER_OPERATOR,
} from '../../src/server/policy.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { login, signedInMember } from './helpers/members.ts';
import {
  collect,
  connected,
  disconnection,
  eventWhere,
  join,
  listening,
  nextEvent,
  openSocket,
  refusedAtConnect,
  serverDisconnection,
  whenConnected,
  type ClientSocket,
} from './helpers/sockets.ts';
import { operatorToken } from './helpers/operators.ts';

const PREFIX = 'chat';
const ADMIN = { phone: '0800000001', password: 'operator-secret' };

async function memberIdOf(t: TestApp, phone: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return row!.id;
}

/** A signed-in member, their id and their room. */
async function member(t: TestApp) {
  const m = await signedInMember(t);
  const userId = await memberIdOf(t, m.phone);
  return { ...m, userId, room: chatRoom(PREFIX, String(userId)) };
}

async function guest(t: TestApp) {
  const issued = await createGuest(t.config, t.db, t.clock());
  return { ...issued, room: chatRoom(PREFIX, issued.guestId) };
}

function textMessage(text: string) {
  return { message: { message_type: 'text', payload: { text }, deliver: { id: randomUUID() } } };
}

/**
 * Whether the socket is in `room`, asked without waiting for time: an event
 * to the room, then one to the socket's own room; the second always arrives,
 * and the first, had it been sent to this socket, would have come before it.
 */
async function hears(t: TestApp, socket: ClientSocket, room: string): Promise<boolean> {
  const probes = collect<string>(socket, 'probe');
  const sentinel = eventWhere<string>(socket, 'probe', (payload) => payload === 'sentinel');
  t.app.chatHub.toRoom(room, 'probe', 'room');
  t.app.chatHub.toRoom(socket.id!, 'probe', 'sentinel');
  await sentinel;
  socket.off('probe');
  return probes.includes('room');
}

describe('connecting', () => {
  it('takes a member’s token, an agent’s and a guest’s; refuses a missing, unknown, forged, expired or closed one', async () => {
    const t = await buildTestApp({ operator: ADMIN });
    const url = await listening(t);
    const m = await member(t);
    const g = await guest(t);
    const admin = await login(t, ADMIN.phone, ADMIN.password);
    const closed = await guest(t);
    await t.db.update(chatGuests).set({ closedAt: t.clock() }).where(eq(chatGuests.id, closed.guestId));
    const expired = signGuestToken(t.config.chatGuestSecret, g.guestId, new Date(t.clock().getTime() - 1000));
    const forged = signGuestToken('another-secret-of-thirty-two-characters!', g.guestId, new Date(t.clock().getTime() + 60_000));

    await expect(connected(url, { token: m.token })).resolves.toMatchObject({ connected: true });
    await expect(connected(url, { token: admin })).resolves.toMatchObject({ connected: true });
    await expect(connected(url, { guestToken: g.guestToken })).resolves.toMatchObject({ connected: true });
    // No credential at all: the same code as over HTTP, so the widget starts a new guest either way.
    expect(await refusedAtConnect(url, {})).toBe('CHAT_GUEST_INVALID');
    expect(await refusedAtConnect(url, { token: 'not-a-token-of-anyone' })).toBe('invalid-token');
    expect(await refusedAtConnect(url, { token: 'spaces are not a token' })).toBe('invalid-token');
    expect(await refusedAtConnect(url, { token: 42 })).toBe('invalid-token');
    expect(await refusedAtConnect(url, { guestToken: forged })).toBe('CHAT_GUEST_INVALID');
    expect(await refusedAtConnect(url, { guestToken: expired })).toBe('CHAT_GUEST_INVALID');
    expect(await refusedAtConnect(url, { guestToken: closed.guestToken })).toBe('CHAT_GUEST_INVALID');
    expect(await refusedAtConnect(url, { guestToken: `${g.guestId}.x.y` })).toBe('CHAT_GUEST_INVALID');
  });

  it('refuses an operator whose role does not answer chats', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const marketing = await operatorToken(t, 'marketing', '0800000100');
    const finance = await operatorToken(t, 'finance', '0800000101');
    const support = await operatorToken(t, 'support', '0800000102');

    expect(await refusedAtConnect(url, { token: marketing })).toBe('UNAUTHORIZED');
    expect(await refusedAtConnect(url, { token: finance })).toBe('UNAUTHORIZED');
    await expect(connected(url, { token: support })).resolves.toMatchObject({ connected: true });
  });

  it('refuses a page of another site, and takes the server’s own pages and clients without an Origin', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const m = await member(t);

    const foreign = await refusedAtConnect(url, { token: m.token }, { origin: 'https://evil.example' });
    const sameHostOtherPort = await refusedAtConnect(url, { token: m.token }, { origin: url.replace(/:\d+$/, ':1') });
    const own = await connected(url, { token: m.token }, { origin: url });
    const script = await connected(url, { token: m.token });

    // Refused at the HTTP handshake: the client only learns that the websocket failed.
    expect(foreign).not.toBe('invalid-token');
    expect(sameHostOtherPort).toBe(foreign);
    expect([own.connected, script.connected]).toEqual([true, true]);
  });

  it('is not served while the service is terminated', async () => {
    const t = await buildTestApp({ serviceStatus: 'terminated' });
    const url = await listening(t);

    expect(await refusedAtConnect(url, { token: 'anything' })).not.toBe('invalid-token');
  });
});

describe('joining', () => {
  it('lets a member join their own room, where the messages they send arrive', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const m = await member(t);
    const socket = await connected(url, { token: m.token });

    const answer = await join(socket, m.room);
    const arriving = nextEvent<{ message: { payload: { text: string } }; userId: string | null }>(socket, SOCKET_MESSAGING);
    const sent = await call(t.app, endpoints.chatSendMessage, textMessage('hello'), { token: m.token });
    expect(sent.statusCode, sent.body).toBe(200);

    expect(answer).toEqual({ ok: true });
    expect(await arriving).toMatchObject({ _id: sent.json()._id, message: { payload: { text: 'hello' } }, userId: String(m.userId) });
  });

  it('refuses a member the room of another member and of a guest, and anything that is not a room', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const m = await member(t);
    const other = await member(t);
    const g = await guest(t);
    const socket = await connected(url, { token: m.token });
    const refusals = collect<{ message: string }>(socket, SOCKET_REFUSED);

    const answers = [
      await join(socket, other.room),
      await join(socket, g.room),
      await join(socket, 'internal:agents'),
      await join(socket, `${other.room}\u0000`),
      await join(socket, { room: m.room }),
      await join(socket, String(m.userId)),
    ];

    expect(answers).toEqual(Array.from({ length: 6 }, () => ({ ok: false, message: 'UNAUTHORIZED' })));
    expect(refusals).toEqual(Array.from({ length: 6 }, () => ({ message: 'UNAUTHORIZED' })));
    expect(await hears(t, socket, other.room)).toBe(false);
    expect(await hears(t, socket, g.room)).toBe(false);
    expect(await hears(t, socket, 'internal:agents')).toBe(false);
  });

  it('lets a guest join only the room of the id its token was signed for', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const first = await guest(t);
    const second = await guest(t);
    const m = await member(t);
    const socket = await connected(url, { guestToken: second.guestToken });

    const intoFirst = await join(socket, first.room);
    const intoMember = await join(socket, m.room);
    const intoOwn = await join(socket, second.room);

    expect([intoFirst, intoMember, intoOwn]).toEqual([
      { ok: false, message: 'UNAUTHORIZED' },
      { ok: false, message: 'UNAUTHORIZED' },
      { ok: true },
    ]);
    expect(await hears(t, socket, first.room)).toBe(false);
    expect(await hears(t, socket, second.room)).toBe(true);
  });
});

describe('agents', () => {
  it('join any conversation, hear every customer message in the inbox, and are counted online', async () => {
    const t = await buildTestApp({ operator: ADMIN });
    const url = await listening(t);
    const m = await member(t);
    const g = await guest(t);
    const customer = openSocket(url, { token: m.token });
    const customerPresence = collect<{ agents: number }>(customer, SOCKET_PRESENCE);
    await whenConnected(customer);
    const support = await operatorToken(t, 'support', '0800000102');

    const agent = openSocket(url, { token: support });
    const counting = eventWhere<{ agents: number }>(agent, SOCKET_PRESENCE, (p) => p.agents === 1);
    await whenConnected(agent);
    const counted = await counting;
    const joins = [await join(agent, m.room), await join(agent, g.room), await join(agent, 'internal:agents'), await join(agent, `${PREFIX}-x`)];
    const inbox = nextEvent<{ conversation: { userId: string | null; lastMessage: string } }>(agent, SOCKET_INBOX);
    const sent = await call(t.app, endpoints.chatSendMessage, textMessage('I need help'), { token: m.token });
    expect(sent.statusCode, sent.body).toBe(200);

    expect(counted).toEqual({ agents: 1 });
    expect(joins).toEqual([{ ok: true }, { ok: true }, { ok: false, message: 'UNAUTHORIZED' }, { ok: false, message: 'UNAUTHORIZED' }]);
    expect((await inbox).conversation).toMatchObject({ userId: String(m.userId) });
    expect(await hears(t, agent, g.room)).toBe(true);
    // The customer's widget hears the count too (sent on connect, then on each change); the probe comes after both.
    expect(await hears(t, customer, customer.id!)).toBe(true);
    expect(customerPresence.map((p) => p.agents)).toEqual([0, 1]);
  });

  it('count one operator once, and count down when they go', async () => {
    const t = await buildTestApp({ operator: ADMIN });
    const url = await listening(t);
    const admin = await login(t, ADMIN.phone, ADMIN.password);
    const support = await operatorToken(t, 'support', '0800000102');
    const watcher = openSocket(url, { token: support });
    const alone = eventWhere<{ agents: number }>(watcher, SOCKET_PRESENCE, (p) => p.agents === 1);
    await whenConnected(watcher);
    await alone;

    const counting = eventWhere<{ agents: number }>(watcher, SOCKET_PRESENCE, (p) => p.agents === 2);
    const adminSocket = await connected(url, { token: admin });
    const two = await counting;
    const secondTab = await connected(url, { token: admin });
    const counts = collect<{ agents: number }>(watcher, SOCKET_PRESENCE);
    await t.app.chatSockets.sweep();
    adminSocket.close();
    secondTab.close();
    const one = await eventWhere<{ agents: number }>(watcher, SOCKET_PRESENCE, (p) => p.agents === 1);

    expect([two, one]).toEqual([{ agents: 2 }, { agents: 1 }]);
    // A second socket of the same operator never made it 3.
    expect(counts.map((p) => p.agents)).not.toContain(3);
  });

  it('hear a customer typing, and the customer hears the agent', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const m = await member(t);
    const customer = await connected(url, { token: m.token });
    await join(customer, m.room);
    const agent = await connected(url, { token: await operatorToken(t, 'support', '0800000102') });
    await join(agent, m.room);
    const bystander = await connected(url, { token: (await member(t)).token });

    const agentHears = nextEvent(agent, SOCKET_TYPING);
    customer.emit(SOCKET_TYPING, { room: m.room, typing: true });
    const customerHears = nextEvent(customer, SOCKET_TYPING);
    agent.emit(SOCKET_TYPING, { room: m.room, typing: false });

    expect(await agentHears).toEqual({ room: m.room, typing: true, sender: 'customer' });
    expect(await customerHears).toEqual({ room: m.room, typing: false, sender: 'agent' });
    // Typing into a room one has not joined goes nowhere.
    const typed = collect(customer, SOCKET_TYPING);
    bystander.emit(SOCKET_TYPING, { room: m.room, typing: true });
    expect(await hears(t, customer, m.room)).toBe(true);
    expect(typed).toEqual([]);
  });

  it('stay in at most the cap of conversation rooms: the one joined longest ago is left', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const agent = await connected(url, { token: await operatorToken(t, 'support', '0800000102') });
    const rooms = Array.from({ length: CHAT_SOCKET_AGENT_ROOMS_MAX + 1 }, (_, i) => chatRoom(PREFIX, String(1000 + i)));

    for (const room of rooms) {
      // Each join is one event of the socket's budget; the test's clock refills it.
      t.clock.advance(1000);
      expect(await join(agent, room)).toEqual({ ok: true });
    }

    expect(await hears(t, agent, rooms[0]!)).toBe(false);
    expect(await hears(t, agent, rooms[1]!)).toBe(true);
    expect(await hears(t, agent, rooms.at(-1)!)).toBe(true);
  });
});

describe('how many sockets', () => {
  /** `count` sockets connected at once with `auth`. */
  function connectMany(url: string, auth: Parameters<typeof connected>[1], count: number, options?: Parameters<typeof connected>[2]) {
    return Promise.all(Array.from({ length: count }, () => connected(url, auth, options)));
  }

  it('one guest token may have live: a sixth is refused until one of five goes, whoever closes it', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const g = await guest(t);
    const other = await guest(t);
    const live = await connectMany(url, { guestToken: g.guestToken }, CHAT_SOCKETS_PER_CREDENTIAL);

    const sixth = await refusedAtConnect(url, { guestToken: g.guestToken });
    const otherGuest = await connected(url, { guestToken: other.guestToken });
    const closedByClient = serverDisconnection(t, live[0]!);
    live[0]!.close();
    await closedByClient;
    const afterClientClose = await connected(url, { guestToken: g.guestToken });
    const full = await refusedAtConnect(url, { guestToken: g.guestToken });
    // The server closes a socket that sends a packet over the limit: its place is given back too.
    const closedByServer = serverDisconnection(t, live[1]!);
    live[1]!.emit(SOCKET_TYPING, { padding: 'x'.repeat(20_000) });
    await closedByServer;
    const afterServerClose = await connected(url, { guestToken: g.guestToken });

    expect(CHAT_SOCKETS_PER_CREDENTIAL).toBe(5);
    expect([sixth, full]).toEqual(['REQUEST_LIMIT', 'REQUEST_LIMIT']);
    expect([otherGuest.connected, afterClientClose.connected, afterServerClose.connected]).toEqual([true, true, true]);
  });

  it('are counted when handshakes arrive together: of many at once, only the cap connect', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const m = await member(t);

    const burst = await Promise.allSettled(Array.from({ length: CHAT_SOCKETS_PER_CREDENTIAL + 5 }, () => connected(url, { token: m.token })));
    const otherSession = await connected(url, { token: await login(t, m.phone, m.password) });

    expect(burst.filter((result) => result.status === 'fulfilled')).toHaveLength(CHAT_SOCKETS_PER_CREDENTIAL);
    expect(new Set(burst.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])))).toEqual(new Set(['Error: connect refused: REQUEST_LIMIT']));
    // The cap is per login session: the member's other device has its own.
    expect(otherSession.connected).toBe(true);
  });

  it('one operator may have live, across their sessions', async () => {
    const t = await buildTestApp({ operator: ADMIN });
    const url = await listening(t);
    const first = await login(t, ADMIN.phone, ADMIN.password);
    const second = await login(t, ADMIN.phone, ADMIN.password);
    const half = CHAT_SOCKETS_PER_OPERATOR / 2;
    await connectMany(url, { token: first }, half);
    const live = await connectMany(url, { token: second }, half);

    const refused = [await refusedAtConnect(url, { token: first }), await refusedAtConnect(url, { token: second })];
    const otherAgent = await connected(url, { token: await operatorToken(t, 'support', '0800000102') });
    const gone = serverDisconnection(t, live[0]!);
    live[0]!.close();
    await gone;
    const afterClose = await connected(url, { token: first });

    expect(CHAT_SOCKETS_PER_OPERATOR).toBe(10);
    expect(refused).toEqual(['REQUEST_LIMIT', 'REQUEST_LIMIT']);
    expect([otherAgent.connected, afterClose.connected]).toEqual([true, true]);
  });

  it('one client address may have live, unless per-address limits are off; agents are not counted there', async () => {
    const guests = CHAT_SOCKETS_PER_ADDRESS / CHAT_SOCKETS_PER_CREDENTIAL;
    const fill = async (t: TestApp, url: string) => {
      for (let i = 0; i < guests; i++) await connectMany(url, { guestToken: (await guest(t)).guestToken }, CHAT_SOCKETS_PER_CREDENTIAL);
    };
    const t = await buildTestApp({ operator: ADMIN });
    const url = await listening(t);
    await fill(t, url);

    const fromFullAddress = await refusedAtConnect(url, { guestToken: (await guest(t)).guestToken });
    const memberFromFullAddress = await refusedAtConnect(url, { token: (await member(t)).token });
    const agentFromFullAddress = await connected(url, { token: await login(t, ADMIN.phone, ADMIN.password) });
    const fromAnotherAddress = await connected(url, { guestToken: (await guest(t)).guestToken }, { localAddress: '127.0.0.2' });

    const off = await buildTestApp({ limits: { ...t.config.limits, perIp: null } });
    const offUrl = await listening(off);
    await fill(off, offUrl);
    const whenOff = await connected(offUrl, { guestToken: (await guest(off)).guestToken });

    expect([fromFullAddress, memberFromFullAddress]).toEqual(['REQUEST_LIMIT', 'REQUEST_LIMIT']);
    expect([agentFromFullAddress.connected, fromAnotherAddress.connected, whenOff.connected]).toEqual([true, true, true]);
  });
});

describe('floods', () => {
  it('drop events beyond the socket’s budget until time refills it', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const m = await member(t);
    const socket = await connected(url, { token: m.token });
    const { burst, perSecond } = CHAT_SOCKET_EVENT_BUDGET;

    const flood = await Promise.all(Array.from({ length: burst + 10 }, () => join(socket, m.room)));
    t.clock.advance(1000);
    const refilled = await Promise.all(Array.from({ length: perSecond + 1 }, () => join(socket, m.room)));

    expect(flood.filter((a) => a.ok)).toHaveLength(burst);
    expect(flood.slice(burst)).toEqual(Array.from({ length: 10 }, () => ({ ok: false, message: 'REQUEST_LIMIT' })));
    expect(refilled.map((a) => a.ok)).toEqual([...Array.from({ length: perSecond }, () => true), false]);
  });

  it('close a socket that sends a packet larger than the limit', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const m = await member(t);
    const socket = await connected(url, { token: m.token });
    const closing = disconnection(socket);

    socket.emit(SOCKET_TYPING, { room: m.room, typing: true, padding: 'x'.repeat(20_000) });

    expect(await closing).toBe('transport close');
  });
});

describe('ended sessions', () => {
  it('close the member’s sockets at once: logout, a password change elsewhere, a suspension', async () => {
    const t = await buildTestApp({ operator: ADMIN });
    const url = await listening(t);
    const m = await member(t);
    const admin = await login(t, ADMIN.phone, ADMIN.password);
    const loggedOut = await connected(url, { token: m.token });
    const otherDevice = await connected(url, { token: await login(t, m.phone, m.password) });
    const thisDevice = await login(t, m.phone, m.password);
    const stays = await connected(url, { token: thisDevice });

    const refused = nextEvent(loggedOut, SOCKET_REFUSED);
    const logoutClose = disconnection(loggedOut);
    expect((await call(t.app, endpoints.logout, undefined, { token: m.token })).statusCode).toBe(200);
    expect([await refused, await logoutClose]).toEqual([{ message: 'invalid-token' }, 'io server disconnect']);
    expect(await refusedAtConnect(url, { token: m.token })).toBe('invalid-token');

    const passwordClose = disconnection(otherDevice);
    const changed = await call(t.app, endpoints.changePassword, { oldPassword: m.password, newPassword: 'another-pass-2' }, { token: thisDevice });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await passwordClose).toBe('io server disconnect');
    expect(stays.connected).toBe(true);

    const suspendClose = disconnection(stays);
    const suspended = await call(t.app, endpoints.opsMemberStatus, { status: 'suspended' }, { token: admin, params: { username: m.phone } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await suspendClose).toBe('io server disconnect');
  });

  it('close at the sweep what no hub saw: an operator disabled by the ops command, an expired or closed guest', async () => {
    const t = await buildTestApp();
    const url = await listening(t);
    const support = await operatorToken(t, 'support', '0800000102');
    const agent = await connected(url, { token: support });
    const expiring = await guest(t);
    const closing = await guest(t);
    const staying = await member(t);
    const expiringSocket = await connected(url, { guestToken: expiring.guestToken });
    const closingSocket = await connected(url, { guestToken: closing.guestToken });
    const memberSocket = await connected(url, { token: staying.token });

    await disableOperator(t.db, '0800000102', t.clock());
    await t.db.update(chatGuests).set({ closedAt: t.clock() }).where(eq(chatGuests.id, closing.guestId));
    const reasons = [nextEvent(agent, SOCKET_REFUSED), nextEvent(closingSocket, SOCKET_REFUSED)];
    const expiry = nextEvent(expiringSocket, SOCKET_REFUSED);
    await t.app.chatSockets.sweep();
    expect(await Promise.all(reasons)).toEqual([{ message: 'invalid-token' }, { message: 'CHAT_GUEST_INVALID' }]);
    expect(await hears(t, expiringSocket, expiringSocket.id!)).toBe(true);
    expect(await hears(t, memberSocket, memberSocket.id!)).toBe(true);

    t.clock.advance(CHAT_GUEST_TOKEN_LIFETIME_MS);
    await t.app.chatSockets.sweep();

    expect(await expiry).toEqual({ message: 'CHAT_GUEST_INVALID' });
    expect(await refusedAtConnect(url, { token: support })).toBe('invalid-token');
  });
});
