/**
 * The console's dashboard (every operator role): today's deposits and
 * payouts per currency from the ledger, the work waiting, new members; and
 * the ledger check an operator runs on demand (finance, admins), kept in
 * the audit as `ledger.check` so the dashboard shows the last result.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { runLedgerCheck } from '../../src/server/dashboard/ledger-check.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, memberWithMoney, OPERATOR, operatorIdOf, walletOf, withdrawalIdOf, type MoneyApp } from './helpers/money.ts';
import { operatorToken } from './helpers/operators.ts';

checkLedgerAfterEach();

async function dashboard(m: MoneyApp, token = m.operatorToken) {
  const response = await call(m.app, endpoints.opsDashboard, undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function ledgerCheck(m: MoneyApp, token: string) {
  const response = await call(m.app, endpoints.opsLedgerCheck, undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ledgerCheck;
}

describe('the dashboard', () => {
  it("counts today's deposits and payouts per currency, new members and the work waiting; yesterday's are not today's", async () => {
    const m = await buildMoneyApp();
    const support = await operatorToken(m, 'support', '0810000501');
    const empty = await dashboard(m, support);
    expect(empty).toEqual({
      day: '2026-03-02',
      deposits: [],
      payouts: [],
      pendingSlips: 0,
      pendingApprovals: 0,
      // The seed's demo member joined today too.
      newMembers: expect.any(Number),
      openChats: 0,
      activeBonuses: 0,
      ledgerCheck: null,
    });

    const first = await memberWithMoney(m, { wallet: 300 });
    const other = await memberWithMoney(m, { wallet: 250.5 });
    const withdrawn = await call(m.app, endpoints.withdraw, { amount: 120 }, { token: first.token });
    const paid = await call(m.app, endpoints.opsWithdrawalPaid, undefined, { token: m.operatorToken, params: { id: await withdrawalIdOf(m.db, withdrawn.json().transferId) } });
    expect(paid.statusCode, paid.body).toBe(200);
    // A payout asked for but rejected is no payout.
    const second = await call(m.app, endpoints.withdraw, { amount: 130 }, { token: other.token });
    expect(second.statusCode, second.body).toBe(200);
    await call(m.app, endpoints.opsWithdrawalRejected, undefined, { token: m.operatorToken, params: { id: await withdrawalIdOf(m.db, second.json().transferId) } });
    // A deposit above the approval threshold waits for a second operator.
    const asked = await call(m.app, endpoints.opsDeposit, { username: first.phone, amount: 100_000, reference: 'DASH-BIG-1' }, { token: m.operatorToken });
    expect(asked.statusCode, asked.body).toBe(202);

    expect(await dashboard(m, support)).toMatchObject({
      deposits: [{ currency: 'BAHT', count: 2, amount: 550.5 }],
      payouts: [{ currency: 'BAHT', count: 1, amount: 120 }],
      pendingApprovals: 1,
      newMembers: empty.newMembers + 2,
    });
    expect((await walletOf(m, first.token)).wallet).toBe(180);

    m.clock.advance(24 * 60 * 60 * 1000);
    // The day's sessions have expired: another operator of the morning shift.
    expect(await dashboard(m, await operatorToken(m, 'marketing', '0810000505'))).toMatchObject({ day: '2026-03-03', deposits: [], payouts: [], newMembers: 0, pendingApprovals: 1 });
  });
});

describe('the ledger check on demand', () => {
  it('runs the ledger check, answers balanced, keeps it in the audit once and shows it on the dashboard', async () => {
    const m = await buildMoneyApp();
    const finance = await operatorToken(m, 'finance', '0810000502');
    await memberWithMoney(m, { wallet: 100 });

    const result = await ledgerCheck(m, finance);

    expect(result).toEqual({ balanced: true, problems: [], checkedAt: m.clock().toISOString(), checkedBy: '0810000502' });
    expect((await dashboard(m)).ledgerCheck).toEqual(result);
    const audit = await call(m.app, endpoints.opsAudit, undefined, { token: m.operatorToken, query: { action: 'ledger.check' } });
    expect(audit.json().entries).toEqual([
      expect.objectContaining({ operator: '0810000502', subject: 'ledger', member: null, after: { balanced: true, problems: [], found: 0 } }),
    ]);
  });

  it('asked many times at once, reads the ledger once: every caller gets that check, audited once', async () => {
    const m = await buildMoneyApp();
    await operatorToken(m, 'finance', '0810000503');
    const finance = await operatorIdOf(m.db, '0810000503');
    await memberWithMoney(m, { wallet: 100 });

    // Five presses reaching the route's call in the same instant. (Over HTTP each press first reads its
    // session, so whether the first check is still running when the fifth arrives depends on timing.)
    const results = await Promise.all(Array.from({ length: 5 }, () => runLedgerCheck(m.db, finance, m.clock())));

    expect(new Set(results).size).toBe(1);
    expect(results[0]).toMatchObject({ balanced: true, checkedBy: '0810000503' });
    const audit = await call(m.app, endpoints.opsAudit, undefined, { token: m.operatorToken, query: { action: 'ledger.check' } });
    expect(audit.json().entries).toHaveLength(1);
    // Once it has finished, the next press runs a new check.
    await runLedgerCheck(m.db, finance, m.clock());
    const after = await call(m.app, endpoints.opsAudit, undefined, { token: m.operatorToken, query: { action: 'ledger.check' } });
    expect(after.json().entries).toHaveLength(2);
  });

  it('says what is wrong when the ledger does not balance; the last run is the one shown', async () => {
    const m = await buildMoneyApp();
    await memberWithMoney(m, { wallet: 100 });
    await ledgerCheck(m, m.operatorToken);
    m.clock.advance(60_000);
    await m.db.execute(sql`update ledger_accounts set credits_posted = credits_posted + 1 where code like 'wallet:%'`);

    const result = await ledgerCheck(m, m.operatorToken);

    expect(result.balanced).toBe(false);
    expect(result.problems.join('\n')).toMatch(/posted debits \d+ ≠ posted credits \d+/);
    expect(result.checkedBy).toBe(OPERATOR.phone);
    expect((await dashboard(m)).ledgerCheck).toEqual(result);
    // Put it right so the after-test check passes: this test broke it on purpose.
    await m.db.execute(sql`update ledger_accounts set credits_posted = credits_posted - 1 where code like 'wallet:%'`);
  });

  it('is refused to support and marketing, who only read the dashboard', async () => {
    const m = await buildMoneyApp();
    for (const role of ['support', 'marketing'] as const) {
      const token = await operatorToken(m, role, role === 'support' ? '0810000503' : '0810000504');
      expect((await call(m.app, endpoints.opsLedgerCheck, undefined, { token })).statusCode).toBe(403);
      expect((await dashboard(m, token)).ledgerCheck).toBeNull();
    }
  });
});
