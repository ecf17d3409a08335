/**
 * The chat socket's rules on their own (chat-socket.test.ts proves them
 * over a real socket): which Origin is this server's, who may join which
 * room, each socket's budget of events, and how many sockets a holder may
 * have live.
 */
import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config.ts';
import { eventBudget } from '../../src/server/chat/socket-budget.ts';
import { clientAddress, socketCounter, type SocketCaps } from '../../src/server/chat/socket-caps.ts';
import type { SocketIdentity } from '../../src/server/chat/socket-identity.ts';
import { isOwnOrigin } from '../../src/server/chat/socket-origin.ts';
import { AGENTS_ROOM, isConversationRoom, mayJoin, sessionRoom } from '../../src/server/chat/socket-rooms.ts';
import { testClock } from './helpers/app.ts';

function handshake(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

describe('the Origin of a socket', () => {
  it.each([
    ['no Origin (a script)', {}, false, true],
    ['the Host it reached', { origin: 'http://wallet.example:3000', host: 'wallet.example:3000' }, false, true],
    ['https, default port written or not', { origin: 'https://wallet.example', host: 'WALLET.example:443' }, false, true],
    ['behind a TLS proxy (the scheme is not compared)', { origin: 'https://wallet.example', host: 'wallet.example' }, false, true],
    ['another site', { origin: 'https://evil.example', host: 'wallet.example' }, false, false],
    ['a sibling subdomain', { origin: 'https://chat.wallet.example', host: 'wallet.example' }, false, false],
    ['another port', { origin: 'http://wallet.example:3001', host: 'wallet.example:3000' }, false, false],
    ['"null" (a sandboxed page, a file)', { origin: 'null', host: 'wallet.example' }, false, false],
    ['not a web page', { origin: 'chrome-extension://abc', host: 'abc' }, false, false],
    ['the proxy’s forwarded host, with TRUST_PROXY', { origin: 'https://wallet.example', host: '10.0.0.5:3000', 'x-forwarded-host': 'wallet.example' }, true, true],
    ['the proxy’s forwarded host, without TRUST_PROXY', { origin: 'https://wallet.example', host: '10.0.0.5:3000', 'x-forwarded-host': 'wallet.example' }, false, false],
    ['the first of several forwarded hosts', { origin: 'https://evil.example', host: '10.0.0.5', 'x-forwarded-host': 'wallet.example, evil.example' }, true, false],
  ])('%s', (_, headers, trustProxy, own) => {
    expect(isOwnOrigin(handshake(headers), trustProxy)).toBe(own);
  });
});

describe('joining a room', () => {
  const member: SocketIdentity = { kind: 'member', userId: 42, sessionId: 7 };
  const guestId = `g${'a1'.repeat(16)}`;
  const guest: SocketIdentity = { kind: 'guest', guestId, guestToken: 'token' };
  const agent: SocketIdentity = { kind: 'agent', operatorId: 3, sessionId: 9 };

  it.each([
    [member, 'chat-42', true],
    [member, 'chat-43', false],
    [member, 'chat-042', false],
    [member, `chat-${guestId}`, false],
    [guest, `chat-${guestId}`, true],
    [guest, `chat-g${'b2'.repeat(16)}`, false],
    [guest, 'chat-42', false],
    [agent, 'chat-42', true],
    [agent, `chat-${guestId}`, true],
    [agent, 'other-42', false],
    [agent, 'chat-', false],
    [agent, 'chat-42-43', false],
    [agent, `chat-g${'A1'.repeat(16)}`, false],
    [agent, AGENTS_ROOM, false],
    [agent, sessionRoom('member', 7), false],
    [agent, 42, false],
    [agent, null, false],
  ])('%o into %o: %s', (who, room, allowed) => {
    expect(mayJoin('chat', who, room)).toBe(allowed);
  });

  it('names the server’s own rooms so that no conversation room can be one', () => {
    expect([AGENTS_ROOM, sessionRoom('member', 1), sessionRoom('operator', 1)].some((room) => isConversationRoom('chat', room))).toBe(false);
  });
});

describe('a socket’s budget of events', () => {
  it('lets a burst through, then the steady rate, and never more than the burst after a pause', () => {
    const clock = testClock();
    const spend = eventBudget(clock, { burst: 3, perSecond: 2 });

    const burst = [spend(), spend(), spend(), spend()];
    clock.advance(500);
    const afterHalfASecond = [spend(), spend()];
    clock.advance(60_000);
    const afterAPause = [spend(), spend(), spend(), spend()];
    clock.advance(-10_000);
    const clockBack = spend();

    expect(burst).toEqual([true, true, true, false]);
    expect(afterHalfASecond).toEqual([true, false]);
    expect(afterAPause).toEqual([true, true, true, false]);
    expect(clockBack).toBe(false);
  });
});

describe('a holder’s live sockets', () => {
  const guest = (n: number): SocketIdentity => ({ kind: 'guest', guestId: `g${String(n).padStart(32, '0')}`, guestToken: 'token' });
  const session = (sessionId: number): SocketIdentity => ({ kind: 'member', userId: 42, sessionId });
  const agentSession = (sessionId: number): SocketIdentity => ({ kind: 'agent', operatorId: 3, sessionId });
  const caps = (overrides: Partial<SocketCaps>): SocketCaps => ({ perCredential: 2, perOperator: 3, perAddress: null, ...overrides });
  const takes = (n: number, take: (i: number) => (() => void) | null) => Array.from({ length: n }, (_, i) => take(i));

  it('are at most the cap per guest id and per member session; a place given back is taken again', () => {
    const counter = socketCounter(caps({}));

    const first = takes(3, () => counter.take(guest(1), '203.0.113.7'));
    const otherGuest = counter.take(guest(2), '203.0.113.7');
    const sessions = [...takes(3, () => counter.take(session(7), '203.0.113.7')), counter.take(session(8), '203.0.113.7')];
    first[0]!();
    const again = takes(2, () => counter.take(guest(1), '203.0.113.7'));

    expect(first.map(Boolean)).toEqual([true, true, false]);
    expect(otherGuest).not.toBeNull();
    expect(sessions.map(Boolean)).toEqual([true, true, false, true]);
    expect(again.map(Boolean)).toEqual([true, false]);
  });

  it('give a place back once however often the socket’s end is reported', () => {
    const counter = socketCounter(caps({ perCredential: 1 }));

    const release = counter.take(guest(1), '203.0.113.7')!;
    release();
    release();
    const after = takes(2, () => counter.take(guest(1), '203.0.113.7'));

    expect(after.map(Boolean)).toEqual([true, false]);
  });

  it('are at most the cap per client address, an IPv6 /64 and an IPv4-mapped address counted as one client', () => {
    const counter = socketCounter(caps({ perAddress: 2 }));

    const v4 = [counter.take(guest(1), '203.0.113.7'), counter.take(session(7), '::ffff:203.0.113.7'), counter.take(guest(2), '203.0.113.7')];
    const otherV4 = counter.take(guest(3), '203.0.113.8');
    const v6 = [counter.take(guest(4), '2001:db8:1:2::1'), counter.take(guest(5), '2001:db8:1:2:ffff::9'), counter.take(guest(6), '2001:db8:1:2::3')];
    const otherV6 = counter.take(guest(7), '2001:db8:1:3::1');

    expect(v4.map(Boolean)).toEqual([true, true, false]);
    expect(otherV4).not.toBeNull();
    expect(v6.map(Boolean)).toEqual([true, true, false]);
    expect(otherV6).not.toBeNull();
  });

  it('take nothing when refused: a guest refused for its address keeps its own place free', () => {
    const counter = socketCounter(caps({ perCredential: 1, perAddress: 1 }));

    const holder = counter.take(guest(1), '203.0.113.7')!;
    const refused = counter.take(guest(2), '203.0.113.7');
    holder();
    const afterwards = counter.take(guest(2), '203.0.113.7');

    expect(refused).toBeNull();
    expect(afterwards).not.toBeNull();
  });

  it('are not counted per address when per-address limits are off', () => {
    const counter = socketCounter(caps({ perAddress: null }));

    expect(takes(10, (i) => counter.take(guest(i), '203.0.113.7')).every(Boolean)).toBe(true);
  });

  it('are at most the operator’s cap across their sessions, and not counted against their address', () => {
    const counter = socketCounter(caps({ perOperator: 3, perAddress: 1 }));

    const agent = [counter.take(agentSession(1), '203.0.113.7'), counter.take(agentSession(2), '203.0.113.7'), counter.take(agentSession(1), '203.0.113.7')];
    const fourth = counter.take(agentSession(3), '203.0.113.7');
    const customer = counter.take(guest(1), '203.0.113.7');
    const otherOperator = counter.take({ kind: 'agent', operatorId: 4, sessionId: 9 }, '203.0.113.7');

    expect(agent.map(Boolean)).toEqual([true, true, true]);
    expect(fourth).toBeNull();
    expect(customer).not.toBeNull();
    expect(otherOperator).not.toBeNull();
  });
});

describe('the client address of a socket', () => {
  it.each<[string, Config['trustProxy'], string, string | undefined, string]>([
    ['without TRUST_PROXY, the connection’s', false, '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['from a trusted proxy, the hop before it', ['10.0.0.0/8'], '10.0.0.5', '198.51.100.1', '198.51.100.1'],
    ['through trusted proxies, the first untrusted hop', ['10.0.0.0/8'], '10.0.0.5', '192.0.2.1, 198.51.100.1, 10.0.0.7', '198.51.100.1'],
    ['from a client that is no proxy, its own', ['10.0.0.0/8'], '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['from a trusted proxy without the header, the proxy’s', ['10.0.0.5'], '10.0.0.5', undefined, '10.0.0.5'],
  ])('%s', async (_, trustProxy, remoteAddress, forwardedFor, expected) => {
    const fastify = Fastify({ trustProxy: trustProxy as never });
    fastify.get('/', (request) => ({ fastify: request.ip, socket: clientAddress(request.raw, trustProxy) }));
    const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };

    const response = await fastify.inject({ method: 'GET', url: '/', remoteAddress, headers });
    await fastify.close();

    expect(response.json()).toEqual({ fastify: expected, socket: expected });
  });
});
