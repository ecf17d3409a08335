/**
 * Adjustments (docs/decisions/0122-adjustments.md): POST /api/ops/adjustments
 * `{ username, amount, reason }` with an Idempotency-Key moves money between
 * the member's wallet and the system account `adjustments` as one ledger
 * transfer — never an edit of a balance. A debit never takes the wallet
 * below zero; the same key moves once; above the approval threshold a second
 * operator approves it (docs/decisions/0121-dual-control.md).
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, walletOf, type MoneyApp } from './helpers/money.ts';
import { operatorToken } from './helpers/operators.ts';

checkLedgerAfterEach();

let keys = 0;
const freshKey = () => `adjustment-test-${++keys}`;

function adjust(m: MoneyApp, body: unknown, { token = m.operatorToken, key = freshKey() as string | null } = {}) {
  return call(m.app, endpoints.opsAdjustment, body, { token, ...(key !== null && { idempotencyKey: key }) });
}

async function statementOf(m: MoneyApp, token: string) {
  const response = await call(m.app, endpoints.statement, { page: 1, limit: 10 }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().statements as { statementType: string; from: string; to: string; amount: number; status: string }[];
}

describe('an adjustment within the threshold', () => {
  it('credits the member from the adjustments account, and shows in their statement', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100 });

    const response = await adjust(m, { username: member.phone, amount: 250.5, reason: 'Missed deposit, bank ticket 4471' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS', username: member.phone, amount: 250.5, reason: 'Missed deposit, bank ticket 4471', transferId: expect.any(String) });
    expect((await walletOf(m, member.token)).wallet).toBe(350.5);
    expect((await statementOf(m, member.token))[0]).toMatchObject({ statementType: 'correction', from: 'ADJUSTMENT', to: 'WALLET', amount: 250.5, status: 'SUCCESS' });
  });

  it('takes money back to the adjustments account, never below zero: a larger debit is MONEY_NOT_ENOUGH and moves nothing', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100 });

    const debit = await adjust(m, { username: member.phone, amount: -40, reason: 'Bonus credited twice' });
    expect(debit.statusCode, debit.body).toBe(200);
    expect((await statementOf(m, member.token))[0]).toMatchObject({ statementType: 'correction', from: 'WALLET', to: 'ADJUSTMENT', amount: 40 });
    const before = await ledgerSnapshot(m.db);

    const tooMuch = await adjust(m, { username: member.phone, amount: -60.01, reason: 'Bonus credited twice' });

    expect([tooMuch.statusCode, tooMuch.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect((await walletOf(m, member.token)).wallet).toBe(60);
  });

  it('moves once per Idempotency-Key: the same key answers the first transfer; with another amount it is 409', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    const key = freshKey();
    const body = { username: member.phone, amount: 15, reason: 'Goodwill' };

    const first = await adjust(m, body, { key });
    const again = await adjust(m, body, { key });
    const other = await adjust(m, { ...body, amount: 16 }, { key });

    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().transferId).toBe(first.json().transferId);
    expect([other.statusCode, other.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    expect((await walletOf(m, member.token)).wallet).toBe(25);
  });

  it('keeps each operator’s keys their own: another operator’s same key is their own adjustment, never the first one’s answer', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    const finance = await operatorToken(m, 'finance', '0810000111');
    const key = freshKey();

    const first = await adjust(m, { username: member.phone, amount: 5, reason: 'Goodwill' }, { key });
    const replayed = await adjust(m, { username: member.phone, amount: 5, reason: 'Another reason' }, { key });
    const other = await adjust(m, { username: member.phone, amount: 5, reason: 'Missed deposit' }, { token: finance, key });

    expect(replayed.json()).toEqual({ ...first.json(), reason: 'Goodwill' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().transferId).not.toBe(first.json().transferId);
    expect(other.json().reason).toBe('Missed deposit');
    expect((await walletOf(m, member.token)).wallet).toBe(20);
  });

  it('refuses without a key, a zero or malformed amount, an empty or long reason, and an unknown member, moving nothing', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    const before = await ledgerSnapshot(m.db);
    const good = { username: member.phone, amount: 5, reason: 'Goodwill' };

    const answers = await Promise.all([
      adjust(m, good, { key: null }),
      adjust(m, { ...good, amount: 0 }),
      adjust(m, { ...good, amount: 1.005 }),
      adjust(m, { ...good, amount: '5' }),
      adjust(m, { ...good, reason: '   ' }),
      adjust(m, { ...good, reason: 'x'.repeat(201) }),
      adjust(m, { ...good, username: '0899999999' }),
    ]);

    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual([
      [400, 'KEY_MISSING'],
      [400, 'KEY_INVALID'],
      [400, 'KEY_INVALID'],
      [400, 'KEY_INVALID'],
      [400, 'KEY_INVALID'],
      [400, 'KEY_INVALID'],
      [404, 'NO_USER'],
    ]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
  });
});

describe('adjustments at once', () => {
  it('never take a wallet below zero, and one key raced ten times moves once', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100 });

    // Ten debits of 15 against 100: at most six can pass.
    const debits = await Promise.all(Array.from({ length: 10 }, () => adjust(m, { username: member.phone, amount: -15, reason: 'Reversal' })));
    const passed = debits.filter((answer) => answer.statusCode === 200).length;
    expect(passed).toBe(6);
    expect(debits.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().message)).toEqual(Array(4).fill('MONEY_NOT_ENOUGH'));
    expect((await walletOf(m, member.token)).wallet).toBe(10);

    const key = freshKey();
    const raced = await Promise.all(Array.from({ length: 10 }, () => adjust(m, { username: member.phone, amount: 7, reason: 'Goodwill' }, { key })));
    expect(new Set(raced.map((answer) => [answer.statusCode, answer.json().transferId].join(' '))).size).toBe(1);
    expect((await walletOf(m, member.token)).wallet).toBe(17);
    expect(await checkLedger(m.db)).toEqual([]);
  });
});

describe('what one operator may credit alone', () => {
  it('is at most adjustmentCreditsAlone a day (50,000 baht): the next credit waits for a second operator; debits are not counted', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 100 });
    const finance = await operatorToken(m, 'finance', '0810000121');
    const credit = (amount: number) => adjust(m, { username: member.phone, amount, reason: 'Missed deposits' }, { token: finance });

    const answers = [await credit(20_000), await credit(20_000), await adjust(m, { username: member.phone, amount: -15_000, reason: 'Reversal' }, { token: finance }), await credit(10_000), await credit(0.01)];

    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual([
      [200, 'SUCCESS'],
      [200, 'SUCCESS'],
      [200, 'SUCCESS'],
      [200, 'SUCCESS'],
      [202, 'APPROVAL_REQUIRED'],
    ]);
    expect((await walletOf(m, member.token)).wallet).toBe(35_100);
    // A day later the operator may credit alone again.
    m.clock.advance(24 * 3600_000 + 1);
    const nextDay = await adjust(m, { username: member.phone, amount: 20_000, reason: 'Missed deposit' }, { token: await operatorToken(m, 'finance', '0810000122') });
    expect(nextDay.statusCode, nextDay.body).toBe(200);
  });
});

describe('an adjustment above the threshold', () => {
  it('refuses at once a debit the member cannot cover, instead of keeping it for approval', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 20_000 });

    const asked = await adjust(m, { username: member.phone, amount: -20_000.01, reason: 'Chargeback' });

    expect([asked.statusCode, asked.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect((await call(m.app, endpoints.opsApprovals, undefined, { token: m.operatorToken })).json().approvals).toEqual([]);
  });

  it('waits for a second finance operator, who sees its sign and reason; the asker cannot approve; approved, it moves once', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 30_000 });
    const first = await operatorToken(m, 'finance', '0810000101');
    const second = await operatorToken(m, 'finance', '0810000102');
    const before = await ledgerSnapshot(m.db);
    const key = freshKey();

    const asked = await adjust(m, { username: member.phone, amount: -25_000, reason: 'Chargeback from the bank' }, { token: first, key });

    expect([asked.statusCode, asked.json().message]).toEqual([202, 'APPROVAL_REQUIRED']);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    const queue = await call(m.app, endpoints.opsApprovals, undefined, { token: second });
    expect(queue.json().approvals).toEqual([
      expect.objectContaining({ id: asked.json().approvalId, action: 'adjustment', subject: expect.stringMatching(new RegExp(`^\\d+:${key}$`)), username: member.phone, amount: -25_000, reason: 'Chargeback from the bank' }),
    ]);

    const self = await call(m.app, endpoints.opsApprovalApproved, undefined, { token: first, params: { id: asked.json().approvalId } });
    expect([self.statusCode, self.json()]).toEqual([403, { message: 'SAME_OPERATOR' }]);

    const approved = await call(m.app, endpoints.opsApprovalApproved, undefined, { token: second, params: { id: asked.json().approvalId } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await walletOf(m, member.token)).wallet).toBe(5_000);

    // The same key again answers the transfer the approval made, and moves nothing more.
    const again = await adjust(m, { username: member.phone, amount: -25_000, reason: 'Chargeback from the bank' }, { token: first, key });
    expect(again.statusCode, again.body).toBe(200);
    expect((await walletOf(m, member.token)).wallet).toBe(5_000);
  });
});
