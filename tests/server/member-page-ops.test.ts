/**
 * A member's page in the console (support and finance read it), ending a
 * member's sessions (support), changing their phone (admins) and the
 * service's switch (admins): docs/decisions/0128-members-and-service-in-the-console.md.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { call } from './helpers/http.ts';
import { login } from './helpers/members.ts';
import { buildMoneyApp, checkLedgerAfterEach, memberWithMoney, OPERATOR, type MoneyApp } from './helpers/money.ts';
import { operatorToken } from './helpers/operators.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';

checkLedgerAfterEach();

async function ok<T = Record<string, unknown>>(response: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

async function refused(response: Promise<{ statusCode: number; json: () => unknown }>) {
  const answer = await response;
  return [answer.statusCode, answer.json()];
}

async function auditOf(m: MoneyApp, query: Record<string, string>) {
  return ok<{ entries: { operator: string; action: string; subject: string; member: string | null; before: unknown; after: unknown }[] }>(
    call(m.app, endpoints.opsAudit, undefined, { token: m.operatorToken, query }),
  );
}

describe('GET /api/ops/members/:username', () => {
  it('shows the member as they see themselves: profile, wallet, games, bonus, coupons, invites and live sessions, never a token', async () => {
    const m = await buildMoneyApp();
    const support = await operatorToken(m, 'support', '0810000701');
    const member = await memberWithMoney(m, { wallet: 300 });
    m.clock.advance(5 * 60_000);
    const second = await login(m, member.phone, member.password);

    const page = await ok<Record<string, any>>(call(m.app, endpoints.opsMember, undefined, { token: support, params: { username: member.phone } }));

    expect(page.member).toEqual(
      expect.objectContaining({ username: member.phone, name: member.body.name, status: 'active', coin: 0, bankAccount: expect.objectContaining({ bankAccountNo: member.body.bankAccountNo }) }),
    );
    expect(page.wallet).toEqual({ amount: 300, currency: 'BAHT' });
    expect(page.games.length).toBeGreaterThan(0);
    expect(page.bonus).toEqual({ status: false, type: null });
    expect([page.coupons, page.invite]).toEqual([[], { amount: 0, success: 0, fail: 0 }]);
    expect(page.sessions).toHaveLength(2);
    expect(page.sessions[1]).toEqual({ id: expect.any(String), createdAt: m.clock().toISOString(), lastUsedAt: m.clock().toISOString(), expiresAt: expect.any(String) });
    expect(JSON.stringify(page)).not.toContain(second);
  });

  it('notes when a session was last used, at most once a minute', async () => {
    const m = await buildMoneyApp();
    const finance = await operatorToken(m, 'finance', '0810000702');
    const member = await memberWithMoney(m, { wallet: 10 });
    const lastUsed = async () => (await ok<{ sessions: { lastUsedAt: string }[] }>(call(m.app, endpoints.opsMember, undefined, { token: finance, params: { username: member.phone } }))).sessions[0]!.lastUsedAt;
    const loggedIn = await lastUsed();

    m.clock.advance(30_000);
    await ok(call(m.app, endpoints.wallet, undefined, { token: member.token }));
    const soon = await lastUsed();
    m.clock.advance(40_000);
    await ok(call(m.app, endpoints.wallet, undefined, { token: member.token }));

    expect(soon).toBe(loggedIn);
    expect(await lastUsed()).toBe(m.clock().toISOString());
  });

  it('pages the statement, the slips and the invitees; an unknown member is NO_USER', async () => {
    const m = await buildMoneyApp();
    const support = await operatorToken(m, 'support', '0810000703');
    const member = await memberWithMoney(m, { wallet: 100 });
    const params = { username: member.phone };

    const statement = await ok<{ statements: unknown[]; total: number }>(call(m.app, endpoints.opsMemberStatement, undefined, { token: support, params }));
    const slips = await ok(call(m.app, endpoints.opsMemberSlips, undefined, { token: support, params, query: { page: '1' } }));
    const invites = await ok(call(m.app, endpoints.opsMemberInvites, undefined, { token: support, params }));
    const beyond = await ok<{ statements: unknown[] }>(call(m.app, endpoints.opsMemberStatement, undefined, { token: support, params, query: { page: '2' } }));

    expect([statement.total, statement.statements.length]).toEqual([1, 1]);
    expect([slips, invites, beyond.statements]).toEqual([{ slips: [], total: 0 }, { invites: [], total: 0 }, []]);
    expect(await refused(call(m.app, endpoints.opsMember, undefined, { token: support, params: { username: '0899999990' } }))).toEqual([404, { message: 'NO_USER' }]);
    expect(await refused(call(m.app, endpoints.opsMemberSlips, undefined, { token: support, params, query: { page: '0' } }))).toEqual([400, { message: 'KEY_INVALID' }]);
  });
});

describe('POST /api/ops/members/:username/sessions/ended', () => {
  it('ends every session of the member at once, and is audited', async () => {
    const m = await buildMoneyApp();
    const support = await operatorToken(m, 'support', '0810000711');
    const member = await memberWithMoney(m, { wallet: 10 });
    const phone = await login(m, member.phone, member.password);

    const ended = await ok(call(m.app, endpoints.opsMemberSessionsEnded, undefined, { token: support, params: { username: member.phone } }));

    expect(ended).toEqual({ message: 'SUCCESS', ended: 2 });
    for (const token of [member.token, phone]) expect(await refused(call(m.app, endpoints.wallet, undefined, { token }))).toEqual([401, { message: 'invalid-token' }]);
    // The member may log in again: their standing is unchanged.
    await login(m, member.phone, member.password);
    const { entries } = await auditOf(m, { action: 'member.sessions.ended' });
    expect(entries).toEqual([expect.objectContaining({ operator: '0810000711', subject: member.phone, member: member.phone, before: { sessions: 2 }, after: { sessions: 0 } })]);
  });
});

describe('POST /api/ops/members/:username/phone', () => {
  it('moves the member to a new phone: the old one and the old sessions stop working, the audit keeps both phones and the reason', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    const params = { username: member.phone };

    const changed = await ok(call(m.app, endpoints.opsMemberPhone, { phone: '0877777001', reason: ' Lost their SIM; ID checked ' }, { token: m.operatorToken, params }));

    expect(changed).toEqual({ message: 'SUCCESS', member: { username: '0877777001', name: member.body.name, status: 'active' } });
    expect(await refused(call(m.app, endpoints.wallet, undefined, { token: member.token }))).toEqual([401, { message: 'invalid-token' }]);
    expect((await call(m.app, endpoints.login, { username: member.phone, password: member.password })).statusCode).toBe(400);
    const token = await login(m, '0877777001', member.password);
    expect((await ok<{ wallet: { amount: number } }>(call(m.app, endpoints.wallet, undefined, { token }))).wallet.amount).toBe(10);
    const { entries } = await auditOf(m, { action: 'member.phone' });
    expect(entries).toEqual([
      expect.objectContaining({ operator: OPERATOR.phone, subject: '0877777001', member: '0877777001', before: { phone: member.phone }, after: { phone: '0877777001', reason: 'Lost their SIM; ID checked' } }),
    ]);
  });

  it("refuses another member's phone, an operator's, a phone of the wrong shape and no reason; support may not change it", async () => {
    const m = await buildMoneyApp();
    const support = await operatorToken(m, 'support', '0810000721');
    const member = await memberWithMoney(m, { wallet: 10 });
    const other = await memberWithMoney(m, { wallet: 10 });
    const change = (phone: string, reason = 'Asked by phone call', token = m.operatorToken) =>
      refused(call(m.app, endpoints.opsMemberPhone, { phone, reason }, { token, params: { username: member.phone } }));

    expect(await change(other.phone)).toEqual([409, { message: 'MEMBER_PHONE_TAKEN' }]);
    expect(await change(member.phone)).toEqual([409, { message: 'MEMBER_PHONE_TAKEN' }]);
    expect(await change('0810000721')).toEqual([409, { message: 'MEMBER_PHONE_IS_OPERATOR' }]);
    expect(await change('12345')).toEqual([400, { message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' }]);
    expect(await change('0877777002', '  ')).toEqual([400, { message: 'KEY_INVALID' }]);
    expect(await change('0877777002', 'Asked', support)).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect((await auditOf(m, { action: 'member.phone' })).entries).toEqual([]);
    await ok(call(m.app, endpoints.wallet, undefined, { token: member.token }));
  });
});

describe('the service switch (GET and PUT /api/ops/service)', () => {
  it('terminated, members are told it is gone while the console works; resumed, members are served again; each change audited once', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    const switchTo = (status: string) => ok(call(m.app, endpoints.opsServiceChange, { status }, { token: m.operatorToken }));

    expect(await ok(call(m.app, endpoints.opsService, undefined, { token: m.operatorToken }))).toEqual({ status: 'active' });
    expect(await switchTo('terminated')).toEqual({ status: 'terminated' });
    await switchTo('terminated');

    expect(await ok(call(m.app, endpoints.lookupActive))).toEqual({ isActive: false, status: 'gone' });
    expect(await refused(call(m.app, endpoints.wallet, undefined, { token: member.token }))).toEqual([410, { message: 'gone' }]);
    expect(await refused(call(m.app, endpoints.lookupBanks))).toEqual([410, { message: 'gone' }]);
    expect(await refused(call(m.app, endpoints.login, { username: member.phone, password: member.password }))).toEqual([410, { message: 'gone' }]);
    // Only the right password learns it: a wrong one, a stranger's phone or an operator's answer alike, so the login tells no one whose phones are operators'.
    expect(await refused(call(m.app, endpoints.login, { username: member.phone, password: 'not-the-password' }))).toEqual([400, { message: 'WRONG_CREDENTIAL' }]);
    expect(await refused(call(m.app, endpoints.login, { username: '0899990001', password: 'not-the-password' }))).toEqual([400, { message: 'WRONG_CREDENTIAL' }]);
    // Operators still log in and use the console.
    const admin = await login(m, OPERATOR.phone, OPERATOR.password);
    expect(await ok(call(m.app, endpoints.opsService, undefined, { token: admin }))).toEqual({ status: 'terminated' });
    await ok(call(m.app, endpoints.opsMember, undefined, { token: admin, params: { username: member.phone } }));

    await switchTo('active');
    expect(await ok(call(m.app, endpoints.lookupActive))).toEqual({ isActive: true, status: 'active' });
    await ok(call(m.app, endpoints.wallet, undefined, { token: member.token }));
    const { entries } = await auditOf(m, { action: 'service.status' });
    expect(entries.map((entry) => [entry.operator, entry.subject, entry.before, entry.after])).toEqual([
      [OPERATOR.phone, 'service', { status: 'terminated' }, { status: 'active' }],
      [OPERATOR.phone, 'service', { status: 'active' }, { status: 'terminated' }],
    ]);
    expect(await refused(call(m.app, endpoints.opsServiceChange, { status: 'gone' }, { token: admin }))).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('reads a change another server process made within a few seconds', async () => {
    const m = await buildMoneyApp();
    expect(await ok(call(m.app, endpoints.lookupActive))).toEqual({ isActive: true, status: 'active' });

    await putSetting(m.db, 'serviceTerminated', true);
    const cached = await ok(call(m.app, endpoints.lookupActive));
    m.clock.advance(2_000);

    expect(cached).toEqual({ isActive: true, status: 'active' });
    expect(await ok(call(m.app, endpoints.lookupActive))).toEqual({ isActive: false, status: 'gone' });
  });
});
