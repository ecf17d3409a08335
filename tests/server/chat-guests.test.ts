/**
 * Chat guests (spec 1 guest chat; docs/decisions/0104-live-chat.md): the server issues the guest id
 * and a signed token for it; the token renews for the same id while it
 * lives and its guest is open, and every chat call refuses a missing,
 * forged, expired or closed one with CHAT_GUEST_INVALID (not the members'
 * invalid-token, which would send a visitor to /login).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { guestFromToken } from '../../src/server/chat/guests.ts';
import { readGuestToken, signGuestToken } from '../../src/server/chat/guest-token.ts';
import { chatGuests } from '../../src/server/db/schema.ts';
import { CHAT_GUEST_TOKEN_LIFETIME_MS, CHAT_GUESTS_PER_ADDRESS } from '../../src/server/policy.ts';
import { buildTestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { chatCall, chatMember, history, newGuest, send, textMessage } from './helpers/chat.ts';

const DAY = 24 * 60 * 60_000;

describe('chat config', () => {
  it('answers the room prefix from the configuration', async () => {
    const t = await buildTestApp({ chatPrefix: 'support' });
    const response = await call(t.app, endpoints.chatConfig);
    expect([response.statusCode, response.json()]).toEqual([200, { PREFIX: 'support' }]);
  });
});

describe('guest tokens', () => {
  it('issues a new guest id with a token that works on the chat calls, and a row for it', async () => {
    const t = await buildTestApp();
    const guest = await newGuest(t);

    expect(guest.guestId).toMatch(/^g[0-9a-f]{32}$/);
    expect(guest.guestToken.startsWith(`${guest.guestId}.`)).toBe(true);
    expect(await t.db.select({ id: chatGuests.id, closedAt: chatGuests.closedAt }).from(chatGuests)).toEqual([{ id: guest.guestId, closedAt: null }]);
    expect(await history(t, { guestToken: guest.guestToken })).toEqual([]);
    expect((await newGuest(t)).guestId).not.toBe(guest.guestId);
  });

  it('renews a live token for the same guest, sliding its lifetime', async () => {
    const t = await buildTestApp();
    const first = await newGuest(t);
    t.clock.advance(20 * DAY);
    const renewed = await newGuest(t, { headers: { 'x-chat-guest': first.guestToken } });
    t.clock.advance(20 * DAY);

    expect(renewed.guestId).toBe(first.guestId);
    // 40 days after the first token: it is dead, the renewed one lives.
    expect(readGuestToken(t.config.chatGuestSecret, first.guestToken, t.clock())).toBeNull();
    expect((await chatCall(t, endpoints.chatHistory, {}, { guestToken: renewed.guestToken })).statusCode).toBe(200);
    expect(await t.db.select().from(chatGuests)).toHaveLength(1);
  });

  it('starts a new guest when the token sent to renew is dead', async () => {
    const t = await buildTestApp();
    const first = await newGuest(t);
    t.clock.advance(CHAT_GUEST_TOKEN_LIFETIME_MS);
    const next = await newGuest(t, { headers: { 'x-chat-guest': first.guestToken } });
    expect(next.guestId).not.toBe(first.guestId);
  });

  it('refuses a missing, forged, expired, closed or unknown guest token with CHAT_GUEST_INVALID', async () => {
    const t = await buildTestApp();
    const guest = await newGuest(t);
    const secret = t.config.chatGuestSecret;
    const [id, expires, sig] = guest.guestToken.split('.') as [string, string, string];
    const other = await newGuest(t);
    const later = String(Number(expires) + 60);
    const tokens = {
      'another id under this signature': `${other.guestId}.${expires}.${sig}`,
      'a later expiry under this signature': `${id}.${later}.${sig}`,
      'signed with another secret': signGuestToken('another-secret-of-32-or-more-characters', id, new Date(Number(expires) * 1000)),
      'an unknown guest': signGuestToken(secret, `g${'0'.repeat(32)}`, new Date(Number(expires) * 1000)),
      garbage: 'not-a-token',
    };

    const missing = await call(t.app, endpoints.chatHistory, {});
    expect([missing.statusCode, missing.json()]).toEqual([401, { message: 'CHAT_GUEST_INVALID' }]);
    for (const [name, token] of Object.entries(tokens)) {
      const response = await chatCall(t, endpoints.chatHistory, {}, { guestToken: token });
      expect([name, response.statusCode, response.json()]).toEqual([name, 401, { message: 'CHAT_GUEST_INVALID' }]);
    }

    await t.db.update(chatGuests).set({ closedAt: t.clock() }).where(eq(chatGuests.id, guest.guestId));
    const closed = await chatCall(t, endpoints.chatSendMessage, textMessage('hello'), { guestToken: guest.guestToken });
    expect([closed.statusCode, closed.json()]).toEqual([401, { message: 'CHAT_GUEST_INVALID' }]);
    expect(await guestFromToken(t.config, t.db, guest.guestToken, t.clock())).toBeNull();
    // A closed guest is not renewed either: the widget gets a new id.
    expect((await newGuest(t, { headers: { 'x-chat-guest': guest.guestToken } })).guestId).not.toBe(guest.guestId);

    expect(await guestFromToken(t.config, t.db, other.guestToken, t.clock())).toEqual({ kind: 'guest', guestId: other.guestId });
    t.clock.advance(CHAT_GUEST_TOKEN_LIFETIME_MS);
    const expired = await chatCall(t, endpoints.chatHistory, {}, { guestToken: other.guestToken });
    expect([expired.statusCode, expired.json()]).toEqual([401, { message: 'CHAT_GUEST_INVALID' }]);
  });

  it('takes a member’s bearer token before a guest header, and a revoked member token is invalid-token', async () => {
    const t = await buildTestApp();
    const member = await chatMember(t);
    const guest = await newGuest(t);
    await send(t, { token: member.token }, textMessage('from the member'), { headers: { 'x-chat-guest': guest.guestToken } });
    const [message] = await history(t, { token: member.token });
    expect(message).toMatchObject({ userId: member.userId, guestId: null });

    await call(t.app, endpoints.logout, undefined, { token: member.token });
    const revoked = await chatCall(t, endpoints.chatHistory, {}, { token: member.token });
    expect([revoked.statusCode, revoked.json()]).toEqual([401, { message: 'invalid-token' }]);
  });

  it(`limits new guests per client address to ${CHAT_GUESTS_PER_ADDRESS.max} an hour; renewals are not counted`, async () => {
    const t = await buildTestApp();
    const ip = '203.0.113.7';
    const guests = [];
    for (let i = 0; i < CHAT_GUESTS_PER_ADDRESS.max; i += 1) guests.push(await newGuest(t, { ip }));

    const refused = await call(t.app, endpoints.chatGuest, undefined, { ip });
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await newGuest(t, { ip, headers: { 'x-chat-guest': guests[0]!.guestToken } })).guestId).toBe(guests[0]!.guestId);
    expect((await call(t.app, endpoints.chatGuest, undefined, { ip: '203.0.113.8' })).statusCode).toBe(200);
    expect(await t.db.select().from(chatGuests)).toHaveLength(CHAT_GUESTS_PER_ADDRESS.max + 1);

    t.clock.advance(CHAT_GUESTS_PER_ADDRESS.windowMs);
    expect((await call(t.app, endpoints.chatGuest, undefined, { ip })).statusCode).toBe(200);
  });
});
