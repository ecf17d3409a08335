/**
 * GET /api/idempotency/:key (docs/decisions/0145-a-flaky-network.md): after a
 * money action got no answer, the member's app asks what its key holds
 * before offering to send again. Read only, the caller's own keys only.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, walletOf } from './helpers/money.ts';

checkLedgerAfterEach();

const outcomeOf = (m: { app: Parameters<typeof call>[0] }, token: string, key: string) =>
  call(m.app, endpoints.idempotencyOutcome, undefined, { token, params: { key } });

describe('GET /api/idempotency/:key', () => {
  it('answers seen: false for a key never sent, and moves nothing', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000 });
    const before = await ledgerSnapshot(m.db);
    const response = await outcomeOf(m, member.token, 'never-sent-0001');
    expect([response.statusCode, response.json()]).toEqual([200, { seen: false }]);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await ledgerSnapshot(m.db)).toEqual(before);
  });

  it('answers the stored movement of a key, and asking again moves nothing more', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000 });
    const key = 'withdraw-asked-01';
    const moved = await call(m.app, endpoints.withdraw, { amount: 250 }, { token: member.token, idempotencyKey: key });
    expect(moved.statusCode).toBe(200);
    for (let asked = 0; asked < 2; asked++) {
      const response = await outcomeOf(m, member.token, key);
      expect([response.statusCode, response.json()]).toEqual([200, { seen: true, statusCode: 200, answer: moved.json() }]);
    }
    expect((await walletOf(m, member.token)).wallet).toBe(750);
  });

  it('answers a stored refusal with its status and code', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100 });
    const key = 'withdraw-refused-01';
    const refused = await call(m.app, endpoints.withdraw, { amount: 500 }, { token: member.token, idempotencyKey: key });
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect((await outcomeOf(m, member.token, key)).json()).toEqual({ seen: true, statusCode: 400, answer: { message: 'MONEY_NOT_ENOUGH' } });
  });

  it('answers another member\'s key like a key never sent', async () => {
    const m = await buildMoneyApp();
    const owner = await memberWithMoney(m, { wallet: 1_000 });
    const other = await memberWithMoney(m, { wallet: 1_000 });
    const key = 'withdraw-owned-01';
    expect((await call(m.app, endpoints.withdraw, { amount: 100 }, { token: owner.token, idempotencyKey: key })).statusCode).toBe(200);
    const response = await outcomeOf(m, other.token, key);
    expect([response.statusCode, response.json()]).toEqual([200, { seen: false }]);
  });

  it('refuses a malformed key with KEY_INVALID and a caller without a session with invalid-token', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    const malformed = await outcomeOf(m, member.token, 'short');
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const anonymous = await call(m.app, endpoints.idempotencyOutcome, undefined, { params: { key: 'withdraw-owned-01' } });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'invalid-token' }]);
  });
});
