/**
 * Who the operator is on /ops (GET /api/ops/me), against a fake fetch:
 * asked once per token, not known when no answer comes, and a dead token
 * ends the operator's session; only an admin is shown canned reply editing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorMe } from '../../src/contract/ops.ts';
import { mayEditCanned, operatorOf, opsSession } from '../../src/features/ops/ops-session.ts';

const ADMIN: OperatorMe = { id: '7', name: 'Demo agent', role: 'admin' };

let asked: { url: string; authorization: string | null }[];
let answer: { status: number; body: unknown } | 'offline';

beforeEach(() => {
  asked = [];
  answer = { status: 200, body: ADMIN };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(new URL(String(input), 'http://app.test'), init);
    asked.push({ url: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
    if (answer === 'offline') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  opsSession.end(null);
  vi.unstubAllGlobals();
});

describe('operatorOf', () => {
  it('asks the server once per token, with that token', async () => {
    opsSession.signIn('token-a');
    const first = operatorOf('token-a');

    expect(operatorOf('token-a')).toBe(first);
    expect(await first).toEqual(ADMIN);
    opsSession.signIn('token-b');
    answer = { status: 200, body: { id: '8', name: 'Agent', role: 'support' } };
    expect(await operatorOf('token-b')).toEqual({ id: '8', name: 'Agent', role: 'support' });
    expect(asked).toEqual([
      { url: '/api/ops/me', authorization: 'Bearer token-a' },
      { url: '/api/ops/me', authorization: 'Bearer token-b' },
    ]);
  });

  it('does not know the operator when no answer comes, and keeps the session', async () => {
    opsSession.signIn('token-offline');
    answer = 'offline';

    expect(await operatorOf('token-offline')).toBeNull();
    expect(opsSession.token()).toBe('token-offline');
  });

  it('ends the session when the token is dead', async () => {
    opsSession.signIn('token-dead');
    answer = { status: 401, body: { message: 'invalid-token' } };

    expect(await operatorOf('token-dead')).toBeNull();
    expect([opsSession.token(), opsSession.endedBecause()]).toEqual([null, 'invalid-token']);
  });
});

describe('mayEditCanned', () => {
  it('shows canned reply editing to an admin only, and leaves it unknown without an operator', () => {
    expect((['admin', 'support', 'finance', 'marketing'] as const).map((role) => mayEditCanned({ ...ADMIN, role }))).toEqual([true, false, false, false]);
    expect(mayEditCanned(null)).toBeNull();
  });
});
