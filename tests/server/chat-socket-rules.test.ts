/**
 * The chat socket's rules on their own (chat-socket.test.ts proves them
 * over a real socket): which Origin is this server's, who may join which
 * room, and each socket's budget of events.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { eventBudget } from '../../src/server/chat/socket-budget.ts';
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
